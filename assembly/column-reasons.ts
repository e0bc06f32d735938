// The reasons a crawler export's deciding columns give to leave a row out, read from the row's bytes
// as `judgeColumns` (src/rules/belonging-columns.ts) reads them, in its order: a status that is not
// 2xx (`301 redirect to …`, `404 Not Found`), a content type that is no page, a Non-Indexable
// verdict, a noindex or none directive in a robots cell, a canonical that names another URL. The
// finding's text is written here, byte for byte what the engine would write. A row these rules keep,
// whose cells need more than ASCII to be read as JavaScript reads them, or whose canonical is not
// already in its written form (relative, with a query, upper-case host…: the URL parser's work),
// goes to the engine as before.
//
// Those rows went to the engine one by one: on the bench's 1M-row crawler export, 300,000 rows and
// about 1.4 s of the main thread's 4.9 s (CPU profile), most of it reading cells as text.

import { namesAsset } from './asset-names';
import { Code } from '../src/core/code';
import { Bytes, bytesEqual, equalsLower, findByte, isDigit, isSpace } from './bytes';
import { hasNonAscii } from './utf8';
import {
  cellAt, cellEnd, cellEmpty, cellMayHoldStatus, trimmedCell, statusOff, contentTypeOff, nonIndexableOff, noindexOff, canonicalisedOff, statusColumn,
  statusTextColumn, contentTypeColumn, indexabilityColumn, indexabilityStatusColumn, redirectColumn, canonicalColumn, robotsColumns,
  robotsCount, readable, holdsNo, TEXT_HTML, cellSaysIndexable,
} from './page-columns';
import { urlIsCanonical } from './loc';

/** The reason `columnsExclude` found: its code, its 0-based column, and the finding's text `<url> (<detail>)`. */
export let exclusionCode: Code = Code.RowStatus;
export let exclusionColumn: i32 = -1;
export const exclusionText = new Bytes(512);

const PAGE_TYPES: StaticArray<ArrayBuffer> = [TEXT_HTML, String.UTF8.encode('application/xhtml+xml'), String.UTF8.encode('application/pdf')];
const NO_RESPONSE = String.UTF8.encode('no response');
const REDIRECT = String.UTF8.encode(' redirect');
const TO = String.UTF8.encode(' to ');
const NOT_FOUND = String.UTF8.encode(' not found');
const SERVER_ERROR = String.UTF8.encode(' server error');
const CLIENT_ERROR = String.UTF8.encode(' client error');
const NOT_A_PAGE = String.UTF8.encode(' not a page');
const NOT_MODIFIED = String.UTF8.encode(' not modified');
const NO = String.UTF8.encode('no');
const INDEXABLE = String.UTF8.encode('indexable');

/**
 * Whether the current row's deciding columns leave it out, `judgeColumns` being sure to say the same;
 * the row's written URL is [url, url+urlLen). False also when unsure.
 */
export function columnsExclude(url: usize, urlLen: u32): bool {
  if (!statusOff) {
    // A `Status` column that holds numbers is the status code (some tools name it so).
    let column = statusColumn;
    if (column < 0) {
      if (!trimmedCell(statusTextColumn)) return false;
      // A code with words (`404 Not Found`, `HTTP/1.1 404 Not Found`): the engine reads it.
      if (!cellEmpty() && !cellIsStatus() && cellMayHoldStatus()) return false;
      column = cellIsStatus() ? statusTextColumn : -1;
    }
    if (!trimmedCell(column)) return false;
    if (cellIsStatus()) {
      const status = cellNumber();
      if (status < 200 || status > 299) return statusExclusion(column, status, url, urlLen);
    } else if (!cellEmpty()) {
      // Words where the code belongs (`Timeout`), or a code with words: the engine's.
      return false;
    }
  }
  if (!trimmedCell(contentTypeColumn) || !cellAscii()) return false;
  if (!cellEmpty() && !contentTypeOff && !cellIsPageType()) return exclusion(Code.RowNotPage, contentTypeColumn, url, urlLen);
  // No content type and the name of a file (`.webp`): the engine words it (asset-names.ts).
  if (cellEmpty() && !contentTypeOff && namesAsset(url, urlLen)) return false;
  if (!nonIndexableOff) {
    if (!trimmedCell(indexabilityColumn) || !cellAscii()) return false;
    if (cellIsNonIndexable()) {
      const column = indexabilityColumn;
      // The export's reason, or the verdict itself when it gives none.
      if (!trimmedCell(indexabilityStatusColumn) || !cellAscii()) return false;
      if (cellEmpty()) trimmedCell(column);
      return exclusion(Code.RowNonIndexable, column, url, urlLen);
    }
    // A crawler's no (`false`), or a reason in the column (`Noindex`): the engine words it.
    if (!cellEmpty() && !cellSaysIndexable()) return false;
  }
  if (!noindexOff) {
    if (!readable) return false;
    for (let k = 0; k < robotsCount; k++) {
      const column = unchecked(robotsColumns[k]);
      if (!trimmedCell(column) || !cellAscii()) return false;
      if (cellSaysNoindex()) return exclusion(Code.RowNoindex, column, url, urlLen);
    }
  }
  return !canonicalisedOff && canonicalNamesOther(url, urlLen);
}

const CANONICAL = String.UTF8.encode('canonical ');

/**
 * A canonical that names another URL, already in its written form: absolute, in the form the URL
 * parser writes (the fast path's test, held to `new URL`), and without a query, whose tracking
 * parameters the engine would remove before comparing. Any other canonical is the engine's.
 */
function canonicalNamesOther(url: usize, urlLen: u32): bool {
  if (!trimmedCell(canonicalColumn) || !cellAscii() || cellEmpty()) return false;
  const n = <u32>(cellEnd - cellAt);
  if (n == urlLen && bytesEqual(cellAt, url, urlLen)) return false;
  // A query, or percent-escapes, which may differ from the URL's in their case alone.
  if (findByte(cellAt, cellEnd, 0x3f) < cellEnd || findByte(cellAt, cellEnd, 0x25) < cellEnd) return false;
  if (!urlIsCanonical(cellAt, <i32>n)) return false;
  begin(Code.RowCanonicalised, canonicalColumn, url, urlLen);
  exclusionText.appendStatic(CANONICAL);
  exclusionText.append(cellAt, n);
  return end();
}

/** The reason, its detail being the cell of the last `trimmedCell`. */
function exclusion(code: Code, column: i32, url: usize, urlLen: u32): bool {
  begin(code, column, url, urlLen);
  exclusionText.append(cellAt, <u32>(cellEnd - cellAt));
  return end();
}

function begin(code: Code, column: i32, url: usize, urlLen: u32): void {
  exclusionCode = code;
  exclusionColumn = column;
  exclusionText.len = 0;
  exclusionText.append(url, urlLen);
  exclusionText.appendByte(0x20);
  exclusionText.appendByte(0x28);
}

function end(): bool {
  exclusionText.appendByte(0x29);
  return true;
}

/** `statusDetail`'s words: the export's own (`404 Not Found`) where it has them. */
function statusExclusion(column: i32, status: i32, url: usize, urlLen: u32): bool {
  // The status text, unless it is a number; the redirect's target.
  if (!trimmedCell(statusTextColumn) || !cellAscii()) return false;
  const saidAt = cellAt;
  const saidEnd = cellAllDigits() ? cellAt : cellEnd;
  const said = saidEnd > saidAt;
  if (!trimmedCell(redirectColumn) || !cellAscii()) return false;
  begin(Code.RowStatus, column, url, urlLen);
  const out = exclusionText;
  if (status == 0) {
    out.appendStatic(NO_RESPONSE);
    if (said) {
      out.appendByte(0x3a);
      out.appendByte(0x20);
      out.append(saidAt, <u32>(saidEnd - saidAt));
    }
    return end();
  }
  appendNumber(status);
  // 304 answers a conditional request: no redirect.
  if (status >= 300 && status < 400 && status != 304) {
    out.appendStatic(REDIRECT);
    if (!cellEmpty()) {
      out.appendStatic(TO);
      out.append(cellAt, <u32>(cellEnd - cellAt));
    } else if (said) {
      out.appendByte(0x20);
      out.appendByte(0x28);
      out.append(saidAt, <u32>(saidEnd - saidAt));
      out.appendByte(0x29);
    }
  } else if (said) {
    out.appendByte(0x20);
    out.append(saidAt, <u32>(saidEnd - saidAt));
  } else if (status == 404 || status == 410) out.appendStatic(NOT_FOUND);
  else if (status == 304) out.appendStatic(NOT_MODIFIED);
  else out.appendStatic(status >= 500 ? SERVER_ERROR : status >= 400 ? CLIENT_ERROR : NOT_A_PAGE);
  return end();
}

function appendNumber(n: i32): void {
  if (n >= 100) exclusionText.appendByte(<u8>(0x30 + n / 100));
  if (n >= 10) exclusionText.appendByte(<u8>(0x30 + (n / 10) % 10));
  exclusionText.appendByte(<u8>(0x30 + n % 10));
}

/** `^\d{1,3}$`. */
function cellIsStatus(): bool {
  const n = cellEnd - cellAt;
  return n >= 1 && n <= 3 && cellAllDigits();
}

/** `^\d+$`. */
function cellAllDigits(): bool {
  if (cellEnd == cellAt) return false;
  for (let p = cellAt; p < cellEnd; p++) if (!isDigit(load<u8>(p))) return false;
  return true;
}

function cellNumber(): i32 {
  let n = 0;
  for (let p = cellAt; p < cellEnd; p++) n = n * 10 + <i32>(load<u8>(p) - 0x30);
  return n;
}

/** No byte of the cell is past ASCII: JavaScript reads it as these bytes, and changes its case as ASCII. */
@inline function cellAscii(): bool {
  return !hasNonAscii(cellAt, cellEnd);
}

/** The type before any `;`, trimmed, in lower case: `text/html`, `application/xhtml+xml` or `application/pdf`. */
function cellIsPageType(): bool {
  let end = cellAt;
  while (end < cellEnd && load<u8>(end) != 0x3b) end++;
  let from = cellAt;
  while (from < end && isSpace(load<u8>(from))) from++;
  while (end > from && isSpace(load<u8>(end - 1))) end--;
  const n = <u32>(end - from);
  for (let i = 0; i < PAGE_TYPES.length; i++) if (equalsLower(from, unchecked(PAGE_TYPES[i]), n)) return true;
  return false;
}

const NOINDEX = String.UTF8.encode('noindex');
const NONE = String.UTF8.encode('none');
// Directives that take a value: `max-image-preview:none` limits previews, it does not say noindex.
const VALUED: StaticArray<ArrayBuffer> = [
  String.UTF8.encode('max-snippet'), String.UTF8.encode('max-image-preview'), String.UTF8.encode('max-video-preview'), String.UTF8.encode('unavailable_after'),
];

/** `saysNoindex`: a comma-separated part that is `noindex` or `none`, alone or after a name and `:` (`googlebot: noindex`). */
function cellSaysNoindex(): bool {
  if (!holdsNo(cellAt, cellEnd)) return false; // most pages say `index, follow` or nothing
  let from = cellAt;
  while (from <= cellEnd) {
    let end = from;
    while (end < cellEnd && !isDirectiveSeparator(load<u8>(end))) end++;
    if (partSaysNoindex(from, end)) return true;
    from = end + 1;
  }
  return false;
}

/** `,`, and what stands between two robots tags in one cell: `;`, `|`, a line break. */
@inline function isDirectiveSeparator(c: u8): bool {
  return c == 0x2c || c == 0x3b || c == 0x7c || c == 0x0a || c == 0x0d;
}

function partSaysNoindex(from: usize, end: usize): bool {
  while (from < end && isSpace(load<u8>(from))) from++;
  while (end > from && isSpace(load<u8>(end - 1))) end--;
  if (isNoindexWord(from, end)) return true;
  // `name: noindex`, the name of word characters and `-`, not one of the valued directives.
  let p = from;
  while (p < end && isNameByte(load<u8>(p))) p++;
  if (p == from) return false;
  const nameEnd = p;
  while (p < end && isSpace(load<u8>(p))) p++;
  if (p == end || load<u8>(p) != 0x3a) return false;
  p++;
  while (p < end && isSpace(load<u8>(p))) p++;
  if (!isNoindexWord(p, end)) return false;
  const n = <u32>(nameEnd - from);
  for (let i = 0; i < VALUED.length; i++) if (equalsLower(from, unchecked(VALUED[i]), n)) return false;
  return true;
}

/** `noindex` or `none`, any case. */
function isNoindexWord(from: usize, end: usize): bool {
  const n = <u32>(end - from);
  return equalsLower(from, NOINDEX, n) || equalsLower(from, NONE, n);
}

/** `[\w-]`: a letter, a digit, `_` or `-`. */
function isNameByte(c: u8): bool {
  return (<u32>c | 0x20) - 0x61 < 26 || isDigit(c) || c == 0x5f || c == 0x2d;
}

/** `^no[nt][\s-]?indexable$`, any case. */
function cellIsNonIndexable(): bool {
  const n = cellEnd - cellAt;
  if (n != 12 && n != 13) return false;
  // `non` or `not`.
  const third = <u32>load<u8>(cellAt + 2) | 0x20;
  if (!equalsLower(cellAt, NO, 2) || (third != 0x6e && third != 0x74) || !equalsLower(cellEnd - 9, INDEXABLE, 9)) return false;
  if (n == 12) return true;
  const c = load<u8>(cellAt + 3);
  return c == 0x2d || isSpace(c);
}
