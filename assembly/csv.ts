// The row and field scanner: RFC 4180 CSV/TSV, or plain text (one field per line), over UTF-8 bytes.
//
// It only ever reports complete rows. A row cut by the end of a chunk is `Scan.Incomplete`: the engine
// keeps the bytes from `rowStart` and calls again with more input behind them, so the state carried
// across chunks is just the row's start and its line number.

import { Bytes, bytesBelow, zeroBytes, ONES, QUOTES } from './bytes';

const QUOTE: u8 = 0x22;
const LF: u8 = 0x0a;
const CR: u8 = 0x0d;

/** A quoted field that has not closed within this many bytes is malformed (SPEC: "within 1 MiB"). */
const QUOTE_LIMIT: usize = 1 << 20;
/** A row longer than this is rejected and skipped to its line's end, so no row is buffered without bound. */
export const ROW_LIMIT: usize = 16 << 20;

export enum Scan {
  Row = 0,
  Incomplete,
  End,
  /** A quote that never closes: the row is its first line; the scan resumes on the next line. */
  Malformed,
  /** A row over ROW_LIMIT: the row is rejected and its rest skipped. */
  TooLong,
}

/** Field delimiter byte; 0 for plain text. */
export let delimiter: u8 = 0x2c;
/** Input window: [cursor, inputEnd). */
export let cursor: usize = 0;
export let inputEnd: usize = 0;
/** Line (1-based) that `cursor` is on. */
export let line: u32 = 1;

/** The last row scanned: its span, its first line, its fields. */
export let rowStart: usize = 0;
export let rowEnd: usize = 0;
export let rowLine: u32 = 1;
export let fieldCount: i32 = 0;
/** Whether the row scanned last has bytes other than spaces after a field's closing quote (`"a"b`). */
export let junkAfterQuote: bool = false;
/** Set while the rest of an over-long line is being skipped. */
let skipping: bool = false;

// Per field: start, end, quoted flag (three u32s).
const fields = new Bytes(3 * 4 * 64);

@inline export function fieldStart(i: i32): usize {
  return <usize>load<u32>(fields.ptr + <usize>i * 12);
}
@inline export function fieldEnd(i: i32): usize {
  return <usize>load<u32>(fields.ptr + <usize>i * 12, 4);
}

/** Whether a field of the row scanned last is pushed quoted: only then has `unquoteFields` work. */
let someQuoted = false;

@inline function pushField(start: usize, end: usize, quoted: u32): void {
  if (quoted != 0) someQuoted = true;
  const at = fields.reserve(12);
  store<u32>(at, <u32>start);
  store<u32>(at, <u32>end, 4);
  store<u32>(at, quoted, 8);
  fields.len += 12;
  fieldCount++;
}

export function resetScanner(delim: u8): void {
  delimiter = delim;
  line = 1;
  skipping = false;
}

export function setWindow(start: usize, end: usize): void {
  cursor = start;
  inputEnd = end;
}

/** Scans the next row from `cursor`. On `Row`, the fields are set and `cursor` is past the row. */
export function scanRow(final: bool): Scan {
  if (skipping) {
    if (!skipLine(final)) return Scan.Incomplete;
  }
  const end = inputEnd;
  let p = cursor;
  if (p >= end) return final ? Scan.End : Scan.Incomplete;

  rowStart = p;
  rowLine = line;
  fields.len = 0;
  fieldCount = 0;
  someQuoted = false;
  junkAfterQuote = false;
  let lines: u32 = 0;
  const d = delimiter;
  // Plain text has no delimiter: its fields stop at line ends only (a NUL is data, not a delimiter).
  const stop = d == 0 ? LF : d;
  const stopWord = ONES * <u64>stop;

  while (true) {
    const start = p;
    let quoted: u32 = 0;
    // Where a quoted field's closing quote ends, when no quote inside it was doubled (0: it has some).
    let closed: usize = 0;
    if (d != 0 && p < end && load<u8>(p) == QUOTE) {
      // Inside quotes until a quote that is not doubled: eight bytes a step to the first quote or
      // line end (a byte below 0x0e), then that byte alone.
      quoted = 1;
      let doubled = false;
      p++;
      while (true) {
        p = toFirstOf(p, end, QUOTES);
        if (p >= end) {
          if (!final && p - start <= QUOTE_LIMIT) return Scan.Incomplete;
          return malformed(final);
        }
        if (p - start > QUOTE_LIMIT) return malformed(final);
        const c = load<u8>(p);
        if (c == QUOTE) {
          if (p + 1 >= end && !final) return Scan.Incomplete;
          if (p + 1 < end && load<u8>(p + 1) == QUOTE) {
            doubled = true;
            p += 2;
            continue;
          }
          p++;
          if (!doubled) closed = p;
          break;
        }
        if (c == LF) lines++;
        else if (c == CR && (p + 1 >= end || load<u8>(p + 1) != LF)) {
          if (p + 1 >= end && !final) return Scan.Incomplete;
          lines++;
        }
        p++;
      }
      // Most often the delimiter follows the closing quote: the field ends here.
      if (p < end && load<u8>(p) == d) {
        if (p - rowStart > ROW_LIMIT) return tooLong();
        pushScanned(start, p, quoted, closed);
        p++;
        continue;
      }
    }
    // Unquoted field, or what follows a closing quote: up to a delimiter or a line end (a byte below
    // 0x0e covers LF, CR and TSV's tab), then byte by byte.
    const afterQuote = p;
    p = toFirstOf(p, end, stopWord);
    while (p < end) {
      const c = load<u8>(p);
      if (c == stop || c == LF || c == CR) break;
      p++;
    }
    if (quoted != 0 && d != 0 && !junkAfterQuote) junkAfterQuote = !isBlankRun(afterQuote, p);
    if (p - rowStart > ROW_LIMIT) return tooLong();
    if (d == 0 && isQuotedLine(start, p)) quoted = 1;
    if (p >= end) {
      if (!final) return Scan.Incomplete;
      pushScanned(start, p, quoted, closed);
      rowEnd = p;
      cursor = p;
      line = rowLine + lines;
      return Scan.Row;
    }
    pushScanned(start, p, quoted, closed);
    const c = load<u8>(p);
    if (c == d) {
      p++;
      continue;
    }
    // Line end: LF, CRLF or a lone CR.
    rowEnd = p;
    if (c == CR) {
      if (p + 1 >= end && !final) return Scan.Incomplete;
      if (p + 1 < end && load<u8>(p + 1) == LF) p++;
    }
    cursor = p + 1;
    line = rowLine + lines + 1;
    return Scan.Row;
  }
  return unreachable();
}

/**
 * From `p`, sixteen bytes a step (SIMD), then eight, to the first byte that is below 0x0e (a line end,
 * TSV's tab) or is `word`'s byte; where the whole words ran out when none holds one. It jumps to that
 * byte rather than stepping to it, which matters for short fields: a crawler export's scan (33 quoted
 * fields a row, 570 MB) took 2.4 s stepping and 1.6 s jumping in a CPU profile, the 1M-row list's
 * 0.30 s and 0.21 s. Sixteen bytes a step took the scan alone from 131 to 111 ns a row on the 1M-row
 * list, and from 1,075 to 1,028 on the crawler export.
 */
@inline function toFirstOf(p: usize, end: usize, word: u64): usize {
  const byte = i8x16.splat(<i8>word);
  const below = i8x16.splat(0x0e);
  while (p + 16 <= end) {
    const v = v128.load(p);
    const found = i8x16.bitmask(v128.or(i8x16.eq(v, byte), i8x16.lt_u(v, below)));
    if (found != 0) return p + <usize>ctz(found);
    p += 16;
  }
  while (p + 8 <= end) {
    const v = load<u64>(p);
    const found = bytesBelow(v, 0x0e) | zeroBytes(v ^ word);
    if (found != 0) return p + <usize>(ctz(found) >> 3);
    p += 8;
  }
  return p;
}

/**
 * The field [start, end) as scanned. A quoted one whose closing quote ends it, with no doubled quote
 * inside, is its bytes between the quotes already: `unquoteFields` need not look at it again.
 */
@inline function pushScanned(start: usize, end: usize, quoted: u32, closed: usize): void {
  if (quoted != 0 && closed == end) pushField(start + 1, end - 1, 0);
  else pushField(start + quoted, end, quoted);
}

/** Whether [start, end) holds only spaces and tabs. */
function isBlankRun(start: usize, end: usize): bool {
  for (let p = start; p < end; p++) {
    const c = load<u8>(p);
    if (c != 0x20 && c != 0x09) return false;
  }
  return true;
}

/** Plain text: a line that is one quoted value (a one-column CSV) is unquoted as a CSV field is. */
function isQuotedLine(start: usize, end: usize): bool {
  let e = end;
  while (e > start && (load<u8>(e - 1) == 0x20 || load<u8>(e - 1) == 0x09)) e--;
  return e - start >= 2 && load<u8>(start) == QUOTE && load<u8>(e - 1) == QUOTE;
}

/**
 * The row is cut at the end of its first line; the scan resumes on the next line. When that line's
 * end is not in the window yet, the rest of the line is skipped as more input arrives.
 */
function malformed(final: bool): Scan {
  const end = inputEnd;
  let p = rowStart;
  while (p < end) {
    const c = load<u8>(p);
    if (c == LF || c == CR) break;
    p++;
  }
  rowEnd = p;
  line = rowLine;
  if (p >= end || (!final && load<u8>(p) == CR && p + 1 >= end)) {
    cursor = p;
    skipping = !final;
    if (final) line = rowLine + 1;
    return Scan.Malformed;
  }
  if (load<u8>(p) == CR && p + 1 < end && load<u8>(p + 1) == LF) p++;
  cursor = p + 1;
  line = rowLine + 1;
  return Scan.Malformed;
}

function tooLong(): Scan {
  rowEnd = rowStart + ROW_LIMIT;
  skipping = true;
  cursor = rowStart;
  return Scan.TooLong;
}

/** Skips to just past the next line end; false when the input ran out first. */
function skipLine(final: bool): bool {
  const end = inputEnd;
  let p = cursor;
  while (p < end) {
    const c = load<u8>(p);
    if (c == LF || c == CR) {
      if (c == CR) {
        if (p + 1 >= end && !final) {
          cursor = p;
          return false;
        }
        if (p + 1 < end && load<u8>(p + 1) == LF) p++;
      }
      cursor = p + 1;
      line++;
      skipping = false;
      return true;
    }
    p++;
  }
  cursor = p;
  if (final) skipping = false;
  return final;
}

// Fields that cannot simply be narrowed (a doubled quote, bytes after the closing one), unquoted.
// The row itself stays as it was read, for the findings that quote it whole.
const unquoted = new Bytes(1 << 12);

/**
 * Removes the quoting of quoted fields (a doubled quote becomes one; bytes after the closing quote
 * are kept as they are). Call once per complete row.
 */
export function unquoteFields(): void {
  unquoted.len = 0;
  if (!someQuoted) return;
  let base: usize = 0;
  for (let i = 0; i < fieldCount; i++) {
    const rec = fields.ptr + <usize>i * 12;
    if (load<u32>(rec, 8) == 0) continue;
    store<u32>(rec, 0, 8);
    const start = <usize>load<u32>(rec);
    const end = <usize>load<u32>(rec, 4);
    let q = start;
    while (q < end && load<u8>(q) != QUOTE) q++;
    // The common case: the first quote closes the field and ends it.
    if (q + 1 >= end) {
      store<u32>(rec, <u32>q, 4);
      continue;
    }
    // Room for the whole row at once, so the fields written before stay where they are.
    if (base == 0) base = unquoted.reserve(<u32>(rowEnd - rowStart));
    const w0 = base + unquoted.len;
    let w = w0;
    let r = start;
    let inQuotes = true;
    while (r < end) {
      const c = load<u8>(r);
      if (inQuotes && c == QUOTE) {
        if (r + 1 < end && load<u8>(r + 1) == QUOTE) {
          store<u8>(w++, QUOTE);
          r += 2;
          continue;
        }
        inQuotes = false;
        r++;
        continue;
      }
      store<u8>(w++, c);
      r++;
    }
    unquoted.len += <u32>(w - w0);
    store<u32>(rec, <u32>w0);
    store<u32>(rec, <u32>w, 4);
  }
}

/** A row whose every field is empty or blank (spaces and tabs only). */
export function rowIsBlank(): bool {
  for (let i = 0; i < fieldCount; i++) {
    for (let p = fieldStart(i), e = fieldEnd(i); p < e; p++) {
      const c = load<u8>(p);
      if (c != 0x20 && c != 0x09) return false;
    }
  }
  return true;
}
