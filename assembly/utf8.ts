// UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.

/** Whether [p, end) is valid UTF-8. ASCII runs are skipped eight bytes at a time. */
export function validUtf8(p: usize, end: usize): bool {
  while (p < end) {
    if (p + 8 <= end && (load<u64>(p) & 0x8080808080808080) == 0) {
      p += 8;
      continue;
    }
    const b0 = <u32>load<u8>(p);
    if (b0 < 0x80) {
      p++;
      continue;
    }
    let n: usize;
    let min: u32;
    let cp: u32;
    if ((b0 & 0xe0) == 0xc0) {
      n = 1; min = 0x80; cp = b0 & 0x1f;
    } else if ((b0 & 0xf0) == 0xe0) {
      n = 2; min = 0x800; cp = b0 & 0x0f;
    } else if ((b0 & 0xf8) == 0xf0) {
      n = 3; min = 0x10000; cp = b0 & 0x07;
    } else {
      return false;
    }
    if (p + n >= end) return false;
    for (let i: usize = 1; i <= n; i++) {
      const b = <u32>load<u8>(p + i);
      if ((b & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    p += n + 1;
  }
  return true;
}

/** Whether [p, end) holds any byte >= 0x80. */
export function hasNonAscii(p: usize, end: usize): bool {
  while (p + 8 <= end) {
    if ((load<u64>(p) & 0x8080808080808080) != 0) return true;
    p += 8;
  }
  while (p < end) {
    if (load<u8>(p) >= 0x80) return true;
    p++;
  }
  return false;
}

/** Whether [p, end) holds a NUL byte, which no text row has. */
export function hasNul(p: usize, end: usize): bool {
  while (p + 8 <= end) {
    const x = load<u64>(p);
    if (((x - 0x0101010101010101) & ~x & 0x8080808080808080) != 0) return true;
    p += 8;
  }
  while (p < end) {
    if (load<u8>(p) == 0) return true;
    p++;
  }
  return false;
}

/**
 * Whether [p, end) may need `validUtf8` or holds a NUL: any byte that is 0 or >= 0x80, one pass
 * eight bytes a step (x - 1 sets a byte's top bit only when it is 0 or borrows from one that is).
 */
export function hasNulOrNonAscii(p: usize, end: usize): bool {
  // Sixteen bytes a step with SIMD, the flags gathered and looked at once per 64 bytes.
  const ones = i8x16.splat(1);
  while (p + 64 <= end) {
    const a = v128.load(p);
    const b = v128.load(p, 16);
    const c = v128.load(p, 32);
    const d = v128.load(p, 48);
    const flags = v128.or(v128.or(v128.or(i8x16.sub(a, ones), a), v128.or(i8x16.sub(b, ones), b)), v128.or(v128.or(i8x16.sub(c, ones), c), v128.or(i8x16.sub(d, ones), d)));
    if (i8x16.bitmask(flags) != 0) return true;
    p += 64;
  }
  while (p + 8 <= end) {
    const x = load<u64>(p);
    if ((((x - 0x0101010101010101) | x) & 0x8080808080808080) != 0) return true;
    p += 8;
  }
  while (p < end) {
    const c = load<u8>(p);
    if (c == 0 || c >= 0x80) return true;
    p++;
  }
  return false;
}
