// CSV written as UTF-8 bytes into a buffer that grows: what a workbook's rows become, so the rest of
// the pipeline reads them as any CSV export.

const QUOTE = 0x22;
const encoder = new TextEncoder();

/**
 * Bytes that make a field quoted (RFC 4180): the delimiter, quotes and line breaks, and also tabs,
 * semicolons and pipes, so no delimiter the detection tries splits a cell.
 */
const QUOTED = new Uint8Array(256);
for (const c of ',;|"\t\r\n') QUOTED[c.charCodeAt(0)] = 1;

export class CsvBytes {
  data: Uint8Array;
  length = 0;

  constructor(size = 1 << 16) {
    this.data = new Uint8Array(size);
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.data.length) return;
    let size = this.data.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  byte(b: number): void {
    this.reserve(1);
    this.data[this.length++] = b;
  }

  /** `n` times the byte `b`. */
  repeat(b: number, n: number): void {
    if (n <= 0) return;
    this.reserve(n);
    this.data.fill(b, this.length, this.length + n);
    this.length += n;
  }

  /** Bytes as they are: ones already written as a field, or an ASCII value that needs no quotes. */
  raw(src: Uint8Array, from = 0, to = src.length): void {
    this.reserve(to - from);
    // Most values are a few bytes: a loop beats making a view to copy them.
    if (to - from > 32) this.data.set(src.subarray(from, to), this.length);
    else for (let i = from, o = this.length; i < to; i++, o++) this.data[o] = src[i];
    this.length += to - from;
  }

  ascii(s: string): void {
    this.reserve(s.length);
    for (let i = 0; i < s.length; i++) this.data[this.length++] = s.charCodeAt(i);
  }

  /** One field of UTF-8 bytes, quoted (and its quotes doubled) when it holds a byte that calls for it. */
  field(src: Uint8Array, from = 0, to = src.length): void {
    let quote = false;
    for (let i = from; i < to && !quote; i++) quote = QUOTED[src[i]] === 1;
    if (!quote) return this.raw(src, from, to);
    this.reserve(2 * (to - from) + 2);
    const d = this.data;
    let o = this.length;
    d[o++] = QUOTE;
    for (let i = from; i < to; i++) {
      const c = src[i];
      if (c === QUOTE) d[o++] = QUOTE;
      d[o++] = c;
    }
    d[o++] = QUOTE;
    this.length = o;
  }

  /** One field of text. */
  text(s: string): void {
    this.field(encoder.encode(s));
  }

  /** The bytes written so far, the buffer started afresh. */
  take(): Uint8Array {
    const out = this.data.subarray(0, this.length);
    this.data = new Uint8Array(Math.max(1 << 16, Math.min(this.data.length, 1 << 20)));
    this.length = 0;
    return out;
  }
}
