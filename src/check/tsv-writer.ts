// Entries as rows for the generator: a TSV with the header `loc lastmod changefreq priority` and any
// extension columns after it, values unescaped and trimmed, one row per entry. A value holding a tab,
// a line break or a leading quote is quoted (RFC 4180 style, as the generator reads it), so a row
// never splits.

import type { FieldLines } from './field-lines.ts';
import type { LineMap } from './line-map.ts';
import { CORE_COLUMNS, type EntryFields } from './sink.ts';
import { isXmlSpace } from './value-buffer.ts';

const CORE_HEADER = 'loc\tlastmod\tchangefreq\tpriority';
const encoder = new TextEncoder();
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
/** Rows are handed on in blocks of about this many bytes (each block a buffer of its own). */
export const TSV_BLOCK = 1 << 20;
const SLACK = 1 << 14;

/** Whether a value holds a tab or a line break, which a TSV field can only carry quoted. */
function hasBreak(v: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = v[i];
    if (c === TAB || c === LF || c === CR) return true;
  }
  return false;
}

export class TsvWriter {
  private buf = new Uint8Array(TSV_BLOCK + SLACK);
  private len = 0;
  /** The next TSV line to be written (1-based). */
  private next = 1;
  /** Line breaks inside the quoted values of the row being written. */
  private lines = 0;
  /** An extension cell as UTF-8. */
  private cell = new Uint8Array(256);

  /** `fieldLines`, when given, learns where each row's values sit below its entry's line. */
  constructor(
    private readonly map: LineMap,
    private readonly fieldLines?: FieldLines,
  ) {}

  /** Bytes waiting to be taken. */
  get size(): number {
    return this.len;
  }

  /** The header: the core columns, then `extensions` (names that need no quoting). */
  header(extensions: readonly string[] = []): void {
    const line = encoder.encode([CORE_HEADER, ...extensions].join('\t') + '\n');
    this.ensure(line.length);
    this.buf.set(line, this.len);
    this.len += line.length;
    this.next = 2;
  }

  /** A row: the entry's core fields, then one cell per extension column of the header. Returns the row's TSV line. */
  row(file: number, line: number, fields: EntryFields, cells?: readonly string[]): number {
    const at = this.map.place(file, line, this.next);
    let pad = at - this.next;
    let need = pad + 16 + 2 * (fields[0].len + fields[1].len + fields[2].len + fields[3].len);
    // UTF-8 takes at most 3 bytes per UTF-16 unit, and quoting at most doubles them.
    if (cells) for (const c of cells) need += 3 + 6 * c.length;
    this.ensure(need);
    while (pad-- > 0) this.buf[this.len++] = LF;
    this.lines = 0;
    for (let k = 0; k < CORE_COLUMNS; k++) {
      if (k > 0) this.buf[this.len++] = TAB;
      const f = fields[k];
      const v = f.data;
      let s = f.from;
      let e = s + f.len;
      while (s < e && v[s] <= 0x20 && isXmlSpace(v[s])) s++;
      while (e > s && v[e - 1] <= 0x20 && isXmlSpace(v[e - 1])) e--;
      this.value(v, s, e);
    }
    if (cells) {
      for (const c of cells) {
        this.buf[this.len++] = TAB;
        if (c === '') continue;
        if (this.cell.length < 3 * c.length) this.cell = new Uint8Array(3 * c.length);
        this.value(this.cell, 0, encoder.encodeInto(c, this.cell).written);
      }
    }
    this.buf[this.len++] = LF;
    this.next = at + 1 + this.lines;
    this.fieldLines?.note(at, line, fields);
    return at;
  }

  /** One value, v[s, e), quoted when it must be; room for it is there. */
  private value(v: Uint8Array, s: number, e: number): void {
    if (s === e) return;
    const b = this.buf;
    let o = this.len;
    // Copy, noting any control byte; only then look closer (the common value has none).
    let low = 0x20;
    for (let i = s; i < e; i++) {
      const c = v[i];
      if (c < low) low = c;
      b[o++] = c;
    }
    if (v[s] !== QUOTE && (low === 0x20 || !hasBreak(v, s, e))) {
      this.len = o;
      return;
    }
    o = this.len;
    b[o++] = QUOTE;
    for (let i = s; i < e; i++) {
      const c = v[i];
      if (c === QUOTE) b[o++] = QUOTE;
      else if (c === LF || (c === CR && (i + 1 >= e || v[i + 1] !== LF))) this.lines++;
      b[o++] = c;
    }
    b[o++] = QUOTE;
    this.len = o;
  }

  /** The bytes written since the last take, or null when there are none. */
  take(): Uint8Array | null {
    if (this.len === 0) return null;
    const out = this.buf.subarray(0, this.len);
    this.buf = new Uint8Array(this.buf.length);
    this.len = 0;
    return out;
  }

  private ensure(n: number): void {
    if (this.len + n > this.buf.length) this.grow(n);
  }

  private grow(n: number): void {
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    grown.set(this.buf.subarray(0, this.len));
    this.buf = grown;
  }
}
