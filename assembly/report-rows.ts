// report.csv rows written from the findings' records, for a run that keeps no findings (the CLI): a
// record whose two texts are ASCII becomes `line,column,` then its code's `severity,code,message,`
// as the engine gave it, then the texts as CSV cells, each with `…` when cut. The engine writes the
// other records itself, in their turn. Written in JS a row at a time, a million findings
// (1M root-relative paths) held the run's JS at 3.5 s in a CPU profile; with these rows, 1.4 s.

import { Bytes } from './bytes';
import { hasNonAscii } from './utf8';
import { findings, CUT, PLAIN, LENGTH } from './findings';
import { REPORT_CODES } from '../src/core/status';

export const report = new Bytes(1 << 16);

/** Each code's `severity,code,message,` bytes, by the code's number; none until the engine gives them. */
const middles = new StaticArray<usize>(REPORT_CODES);
const middleLens = new StaticArray<u32>(REPORT_CODES);
/** Rows written per code since the engine last read them. */
export const counts = new StaticArray<u32>(REPORT_CODES);

/** The input whose records the core writes (one input, its lines its own); 0xffff for none. */
let ownInput: u32 = 0xffff;

const ELLIPSIS: u32 = 0xa680e2; // `…` in UTF-8, E2 80 A6, as a little-endian word

export function setReportMiddle(code: u32, p: usize, n: u32): void {
  if (code >= <u32>REPORT_CODES) return;
  const at = heap.alloc(n);
  memory.copy(at, p, n);
  unchecked((middles[code] = at));
  unchecked((middleLens[code] = n));
}

export function setReportInput(input: u32): void {
  ownInput = input;
}

/**
 * Writes the rows of the records from byte `at` of the findings buffer on, up to the first the
 * engine must write (a text that is not a plain cell, another input, a code without its middle);
 * returns where it stopped.
 */
export function writeReportRows(at: u32): u32 {
  const end = findings.len;
  while (at < end) {
    const r = findings.ptr + at;
    const code = <u32>load<u16>(r, 8);
    if (code >= <u32>REPORT_CODES) break;
    const v = <u32>load<u16>(r, 12);
    const f = <u32>load<u16>(r, 14);
    const middle = unchecked(middleLens[code]);
    if (middle == 0 || <u32>load<u16>(r, 10) != ownInput) break;
    const vLen = v & LENGTH;
    const fLen = f & LENGTH;
    const vPlain = (v & PLAIN) != 0;
    const fPlain = (f & PLAIN) != 0;
    // Text that is not ASCII is the engine's to write: its decoder reads a cut or broken sequence.
    if ((!vPlain && hasNonAscii(r + 16, r + 16 + vLen)) || (!fPlain && hasNonAscii(r + 16 + vLen, r + 16 + vLen + fLen))) break;
    // Two numbers of ten digits, three commas, each text quoted with its quotes doubled, a `'`
    // and `…` (written a word) each, and the newline at most.
    report.reserve(40 + middle + 2 * (vLen + fLen));
    writeNumber(load<u32>(r));
    report.appendByte(0x2c);
    writeNumber(load<u32>(r, 4));
    report.appendByte(0x2c);
    report.append(unchecked(middles[code]), middle);
    writeCell(r + 16, vLen, (v & CUT) != 0, vPlain);
    report.appendByte(0x2c);
    writeCell(r + 16 + vLen, fLen, (f & CUT) != 0, fPlain);
    report.appendByte(0x0a);
    unchecked((counts[code] += 1));
    at += (16 + vLen + fLen + 3) & ~3;
  }
  return at;
}

/**
 * An ASCII text as the engine's `csvCell` writes it: quoted when it holds `"`, `,`, LF or CR (its
 * quotes doubled), a `'` first when it starts as a formula would (`=`, `+`, `-`, `@`, tab, CR), `…`
 * after it when cut. A plain cell needs neither. (A crawler export's `Last Modified` dates and
 * `noindex, follow` robots values hold commas: 150,000 such rows on its million.)
 */
function writeCell(p: usize, n: u32, cut: bool, plain: bool): void {
  if (plain) {
    report.append(p, n);
    if (cut) appendEllipsis();
    return;
  }
  let quote = false;
  for (let i: u32 = 0; i < n && !quote; i++) {
    const c = load<u8>(p + i);
    quote = c == 0x22 || c == 0x2c || c == 0x0a || c == 0x0d;
  }
  const first = n > 0 ? load<u8>(p) : 0;
  const formula = first == 0x3d || first == 0x2b || first == 0x2d || first == 0x40 || first == 0x09 || first == 0x0d;
  if (quote) report.appendByte(0x22);
  if (formula) report.appendByte(0x27);
  if (quote) {
    for (let i: u32 = 0; i < n; i++) {
      const c = load<u8>(p + i);
      if (c == 0x22) report.appendByte(0x22);
      report.appendByte(c);
    }
  } else {
    report.append(p, n);
  }
  if (cut) appendEllipsis();
  if (quote) report.appendByte(0x22);
}

@inline function appendEllipsis(): void {
  store<u32>(report.ptr + report.len, ELLIPSIS);
  report.len += 3;
}

function writeNumber(n: u32): void {
  let digits: u32 = 1;
  for (let m = n; m >= 10; m /= 10) digits++;
  let at = report.ptr + report.len + digits;
  do {
    store<u8>(--at, 0x30 + (n % 10));
    n /= 10;
  } while (n > 0);
  report.len += digits;
}

export function reportTaken(): void {
  report.len = 0;
}
