// loc-duplicate with both places. The row rules name only the later entry (by its written URL); the
// first is found by reading the files again up to the last duplicate, so no URL is kept in memory
// for the many files that have none.

import type { InputSource, Platform } from '../types.ts';
import type { Collected } from './collected.ts';
import { FileTally } from './file-tally.ts';
import type { Place } from './line-map.ts';
import { readDocument } from './read-document.ts';
import type { EntrySink } from './sink.ts';
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
  baseUrl: string | undefined,
  options: CheckOptions,
  platform: Platform,
): Promise<Collected[]> {
  const keys = duplicates.map((d) => writtenUrl(d.value, baseUrl));
  const firsts = new Map<string, Place | null>();
  for (const k of keys) if (k !== undefined) firsts.set(k, null);
  let missing = firsts.size;
  const lastFile = duplicates.reduce((n, d) => Math.max(n, d.file), 0);
  const sink: EntrySink = {
    page(file, line, fields) {
      const raw = fields[0].text();
      let key = firsts.has(raw) ? raw : undefined;
      if (key === undefined) key = writtenUrl(raw, baseUrl);
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
  return duplicates.map((d, i) => {
    const k = keys[i];
    const first = k === undefined ? undefined : firsts.get(k);
    const where = first && !(first.file === d.file && first.line === d.line) ? `${names[first.file]}:${first.line}` : 'an earlier entry';
    return { file: d.file, line: d.line, code: 'loc-duplicate', message: `the same URL as ${where}: ${d.value}` };
  });
}
