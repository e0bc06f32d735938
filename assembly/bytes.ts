// A growable byte buffer in linear memory, grown by doubling. The core runs on AssemblyScript's
// minimal runtime: a real allocator (freed blocks are reused) and no collector running behind our back;
// every job gets a fresh instance, which is the arena reset.
export class Bytes {
  ptr: usize;
  len: u32 = 0;
  cap: u32;

  constructor(cap: u32) {
    this.ptr = heap.alloc(cap);
    this.cap = cap;
  }

  /** Makes room for `extra` more bytes and returns where they go. */
  @inline reserve(extra: u32): usize {
    const need = this.len + extra;
    if (need > this.cap) this.grow(need);
    return this.ptr + this.len;
  }

  grow(need: u32): void {
    let cap = this.cap << 1;
    while (cap < need) cap <<= 1;
    this.ptr = heap.realloc(this.ptr, cap);
    this.cap = cap;
  }

  @inline append(src: usize, n: u32): void {
    const at = this.reserve(n);
    copyBytes(at, src, n);
    this.len += n;
  }

  @inline appendByte(b: u8): void {
    const at = this.reserve(1);
    store<u8>(at, b);
    this.len += 1;
  }

  @inline appendStatic(s: ArrayBuffer): void {
    this.append(changetype<usize>(s), <u32>s.byteLength);
  }
}

/**
 * Copies [src, src+n) to `dst`, ranges apart. Short runs (tags, dates, most URLs) go as a few word
 * loads and stores in place: `memory.copy` is a call out of the compiled code, which at 1M entries
 * of a dozen copies each cost more than the copying.
 */
@inline export function copyBytes(dst: usize, src: usize, n: usize): void {
  if (n >= 8) {
    if (n > 128) {
      memory.copy(dst, src, n);
      return;
    }
    // Eight bytes a step, then the last eight again, overlapping what is already copied.
    const last = load<u64>(src + n - 8);
    for (let i: usize = 0; i + 8 < n; i += 8) store<u64>(dst + i, load<u64>(src + i));
    store<u64>(dst + n - 8, last);
  } else if (n >= 4) {
    const last = load<u32>(src + n - 4);
    store<u32>(dst, load<u32>(src));
    store<u32>(dst + n - 4, last);
  } else {
    for (let i: usize = 0; i < n; i++) store<u8>(dst + i, load<u8>(src + i));
  }
}

@inline export function isDigit(c: u8): bool {
  return c >= 0x30 && c <= 0x39;
}

/** The ASCII bytes JavaScript's `trim` and `\s` take for space: space, tab, LF, VT, FF, CR. */
@inline export function isSpace(b: u8): bool {
  return b == 0x20 || (b >= 0x09 && b <= 0x0d);
}

export const ONES: u64 = 0x0101010101010101;
export const HIGHS: u64 = 0x8080808080808080;
/** `"` in every byte: a word to find quotes in with hasZeroByte(v ^ QUOTES). */
export const QUOTES: u64 = ONES * 0x22;

/** Whether any byte of `v` is zero (the classic bit trick: no false negatives, none positive either). */
@inline export function hasZeroByte(v: u64): bool {
  return ((v - ONES) & ~v & HIGHS) != 0;
}

/** Whether any byte of `v` is below `n` (n ≤ 128; the same trick, as exact). */
@inline export function hasByteBelow(v: u64, n: u8): bool {
  return ((v - ONES * <u64>n) & ~v & HIGHS) != 0;
}

/**
 * The zero bytes of `v`, as the high bit of each: exact for the lowest one (a borrow can flag bytes
 * above it), so `ctz(mask) >> 3` is the first; an OR of such masks keeps that true.
 */
@inline export function zeroBytes(v: u64): u64 {
  return (v - ONES) & ~v & HIGHS;
}

/** The bytes of `v` below `n` (n ≤ 128), as zeroBytes flags them. */
@inline export function bytesBelow(v: u64, n: u8): u64 {
  return (v - ONES * <u64>n) & ~v & HIGHS;
}

/** The first `b` in [p, end), or `end`; eight bytes a step where it is not. */
@inline export function findByte(p: usize, end: usize, b: u8): usize {
  const pattern = ONES * <u64>b;
  while (p + 8 <= end && !hasZeroByte(load<u64>(p) ^ pattern)) p += 8;
  while (p < end && load<u8>(p) != b) p++;
  return p;
}

/**
 * Whether two byte ranges are equal: eight bytes a step, the last eight overlapping. (memory.compare
 * goes a byte a step unless both ranges share an alignment, and it runs on every row.)
 */
export function bytesEqual(a: usize, b: usize, n: usize): bool {
  if (n < 8) {
    for (let i: usize = 0; i < n; i++) if (load<u8>(a + i) != load<u8>(b + i)) return false;
    return true;
  }
  for (let i: usize = 0; i + 8 < n; i += 8) if (load<u64>(a + i) != load<u64>(b + i)) return false;
  return load<u64>(a + n - 8) == load<u64>(b + n - 8);
}

/** ASCII case-insensitive comparison of `n` bytes against a lower-case pattern. */
export function equalsLower(p: usize, pattern: ArrayBuffer, n: u32): bool {
  if (<u32>pattern.byteLength != n) return false;
  const q = changetype<usize>(pattern);
  for (let i: u32 = 0; i < n; i++) {
    let c = <u32>load<u8>(p + i);
    if (c - 0x41 < 26) c |= 0x20;
    if (c != <u32>load<u8>(q + i)) return false;
  }
  return true;
}
