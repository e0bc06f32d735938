// Where each written URL was first seen, for a `loc-duplicate` to name: one u32 beside its hash in
// the duplicate set, the row's line in one numbering of all inputs' lines, input after input in the
// order they are read. Each input's start in that numbering is kept, so a number gives back the input
// and its line; past 2³² lines in all a row has no place (0), and its duplicates say only what they are.

import { Bytes } from './bytes';

/** Per input read, in reading order, two u32s: the number its line 0 has, and its index. */
const starts = new Bytes(64);
/** Per input index, two u32s: where its name starts in `names`, and its length. */
const nameAt = new Bytes(64);
const names = new Bytes(256);

let base: u64 = 0;
let current: u32 = 0;
const text = new Bytes(256);

const FIRST_AT = String.UTF8.encode('first at ');
const LINE = String.UTF8.encode('line ');

/** An input starts; `lastLine` is the line of the previous input's last row (every place before is at most base + it). */
export function startPlaces(input: u32, lastLine: u32): void {
  if (starts.len > 0) base += lastLine;
  current = input;
  const at = starts.reserve(8);
  store<u32>(at, base > <u64>u32.MAX_VALUE ? u32.MAX_VALUE : <u32>base);
  store<u32>(at, input, 4);
  starts.len += 8;
}

/** The name of input `input`, `n` bytes at `p`. */
export function nameInput(input: u32, p: usize, n: u32): void {
  while (nameAt.len < (input + 1) << 3) {
    store<u64>(nameAt.reserve(8), 0);
    nameAt.len += 8;
  }
  store<u32>(nameAt.ptr + (<usize>input << 3), names.len);
  store<u32>(nameAt.ptr + (<usize>input << 3), n, 4);
  names.append(p, n);
}

/** The place of the current input's `line`, or 0 when the numbering has run out. */
@inline export function placeOf(line: u32): u32 {
  const p = base + <u64>line;
  return p > <u64>u32.MAX_VALUE ? 0 : <u32>p;
}

/** `first at line N`, or `first at <input> line N` for a place in another input; empty for no place. */
export function describePlace(p: u32): Bytes {
  text.len = 0;
  if (p == 0) return text;
  // The last input whose start is before the place: an input with no row starts where the next does.
  let lo = 0;
  let hi = <i32>(starts.len >> 3) - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (load<u32>(starts.ptr + (<usize>mid << 3)) < p) lo = mid;
    else hi = mid - 1;
  }
  const start = load<u32>(starts.ptr + (<usize>lo << 3));
  const input = load<u32>(starts.ptr + (<usize>lo << 3), 4);
  text.appendStatic(FIRST_AT);
  if (input != current && (input << 3) < nameAt.len) {
    const n = load<u32>(nameAt.ptr + (<usize>input << 3), 4);
    if (n > 0) {
      text.append(names.ptr + load<u32>(nameAt.ptr + (<usize>input << 3)), n);
      text.appendByte(0x20);
    }
  }
  text.appendStatic(LINE);
  appendNumber(p - start);
  return text;
}

function appendNumber(n: u32): void {
  let digits: u32 = 1;
  for (let m = n; m >= 10; m /= 10) digits++;
  const at = text.reserve(digits);
  let m = n;
  for (let i = <i32>digits - 1; i >= 0; i--) {
    store<u8>(at + i, <u8>(0x30 + (m % 10)));
    m /= 10;
  }
  text.len += digits;
}
