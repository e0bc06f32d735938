// One value as read (a loc, a lastmod…). A value that arrives in one piece, as almost all do, is kept
// as a view of the chunk it is in (no copy); one in several pieces (a reference, a chunk boundary) is
// gathered into a buffer of its own, capped so a hostile file cannot make one value hold memory
// without bound. The readers never change a chunk once it is read, so a view stays valid.

/** Far past any rule's limit (a loc must be under 2,048 characters), so a cut value still fails it. */
const CAP = 16384;
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/** XML white space: what the schema types' whiteSpace="collapse" removes at the ends. */
export function isXmlSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x09 || b === 0x0d;
}

export class ValueBuffer {
  /** The value is data[from, from + len). */
  data: Uint8Array = EMPTY;
  from = 0;
  len = 0;
  /** Whether the element was present (it may still be empty). */
  seen = false;
  /** The line its element starts on, where the reader knows it; 0 otherwise. */
  line = 0;
  private own = new Uint8Array(64);

  clear(): void {
    this.len = 0;
    this.seen = false;
    this.line = 0;
  }

  append(d: Uint8Array, from: number, to: number): void {
    if (this.len === 0) {
      this.data = d;
      this.from = from;
      this.len = Math.min(to - from, CAP);
      return;
    }
    let n = Math.min(to - from, CAP - this.len);
    if (n <= 0) return;
    if (this.data !== this.own || this.len + n > this.own.length) {
      const size = this.len + n > this.own.length ? Math.min(CAP, Math.max(this.own.length * 2, this.len + n)) : this.own.length;
      const target = size === this.own.length ? this.own : new Uint8Array(size);
      target.set(this.data.subarray(this.from, this.from + this.len));
      this.own = target;
      this.data = target;
      this.from = 0;
    }
    this.own.set(d.subarray(from, from + n), this.len);
    this.len += n;
  }

  setString(s: string): void {
    this.clear();
    this.seen = true;
    const e = encoder.encode(s);
    this.append(e, 0, e.length);
  }

  /** Where the value starts once leading white space is passed (an index into `data`). */
  start(): number {
    const d = this.data;
    const e = this.from + this.len;
    let i = this.from;
    while (i < e && isXmlSpace(d[i])) i++;
    return i;
  }

  /** One past the value's last byte before trailing white space (an index into `data`). */
  end(): number {
    const d = this.data;
    const s = this.from;
    let i = s + this.len;
    while (i > s && isXmlSpace(d[i - 1])) i--;
    return i;
  }

  isBlank(): boolean {
    return this.start() >= this.from + this.len;
  }

  /** The value with white space collapsed at its ends, as text. */
  text(): string {
    const s = this.start();
    return s >= this.from + this.len ? '' : decoder.decode(this.data.subarray(s, this.end()));
  }
}
