// A checked set written again in its shape (SPEC section 7): each published sitemap is a section of
// its own, named for its file, and is also the "previous" file of that section, so the stable
// updates of SPEC section 11 keep every URL in the file it was in, keep the file's name, and count
// what changed. Files of one purpose (pages, news, video, image) are read one after another, and
// the core forgets the URLs written before each purpose: a URL in the news sitemap and in the pages'
// is kept in both, a URL twice among the pages' files is a duplicate.

import { FileTally } from '../check/file-tally.ts';
import { readDocument } from '../check/read-document.ts';
import type { EntrySink } from '../check/sink.ts';
import { purposeOf, type Purpose } from '../check/sitemap-purpose.ts';
import { documents } from '../check/unpack.ts';
import { concat } from '../input/byte-streams.ts';
import { sectionName } from '../rules/sections.ts';
import type { Format, InputSource, Platform, PreviousFile } from '../types.ts';

const PURPOSES: readonly Purpose[] = ['web', 'image', 'video', 'news'];

export interface SetShape {
  /** The sitemaps to read, grouped by purpose (pages first), each group in the order given. */
  sources: InputSource[];
  /** Each source's section, by its place in `sources`. */
  sections: string[];
  /** The places in `sources` where a new purpose starts: the duplicates of what came before are forgotten there. */
  purposeStarts: Set<number>;
  /** The set as published, for the stable plan: every sitemap and index, by its base name. */
  published: PreviousFile[];
  /** Section → the name of its first file (the file it was); later files are numbered after it. */
  names: Map<string, string>;
  /** Whether the files are gzipped: as the set's files were. */
  gzip: boolean;
  /** The name of the set's index (its first, when it has several); null without one. */
  indexName: string | null;
  /** Files given that hold nothing to read as a sitemap (a DOCTYPE voids one): not part of the set. */
  left: string[];
}

interface Read {
  source: InputSource;
  name: string;
  data: Uint8Array;
  kind: string;
  urls: number;
  purpose: Purpose;
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

/** One given file: its bytes, its kind (urlset, sitemapindex, …) and purpose; null when it holds more than one document (a zip). */
async function readOne(source: InputSource, platform: Platform): Promise<Read | null> {
  const parts: Uint8Array[] = [];
  for await (const chunk of source.chunks()) parts.push(chunk);
  const data = concat(parts);
  const sink: EntrySink = { page() {}, sitemap() {}, report() {} };
  let tally: FileTally | null = null;
  let docs = 0;
  for await (const doc of documents({ name: source.name, chunks: () => once(data) }, platform)) {
    if (++docs > 1) return null;
    tally = new FileTally(0, doc.name, sink);
    for await (const _ of readDocument(doc, tally, { cutInflated: false }));
  }
  if (!tally) return null;
  return { source: { ...source, chunks: () => once(data), size: data.length, once: false }, name: baseName(source.name), data, kind: tally.kind, urls: tally.urls, purpose: purposeOf(tally) };
}

/** The file's name as the run writes it: in the run's format (a text sitemap comes out as XML), gzipped or not as the set. */
function runName(name: string, format: Format, gzip: boolean): string {
  const stem = name.replace(/(\.(xml|txt))?(\.gz)?$/i, '');
  return `${stem}.${format}${gzip ? '.gz' : ''}`;
}

/**
 * The shape of the set given, or null (with the reason, for a note) when it cannot be kept: a zip
 * of files, or no sitemap of pages in it.
 */
export async function setShape(given: InputSource[], format: Format, platform: Platform): Promise<SetShape | string> {
  const read: Read[] = [];
  for (const source of given) {
    const one = source.once ? null : await readOne(source, platform);
    if (!one) return `${source.name} is not one sitemap file: the set is written as one list of URLs; give its files one by one to keep their shape`;
    read.push(one);
  }
  const left = read.filter((r) => r.kind === 'unknown' && r.urls === 0).map((r) => r.source.name);
  const sitemaps = read.filter((r) => r.kind !== 'sitemapindex' && !left.includes(r.source.name));
  if (sitemaps.length === 0) return 'the set holds no sitemap of URLs';
  const gzip = sitemaps.every((r) => /\.gz$/i.test(r.name));
  const index = read.find((r) => r.kind === 'sitemapindex');
  const indexName = index && /\.xml$/i.test(index.name) && !sitemaps.some((r) => runName(r.name, format, gzip) === index.name) ? index.name : null;
  const shape: SetShape = { sources: [], sections: [], purposeStarts: new Set(), published: [], names: new Map(), gzip, indexName, left };
  const taken = new Set<string>();
  for (const purpose of PURPOSES) {
    const group = sitemaps.filter((r) => r.purpose === purpose);
    if (group.length) shape.purposeStarts.add(shape.sources.length);
    for (const r of group) {
      const name = runName(r.name, format, gzip);
      const stem = sectionName(name.replace(/\.(xml|txt)(\.gz)?$/i, '')) || 'sitemap';
      let section = stem;
      for (let k = 2; taken.has(section); k++) section = `${stem}-${k}`;
      taken.add(section);
      shape.sources.push(r.source);
      shape.sections.push(section);
      shape.names.set(section, name);
      shape.published.push({ name, data: r.data });
    }
  }
  for (const r of read) if (r.kind === 'sitemapindex') shape.published.push({ name: r.name, data: r.data });
  return shape;
}
