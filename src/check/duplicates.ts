// loc-duplicate with both places. The row rules name only the later entry (by its written URL); the
// first is found by reading the files again up to the last duplicate, so no URL is kept in memory
// for the many files that have none.
//
// A news, video or image sitemap lists pages of the web sitemap again, as Google documents it: the
// first place of a URL is looked for among the files of the same purpose (sitemap-purpose.ts), and an
// entry that is the first of its purpose is no duplicate.

import type { InputSource, Platform } from '../types.ts';
import type { Collected } from './collected.ts';
import { FileTally } from './file-tally.ts';
import type { Place } from './line-map.ts';
import { readDocument } from './read-document.ts';
import type { EntrySink } from './sink.ts';
import type { Purpose } from './sitemap-purpose.ts';
import type { CheckOptions } from './types.ts';
import { documents } from './unpack.ts';
import { writtenUrl } from './written-url.ts';

export interface Duplicate extends Place {
  /** The loc as read. */
  value: string;
}

export async function describeDuplicates(
  duplicates: Duplicate[],
  inputs: InputSource[],
  names: string[],
  /** What each file is for, by its index. */
  purposes: readonly Purpose[],
  baseUrl: string | undefined,
  options: CheckOptions,
  platform: Platform,
): Promise<Collected[]> {
  const urls = duplicates.map((d) => writtenUrl(d.value, baseUrl));
  // A URL's first place among the files of one purpose, keyed `purpose url`.
  const keys = urls.map((u, i) => (u === undefined ? undefined : `${purposes[duplicates[i].file]} ${u}`));
  const wanted = new Set<string>(urls.filter((u) => u !== undefined));
  const firsts = new Map<string, Place | null>();
  for (const k of keys) if (k !== undefined) firsts.set(k, null);
  let missing = firsts.size;
  const lastFile = duplicates.reduce((n, d) => Math.max(n, d.file), 0);
  const sink: EntrySink = {
    page(file, line, fields) {
      const raw = fields[0].text();
      const url = wanted.has(raw) ? raw : writtenUrl(raw, baseUrl);
      const key = url === undefined ? undefined : `${purposes[file]} ${url}`;
      if (key !== undefined && firsts.get(key) === null) {
        firsts.set(key, { file, line });
        missing--;
      }
    },
    sitemap() {},
    report() {},
  };
  let n = 0;
  search: for (const input of inputs) {
    for await (const doc of documents(input, platform)) {
      if (missing === 0 || n > lastFile) break search;
      const tally = new FileTally(n++, doc.name, sink);
      for await (const _ of readDocument(doc, tally, { cutInflated: true, signal: options.signal })) {
        if (missing === 0) break;
      }
    }
  }
  const out: Collected[] = [];
  const mixed = new Set(purposes).size > 1;
  for (const [i, d] of duplicates.entries()) {
    const k = keys[i];
    const first = k === undefined ? undefined : firsts.get(k);
    const itself = first && first.file === d.file && first.line === d.line;
    if (itself && mixed) continue; // the first of its purpose
    const where = first && !itself ? `${names[first.file]}:${first.line}` : 'an earlier entry';
    out.push({ file: d.file, line: d.line, code: 'loc-duplicate', message: `the same URL as ${where}: ${d.value}` });
  }
  return out;
}
