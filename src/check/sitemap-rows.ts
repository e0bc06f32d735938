// Sitemaps and feeds as input to `generate`: the entries of a sitemap (XML, gzipped or in a zip), a
// text sitemap, or an RSS / Atom feed as TSV bytes with the header `loc lastmod changefreq priority`,
// which the generator reads like any list and applies its fixes to.
//
// Rows sit on their entry's source line where they can (blank lines fill the gaps, and the generator
// skips those), so a finding's line is the line of the <url> in the file whenever each entry starts
// on a line of its own. Index entries are not pages and give no rows. What stops a file early
// (malformed XML, a DOCTYPE, broken gzip, not a sitemap) is passed to `onNote` as one line.

import type { InputSource, Platform } from '../types.ts';
import { FileTally } from './file-tally.ts';
import { LineMap } from './line-map.ts';
import { readDocument } from './read-document.ts';
import type { EntrySink } from './sink.ts';
import { TsvWriter, TSV_BLOCK } from './tsv-writer.ts';
import { documents } from './unpack.ts';

/** Findings that end or void a file: the rows before them are still given. */
const STOPS = new Set(['xml-malformed', 'xml-doctype', 'xml-root', 'gzip-broken']);

export async function* sitemapRows(source: InputSource, platform: Platform, onNote: (note: string) => void = () => {}): AsyncGenerator<Uint8Array> {
  const tsv = new TsvWriter(new LineMap());
  const names: string[] = [];
  const sink: EntrySink = {
    page: (file, line, fields) => tsv.row(file, line, fields),
    sitemap() {},
    report(file, line, code, message) {
      if (STOPS.has(code)) onNote(`${names[file]}${line > 0 ? `:${line}` : ''}: ${message}`);
    },
  };
  tsv.header();
  for await (const doc of documents(source, platform)) {
    const tally = new FileTally(names.length, doc.name, sink);
    names.push(doc.name);
    for await (const _ of readDocument(doc, tally, { cutInflated: false })) {
      if (tsv.size >= TSV_BLOCK) yield tsv.take()!;
    }
  }
  const rest = tsv.take();
  if (rest) yield rest;
}

/**
 * Whether the first bytes of an input (after any gzip is undone) call for sitemapRows: XML (a
 * sitemap, an index, a feed) or a zip. Text sitemaps are plain lists the generator reads already.
 */
export function isSitemapInput(head: Uint8Array): boolean {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return true;
  let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
  // A declaration, a comment or a known root: a list whose first cell happens to start with `<` stays a list.
  const start = new TextDecoder().decode(head.subarray(i, i + 64));
  return /^<(\?xml[\s?]|!--|(\w+:)?(urlset|sitemapindex|rss|feed|RDF)[\s>/])/.test(start);
}
