// Findings as compact records in a buffer the engine drains after every `run`:
//   line u32 | column u32 | code u16 | input u16 | value length u16 | fixed length u16 | value | fixed
// padded to four bytes. Values longer than MAX_VALUE are cut (the high bit of the length says so);
// the next bit says a text is a plain report.csv cell (`plainCell`), which the engine then copies
// without looking at it.

import { Bytes, HIGHS, ONES, QUOTES, hasByteBelow, hasZeroByte } from './bytes';

export const MAX_VALUE: u32 = 1024;
export const CUT: u32 = 0x8000;
export const PLAIN: u32 = 0x4000;
export const LENGTH: u32 = 0x3fff;
const COMMAS: u64 = ONES * 0x2c;

export const findings = new Bytes(1 << 16);
/** Index of the input being read, stamped on every record. */
export let inputIndex: u32 = 0;

export function setInputIndex(i: u32): void {
  inputIndex = i;
}

// Whether the row being read has a finding at fix or warning level: the summary counts rows, and
// a row's findings come from the core's rules, its extension columns and the engine alike.
export let rowFixed = false;
export let rowWarned = false;

export function clearRowMarks(): void {
  rowFixed = false;
  rowWarned = false;
}
export function markFixed(): void {
  rowFixed = true;
}
export function markWarned(): void {
  rowWarned = true;
}

export function addFinding(line: u32, column: u32, code: u32, value: usize, valueLen: u32, fixed: usize, fixedLen: u32): void {
  let vFlag: u32 = 0;
  let fFlag: u32 = 0;
  if (valueLen > MAX_VALUE) {
    valueLen = MAX_VALUE;
    vFlag = CUT;
  }
  if (fixedLen > MAX_VALUE) {
    fixedLen = MAX_VALUE;
    fFlag = CUT;
  }
  const size = (16 + valueLen + fixedLen + 3) & ~3;
  const at = findings.reserve(size);
  store<u32>(at, line);
  store<u32>(at, column, 4);
  store<u16>(at, <u16>code, 8);
  store<u16>(at, <u16>inputIndex, 10);
  store<u16>(at, <u16>(valueLen | vFlag | (plainCell(value, valueLen) ? PLAIN : 0)), 12);
  store<u16>(at, <u16>(fixedLen | fFlag | (plainCell(fixed, fixedLen) ? PLAIN : 0)), 14);
  memory.copy(at + 16, value, valueLen);
  memory.copy(at + 16 + valueLen, fixed, fixedLen);
  findings.len += size;
}

/**
 * Whether report.csv can hold [p, p+n) as it is: printable ASCII without `"` or `,`, and not starting
 * as a spreadsheet formula would (`=`, `+`, `-`, `@`). Eight bytes a step; a text that is not plain
 * is judged by the engine, byte by byte.
 */
function plainCell(p: usize, n: u32): bool {
  if (n == 0) return true;
  const first = load<u8>(p);
  if (first == 0x3d || first == 0x2b || first == 0x2d || first == 0x40) return false;
  const end = p + n;
  for (; p + 8 <= end; p += 8) {
    const w = load<u64>(p);
    if ((w & HIGHS) != 0 || hasByteBelow(w, 0x20) || hasZeroByte(w ^ QUOTES) || hasZeroByte(w ^ COMMAS)) return false;
  }
  for (; p < end; p++) {
    const c = load<u8>(p);
    if (c >= 0x80 || c < 0x20 || c == 0x22 || c == 0x2c) return false;
  }
  return true;
}

export function clearFindings(): void {
  findings.len = 0;
}
