// Input bytes → UTF-8 bytes: gunzip when the gzip magic is there, UTF-16 decoded when its BOM is,
// a UTF-8 BOM dropped, and a clear refusal for files that are not text.

import type { Platform } from '../types.ts';
import { isSitemapInput, RowsOrigin, sitemapRows } from '../check/sitemap-rows.ts';
import { binaryKind, SAMPLE, startsWith } from './binary-kind.ts';
import { isGzip, peek, prepend, utf16ToUtf8 } from './byte-streams.ts';
import { GzipPartlyRead, GzipTrailingData } from './gzip-trailing-data.ts';

import { InputError } from './input-error.ts';

export { InputError };

/**
 * UTF-8 bytes of an input, in chunks. A gzip stream that breaks off ends the input where it broke,
 * and `onNote` says so: the rows before the damage are kept. Sitemaps, feeds and zips of them come
 * out as rows (a TSV with a loc, lastmod, changefreq, priority header); `onSitemap` is told first.
 * `reread` gives the input's bytes afresh, or null when it cannot: a sitemap's extension columns are
 * learned in a first reading, so without it a sitemap's rows carry the core columns only.
 */
export async function* decodeInput(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  platform: Platform,
  onNote: (note: string) => void,
  onSitemap: (origin: RowsOrigin) => void = () => {},
  reread?: () => AsyncIterable<Uint8Array> | null,
): AsyncIterable<Uint8Array> {
  let { head, rest } = await peek(chunks, SAMPLE);
  if (isGzip(head)) {
    ({ head, rest } = await peek(gunzipTolerant(name, platform.gunzip(prepend(head, rest)), onNote), SAMPLE));
  }
  if (isSitemapInput(head)) {
    const origin = new RowsOrigin();
    onSitemap(origin);
    const whole = { head, rest };
    const again = reread?.() ?? null;
    yield* sitemapRows({ name, chunks: () => prepend(whole.head, whole.rest) }, platform, onNote, again ? { name, chunks: () => again } : null, origin);
    return;
  }
  if (startsWith(head, [0xef, 0xbb, 0xbf])) {
    yield* prepend(head.subarray(3), rest);
    return;
  }
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) {
    yield* utf16ToUtf8(head[0] === 0xff ? 'utf-16le' : 'utf-16be', prepend(head.subarray(2), rest));
    return;
  }
  const kind = binaryKind(head);
  if (kind) throw new InputError(`${name} is ${kind}, not a CSV, TSV or text list of URLs`);
  yield* prepend(head, rest);
}

async function* gunzipTolerant(name: string, chunks: AsyncIterable<Uint8Array>, onNote: (note: string) => void): AsyncIterable<Uint8Array> {
  try {
    yield* chunks;
  } catch (e) {
    if (e instanceof GzipTrailingData) onNote(`${name}: ${e.message} were ignored; every row before them was read`);
    else if (e instanceof GzipPartlyRead) onNote(`${name}: ${e.message}; the rows after it, and some before its end, were not read (the command line reads such a file whole)`);
    else onNote(`${name}: the gzip data breaks off (${(e as Error).message}); the rows before the break were read, and the last of them may be cut short`);
  }
}

