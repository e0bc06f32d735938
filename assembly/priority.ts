// priority: a decimal in [0.0, 1.0], written in `d.d+` form.

import { bytesEqual } from './bytes';

export enum Priority {
  Ok = 0,
  Normalized,
  Invalid,
}

export const priorityOut: usize = heap.alloc(64);
export let priorityOutLen: i32 = 0;

/** Reads a priority from [p, p+n) (trimmed); `raw`/`rawLen` is the cell as read. */
export function parsePriority(p: usize, n: i32, raw: usize, rawLen: i32): Priority {
  if (n == 0 || n > 32) return Priority.Invalid;
  // A sign, as xsd:decimal has: `+` before any value, `-` before zero only (-0.0 is 0).
  const sign = load<u8>(p);
  const negative = sign == 0x2d;
  let i = negative || sign == 0x2b ? 1 : 0;
  const digitsFrom = i;
  // Integer part: its value must be 0 or 1, leading zeros aside.
  let intValue = 0;
  let intDigits = 0;
  while (i < n) {
    const d = <i32>load<u8>(p + i) - 0x30;
    if (<u32>d >= 10) break;
    if (intValue > 1) return Priority.Invalid;
    intValue = intValue * 10 + d;
    intDigits++;
    i++;
  }
  if (intValue > 1) return Priority.Invalid;
  let w = priorityOut;
  store<u8>(w++, <u8>(0x30 + intValue));
  store<u8>(w++, 0x2e);
  let fracDigits = 0;
  if (i < n && load<u8>(p + i) == 0x2e) {
    i++;
    while (i < n) {
      const d = <i32>load<u8>(p + i) - 0x30;
      if (<u32>d >= 10) break;
      if ((intValue == 1 || negative) && d != 0) return Priority.Invalid;
      store<u8>(w++, load<u8>(p + i));
      fracDigits++;
      i++;
    }
  }
  if (i != n || intDigits + fracDigits == 0 || (negative && intValue != 0) || i == digitsFrom) return Priority.Invalid;
  if (fracDigits == 0) store<u8>(w++, 0x30);
  priorityOutLen = <i32>(w - priorityOut);
  if (priorityOutLen == rawLen && bytesEqual(priorityOut, raw, rawLen)) return Priority.Ok;
  return Priority.Normalized;
}
