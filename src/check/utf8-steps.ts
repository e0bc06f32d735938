// UTF-8 checked one byte at a time, across buffers: for the parts of a document the scanner only
// skips (comments, processing instructions), which a conforming parser still refuses when their
// bytes are not UTF-8 or spell U+FFFE / U+FFFF.

export enum Utf8Step {
  Ok,
  /** Not UTF-8: a stray continuation byte, a bad lead, an overlong form, a surrogate, a cut sequence. */
  Invalid,
  /** U+FFFE or U+FFFF: well-formed UTF-8, but no XML character. */
  NotXmlChar,
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
    if (b >= 0xc2 && b <= 0xdf) this.need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      this.need = 2;
      // E0 needs A0–BF (no overlong form); ED needs 80–9F (no surrogate).
      if (b === 0xe0) this.lo = 0xa0;
      else if (b === 0xed) this.hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.need = 3;
      // F0 needs 90–BF (no overlong form); F4 needs 80–8F (nothing past U+10FFFF).
      if (b === 0xf0) this.lo = 0x90;
      else if (b === 0xf4) this.hi = 0x8f;
    } else return Utf8Step.Invalid;
    return Utf8Step.Ok;
  }
}
