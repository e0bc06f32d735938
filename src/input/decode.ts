// Input bytes → UTF-8 bytes: gunzip when the gzip magic is there, UTF-16 decoded when its BOM is,
// a UTF-8 BOM dropped, and a clear refusal for files that are not text.

import type { Platform } from '../types.ts';
import { isSitemapInput } from '../check/sitemap-input.ts';
import type { RowsOrigin } from '../check/sitemap-rows.ts';
import { binaryKind, isJson, OLD_EXCEL, SAMPLE, startsWith } from './binary-kind.ts';
import { concat, isGzip, peek, prepend, utf16ToUtf8 } from './byte-streams.ts';
import { GzipTrailingData } from './gzip-trailing-data.ts';
import { gunzipMembers } from './gunzip-members.ts';
import { isOfficeZip } from './office-zip.ts';

import { InputError } from './input-error.ts';

export { InputError };

/**
 * UTF-8 bytes of an input, in chunks. A gzip stream that breaks off ends the input where it broke,
 * and `onNote` says so: the rows before the damage are kept. Sitemaps, feeds and zips of them come
 * out as rows (a TSV with a loc, lastmod, changefreq, priority header); `onSitemap` is told first.
 * `reread` gives the input's bytes afresh, or null when it cannot: a sitemap's extension columns are
 * learned in a first reading, so without it a sitemap's rows carry the core columns only.
 * A file whose first 64 KiB are not UTF-8 but are Windows-1252 (what spreadsheets save on Windows)
 * is read as Windows-1252, and `onWindows1252` is told.
 * An Excel workbook (.xlsx, told by its content) comes out as CSV rows of its first sheet, or of
 * `workbook.sheet`; `workbook.onWorkbook` is told first, `workbook.onSheet` which sheet is read.
 */
export async function* decodeInput(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  platform: Platform,
  onNote: (note: string) => void,
  onSitemap: (origin: RowsOrigin) => void = () => {},
  reread?: () => AsyncIterable<Uint8Array> | null,
  onWindows1252: () => void = () => {},
  workbook: { sheet?: string; onWorkbook?: () => void; onSheet?: (sheet: string, sheets: string[]) => void } = {},
): AsyncIterable<Uint8Array> {
  let { head, rest } = await peek(chunks, SAMPLE);
  if (isGzip(head)) {
    ({ head, rest } = await peek(gunzipTolerant(name, gunzipMembers(prepend(head, rest), platform), onNote), SAMPLE));
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && isOfficeZip(head)) {
    workbook.onWorkbook?.();
    // The readers of workbooks and sitemaps load only for such inputs: a list starts without them.
    const { workbookRows } = await import('./xlsx.ts');
    yield* workbookRows(name, prepend(head, rest), workbook.sheet, workbook.onSheet);
    return;
  }
  if (isSitemapInput(head)) {
    const { RowsOrigin, sitemapRows } = await import('../check/sitemap-rows.ts');
    const origin = new RowsOrigin();
    onSitemap(origin);
    const whole = { head, rest };
    const again = reread?.() ?? null;
    yield* sitemapRows({ name, chunks: () => prepend(whole.head, whole.rest) }, platform, onNote, again ? { name, chunks: () => again } : null, origin);
    return;
  }
  if (isJson(head)) throw new InputError(`${name} is JSON, not a CSV, TSV or text list of URLs: export its pages as CSV, or give their URLs one a line`);
  if (startsWith(head, [0xef, 0xbb, 0xbf])) {
    yield* prepend(head.subarray(3), rest);
    return;
  }
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) {
    yield* utf16ToUtf8(head[0] === 0xff ? 'utf-16le' : 'utf-16be', prepend(head.subarray(2), rest));
    return;
  }
  const kind = binaryKind(head);
  if (kind === OLD_EXCEL) throw new InputError(`${name} is ${kind}, which is not read: save it as .xlsx or CSV`);
  if (kind) throw new InputError(`${name} is ${kind}, not a CSV, TSV or text list of URLs`);
  ({ head, rest } = await peek(prepend(head, rest), ENCODING_SAMPLE));
  if (isWindows1252(head.subarray(0, ENCODING_SAMPLE))) {
    onWindows1252();
    yield* fromWindows1252(prepend(head, rest));
    return;
  }
  yield* prepend(head, rest);
}

/** How much of a file without a BOM tells its encoding. */
const ENCODING_SAMPLE = 64 * 1024;

/**
 * Not UTF-8 (a sequence cut by the sample's end is not held against it), no byte Windows-1252 leaves
 * undefined, and no UTF-8 sequence of two bytes or more at all: a UTF-8 export with one damaged row
 * stays UTF-8 (that row is row-encoding), where decoding it all as Windows-1252 would garble the rest.
 */
function isWindows1252(sample: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return false;
  } catch {
    return !sample.some((b) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d) && !hasUtf8Sequence(sample);
  }
}

/** A lead byte followed by as many continuation bytes as it announces: one UTF-8 sequence of two to four bytes. */
function hasUtf8Sequence(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const n = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (n === 0 || i + n >= bytes.length) continue;
    let k = 1;
    while (k <= n && (bytes[i + k] & 0xc0) === 0x80) k++;
    if (k > n) return true;
  }
  return false;
}

async function* fromWindows1252(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const decoder = new TextDecoder('windows-1252');
  const encoder = new TextEncoder();
  for await (const chunk of chunks) yield encoder.encode(decoder.decode(chunk, { stream: true }));
}

/** The longest unfinished line held back in case the gzip data breaks off inside it. */
const HELD_LIMIT = 1 << 20;
const LF = 0x0a;

/**
 * The inflated bytes, the last unfinished line held back until its end comes: when the data breaks
 * off inside it, and the input is a list (not a sitemap, whose reader ends its own), that row is
 * cut short (`…/g492` read as `…/g`) and is left out, named in the note.
 */
async function* gunzipTolerant(name: string, chunks: AsyncIterable<Uint8Array>, onNote: (note: string) => void): AsyncIterable<Uint8Array> {
  let held: Uint8Array[] = [];
  let heldSize = 0;
  let start: Uint8Array | null = null;
  try {
    for await (const chunk of chunks) {
      start ??= chunk.slice(0, 256);
      const end = chunk.lastIndexOf(LF);
      if (end < 0 && heldSize + chunk.length <= HELD_LIMIT) {
        held.push(chunk);
        heldSize += chunk.length;
        continue;
      }
      // A line too long to hold goes on as it is: past 1 MiB it is no URL a row may have.
      const upTo = end < 0 ? chunk.length : end + 1;
      for (const h of held) yield h;
      yield chunk.subarray(0, upTo);
      held = upTo < chunk.length ? [chunk.subarray(upTo)] : [];
      heldSize = chunk.length - upTo;
    }
  } catch (e) {
    if (e instanceof GzipTrailingData) {
      for (const h of held) yield h;
      onNote(`${name}: ${e.message} were ignored; every row before them was read`);
      return;
    }
    const why = `${name}: the gzip data breaks off (${(e as Error).message}); the rows before the break were read`;
    const rows = start !== null && !isSitemapInput(start);
    if (!rows || heldSize === 0) {
      for (const h of held) yield h;
      onNote(rows ? why : `${why}, and the last of them may be cut short`);
      return;
    }
    const cut = new TextDecoder().decode(concat(held, heldSize)).replace(/\r$/, '');
    onNote(`${why}; the row it cut (${cut.length > 80 ? `${cut.slice(0, 80)}…` : cut}) was left out`);
    return;
  }
  for (const h of held) yield h;
}

