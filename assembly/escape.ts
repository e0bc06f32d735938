// XML entity escaping: `escapedLength` measures, `writeEscaped` writes and returns where it ended, so a
// caller may measure first or reserve the worst case (six bytes a byte) and write once.

import { copyBytes, hasZeroByte, ONES } from './bytes';

/**
 * Whether any of the eight bytes at `p` needs escaping. Three tests for five bytes: `&` (26) and `'`
 * (27) differ in bit 0 only, `<` (3c) and `>` (3e) in bit 1 only, so setting that bit first makes
 * each pair one value.
 */
@inline function needsEscape(p: usize): bool {
  const v = load<u64>(p);
  return hasZeroByte((v | ONES) ^ (ONES * 0x27)) || hasZeroByte((v | (ONES << 1)) ^ (ONES * 0x3e)) || hasZeroByte(v ^ (ONES * 0x22));
}

/** How many bytes [p, p+n) takes once escaped. Clean stretches go eight bytes a step. */
export function escapedLength(p: usize, n: usize): usize {
  let extra: usize = 0;
  let i: usize = 0;
  while (i + 8 <= n && !needsEscape(p + i)) i += 8;
  for (; i < n; i++) {
    const c = load<u8>(p + i);
    if (c == 0x26) extra += 4; // &amp;
    else if (c == 0x3c || c == 0x3e) extra += 3; // &lt; &gt;
    else if (c == 0x22 || c == 0x27) extra += 5; // &quot; &apos;
  }
  return n + extra;
}

/** Writes [p, p+n) escaped at `dst`; returns the end of what was written. */
export function writeEscaped(dst: usize, p: usize, n: usize): usize {
  let i: usize = 0;
  while (i + 8 <= n && !needsEscape(p + i)) {
    store<u64>(dst, load<u64>(p + i));
    dst += 8;
    i += 8;
  }
  for (; i < n; i++) {
    const c = load<u8>(p + i);
    if (c == 0x26) {
      store<u32>(dst, 0x706d6126); // "&amp"
      store<u8>(dst, 0x3b, 4);
      dst += 5;
    } else if (c == 0x3c) {
      store<u32>(dst, 0x3b746c26); // "&lt;"
      dst += 4;
    } else if (c == 0x3e) {
      store<u32>(dst, 0x3b746726); // "&gt;"
      dst += 4;
    } else if (c == 0x22) {
      store<u32>(dst, 0x6f757126); // "&quo"
      store<u16>(dst, 0x3b74, 4); // "t;"
      dst += 6;
    } else if (c == 0x27) {
      store<u32>(dst, 0x6f706126); // "&apo"
      store<u16>(dst, 0x3b73, 4); // "s;"
      dst += 6;
    } else {
      store<u8>(dst, c);
      dst++;
    }
  }
  return dst;
}

/** Writes [p, p+n) at `dst`, escaped when `escape` (a caller that knows the bytes are clean copies them); returns the end. */
export function writeText(dst: usize, p: usize, n: usize, escape: bool): usize {
  if (escape) return writeEscaped(dst, p, n);
  copyBytes(dst, p, n);
  return dst + n;
}
