// The CRC-32 of two byte strings one after the other, from the CRC of each and the second's length,
// as zlib's crc32_combine computes it: the first CRC is carried over the second's length by
// multiplying with x^(8·len) modulo the CRC polynomial, then the second CRC is added. A gzip header
// written after its body can so join the body's CRC without reading the body again.

const POLY = 0xedb88320; // reflected, as gzip and zip use it

/** a·b modulo the polynomial (bit-reflected, as the CRC is). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N = new Uint32Array(32);
X2N[0] = 0x40000000; // x^1
for (let k = 1; k < 32; k++) X2N[k] = multiplyModP(X2N[k - 1], X2N[k - 1]);

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multiplyModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC-32 of A then B, given CRC-32 of A, CRC-32 of B and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
