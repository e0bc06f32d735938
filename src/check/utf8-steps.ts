// UTF-8 checked as the scanner meets it: a whole sequence at a time in text, one byte at a time (across
// buffers) in the parts it only skips (comments, processing instructions). A conforming parser
// refuses bytes that are not UTF-8, and U+FFFE / U+FFFF, anywhere in a document.

export enum Utf8Step {
  Ok,
  /** Not UTF-8: a stray continuation byte, a bad lead, an overlong form, a surrogate, a cut sequence. */
  Invalid,
  /** U+FFFE or U+FFFF: well-formed UTF-8, but no XML character. */
  NotXmlChar,
}

/**
 * What a lead byte starts: its sequence's length in the low byte (0 when it starts none), and the
 * range its second byte must fall in above it (E0 and F0 rule out overlong forms, ED surrogates,
 * F4 what lies past U+10FFFF).
 */
function lead(b: number): number {
  if (b >= 0xc2 && b <= 0xdf) return 2 | (0x80 << 8) | (0xbf << 16);
  if (b >= 0xe0 && b <= 0xef) return 3 | ((b === 0xe0 ? 0xa0 : 0x80) << 8) | ((b === 0xed ? 0x9f : 0xbf) << 16);
  if (b >= 0xf0 && b <= 0xf4) return 4 | ((b === 0xf0 ? 0x90 : 0x80) << 8) | ((b === 0xf4 ? 0x8f : 0xbf) << 16);
  return 0;
}

/** The sequence at `d[p]` (a byte of 0x80 or more): its length; 0 when it is not UTF-8, or -1 when `end` cuts it. */
export function utf8Sequence(d: Uint8Array, p: number, end: number): number {
  const l = lead(d[p]);
  const n = l & 0xff;
  for (let i = 1; i < n; i++) {
    if (p + i >= end) return -1;
    const c = d[p + i];
    if (c < (i === 1 ? (l >> 8) & 0xff : 0x80) || c > (i === 1 ? l >> 16 : 0xbf)) return 0;
  }
  return n;
}

/** Whether the three bytes at `d[p]` spell U+FFFE or U+FFFF. */
export function isNonCharacter(d: Uint8Array, p: number): boolean {
  return d[p] === 0xef && d[p + 1] === 0xbf && (d[p + 2] & 0xfe) === 0xbe;
}

export class Utf8Steps {
  /** Continuation bytes still expected, and the range the next one must fall in. */
  private need = 0;
  private lo = 0x80;
  private hi = 0xbf;
  /** 1 after EF, 2 after EF BF: the start of U+FFFE / U+FFFF. */
  private nonChar = 0;

  reset(): void {
    this.need = 0;
    this.nonChar = 0;
  }

  /** Whether a sequence is open: every byte must then go to `step`, ASCII too. */
  get open(): boolean {
    return this.need > 0;
  }

  /** The next byte (any byte while `open`, else a byte of 0x80 or more). */
  step(b: number): Utf8Step {
    if (this.need > 0) {
      if (b < this.lo || b > this.hi) return Utf8Step.Invalid;
      this.need--;
      this.lo = 0x80;
      this.hi = 0xbf;
      if (this.nonChar === 2 && this.need === 0 && (b & 0xfe) === 0xbe) return Utf8Step.NotXmlChar;
      this.nonChar = this.nonChar === 1 && b === 0xbf ? 2 : 0;
      return Utf8Step.Ok;
    }
    this.nonChar = b === 0xef ? 1 : 0;
    if (b < 0x80) return Utf8Step.Ok;
    const l = lead(b);
    if (l === 0) return Utf8Step.Invalid;
    this.need = (l & 0xff) - 1;
    this.lo = (l >> 8) & 0xff;
    this.hi = l >> 16;
    return Utf8Step.Ok;
  }
}
