// report.csv: one row per finding. Cells a spreadsheet would run as a formula are neutralised.
// The rows are written as bytes straight from the findings store, or, when the run keeps no findings,
// by the core itself (the rows whose texts are ASCII) and from its records as they are drained (the rest):
// a million findings make no million strings.

import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { TextParts, TextRanges, type RecordFields } from '../findings/records.ts';
import type { FindingStore } from '../generate/findings.ts';
import { ByteBlock } from './byte-block.ts';

export const REPORT_HEADER = 'line,column,severity,code,message,value,fixed\n';

/**
 * report.csv's deflate level where the platform has levels: a million findings make 184 MB of report,
 * which level 1 compresses in under half the time of level 6 for 7% more bytes (25.9 MB against 24.2).
 */
export const REPORT_LEVEL = 1;

const FORMULA = /^[=+\-@\t\r]/;
// ignoreBOM: a U+FEFF inside the data is data.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();
const QUOTED = /[",\n\r]/;

/** A CSV cell: quoted when it must be; a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` first. */
export function csvCell(value: string): string {
  let v = value;
  if (FORMULA.test(v)) v = "'" + v;
  if (QUOTED.test(v)) v = '"' + v.replace(/"/g, '""') + '"';
  return v;
}

/**
 * The report as blocks of bytes, each ending after the row that takes it past `blockSize` characters
 * (UTF-16 units, as the text would count them), so a million findings stream.
 */
export function* reportBlocks(store: FindingStore, blockSize = 1 << 20): Generator<Uint8Array> {
  const rows = new ReportRows(blockSize);
  yield* rows.of(store);
  const last = rows.end();
  if (last.length > 0) yield last;
}

/**
 * report.csv written a store's findings at a time (a run that keeps no findings writes each batch
 * as it is found), in the same blocks as reportBlocks gives for them all at once.
 */
export class ReportRows {
  #out: ByteBlock;
  /** `severity,code,message,` by severity and code: the same text for every finding of a code. */
  readonly #middles = new Map<string, Map<string, { bytes: Uint8Array; units: number }>>();
  readonly #value = new TextParts();
  readonly #fixed = new TextParts();
  readonly #cells = new CellWriter();
  /** Buffers of blocks given back, for the next blocks: a million findings make hundreds of blocks. */
  readonly #spare: Uint8Array[] = [];
  /** The record `ofRecord` is writing, and its value as text (asked only where the row's place needs it). */
  #texts = new TextRanges();
  readonly #recordValue = (): string => decoder.decode(this.#texts.bytes.subarray(this.#texts.valueAt, this.#texts.valueEnd));

  constructor(private blockSize = 1 << 20) {
    this.#out = new ByteBlock(blockSize);
    this.#out.text(REPORT_HEADER);
  }

  /** The rows of the store's findings, yielding each block they fill; the block they end in is kept for the next rows. */
  *of(store: FindingStore): Generator<Uint8Array> {
    for (let i = 0; i < store.length; i++) {
      const full = this.#row(store.input(i), store.line(i), store.column(i), store.code(i), store.severity(i), store.valueBytes(i, this.#value), store.fixedBytes(i, this.#fixed));
      if (full) yield full;
    }
  }

  /** The row of one of the core's records (read during the call only), as `of` writes it once stored; gives the block when the row filled it. */
  ofRecord(f: RecordFields, t: TextRanges, store: FindingStore): Uint8Array | null {
    this.#texts = t;
    const where = store.where(f.source, f.line, f.column, this.#recordValue);
    const value = ranged(this.#value, t.bytes, t.valueAt, t.valueEnd, t.valueCut, t.valuePlain);
    const fixed = ranged(this.#fixed, t.bytes, t.fixedAt, t.fixedEnd, t.fixedCut, t.fixedPlain);
    return this.#row(where.input, where.line, f.column, CODE_NAMES[f.code], f.severity, value, fixed);
  }

  /**
   * Rows the core wrote as bytes (assembly/report-rows.ts), read during the call only; gives each
   * block they fill. A block may end inside one of these rows.
   */
  *ofBytes(bytes: Uint8Array): Generator<Uint8Array> {
    for (let at = 0; at < bytes.length; ) {
      const n = Math.min(bytes.length - at, Math.max(1, this.blockSize - this.#out.units));
      this.#out.raw(bytes.subarray(at, at + n));
      at += n;
      if (this.#out.units >= this.blockSize) yield this.#full();
    }
  }

  /** A block given out, read and done with: its buffer serves a later block. */
  recycle(block: Uint8Array): void {
    if (this.#spare.length < SPARE_BLOCKS && block.byteOffset === 0) this.#spare.push(new Uint8Array(block.buffer));
  }

  /** The block the rows so far end in (empty when they ended a block). */
  end(): Uint8Array {
    return this.#out.units > 0 ? this.#out.bytes() : new Uint8Array(0);
  }

  /** Writes one row; gives the block when the row filled it. */
  #row(input: string, line: number, column: number, code: string, severity: string, value: TextParts, fixed: TextParts): Uint8Array | null {
    const out = this.#out;
    if (input) out.text(csvCell(`${input}:${line}`));
    else out.number(line);
    out.ascii(',');
    out.number(column);
    out.ascii(',');
    const middle = this.#middle(code, severity);
    out.raw(middle.bytes, middle.units);
    this.#cells.write(out, value);
    out.ascii(',');
    this.#cells.write(out, fixed);
    out.ascii('\n');
    return out.units < this.blockSize ? null : this.#full();
  }

  /** The block written so far, full: the rows go on in a new one. */
  #full(): Uint8Array {
    const out = this.#out;
    this.#out = new ByteBlock(this.blockSize, this.#spare.pop());
    return out.bytes();
  }

  /** A code's `severity,code,message,` cells as a row has them (the same for every finding of the code). */
  middle(code: string, severity: string): Uint8Array {
    return this.#middle(code, severity).bytes;
  }

  #middle(code: string, severity: string): { bytes: Uint8Array; units: number } {
    const ofCode = this.#middles.get(code) ?? this.#middles.set(code, new Map()).get(code)!;
    let middle = ofCode.get(severity);
    if (!middle) {
      const text = `${severity},${code},${csvCell(CODE_INFO[code].message)},`;
      ofCode.set(severity, (middle = { bytes: encoder.encode(text), units: text.length }));
    }
    return middle;
  }
}

const SPARE_BLOCKS = 4;

/** `parts` as the one range `bytes[from…to)`, known `plain` or not. */
function ranged(parts: TextParts, bytes: Uint8Array, from: number, to: number, cut: boolean, plain: boolean): TextParts {
  parts.head = EMPTY;
  parts.headEnd = 0;
  parts.tail = bytes;
  parts.tailAt = from;
  parts.tailEnd = to;
  parts.cut = cut;
  parts.plain = plain;
  return parts;
}

const EMPTY = new Uint8Array(0);

const ELLIPSIS = '…';

/**
 * Writes cells of texts given as ranges. What a range needs (quotes, or the text path) is scanned
 * once and kept: a fix is often an origin and its value's rest, bytes the value's cell just scanned.
 */
class CellWriter {
  #head: Uint8Array | null = null;
  #headEnd = 0;
  #headScan = PLAIN;
  #tail: Uint8Array | null = null;
  #tailAt = 0;
  #tailEnd = 0;
  #tailScan = PLAIN;

  /** csvCell of the text (+ `…` when cut), as bytes; text that is not ASCII goes through csvCell itself. */
  write(out: ByteBlock, p: TextParts): void {
    const { head, headEnd, tail, tailAt, tailEnd, cut } = p;
    if (p.plain) {
      out.range(head, 0, headEnd);
      out.range(tail, tailAt, tailEnd);
      if (cut) out.text(ELLIPSIS);
      return;
    }
    if (head !== this.#head || headEnd !== this.#headEnd) {
      this.#head = head;
      this.#headEnd = headEnd;
      this.#headScan = scan(head, 0, headEnd);
    }
    if (tail !== this.#tail || tailAt !== this.#tailAt || tailEnd !== this.#tailEnd) {
      this.#tail = tail;
      this.#tailAt = tailAt;
      this.#tailEnd = tailEnd;
      this.#tailScan = scan(tail, tailAt, tailEnd);
    }
    const h = this.#headScan;
    const t = this.#tailScan;
    if (h === NOT_ASCII || t === NOT_ASCII) {
      return out.text(csvCell(decoder.decode(head.subarray(0, headEnd)) + decoder.decode(tail.subarray(tailAt, tailEnd)) + (cut ? ELLIPSIS : '')));
    }
    const quote = h === NEEDS_QUOTES || t === NEEDS_QUOTES;
    const first = headEnd > 0 ? head[0] : tailEnd > tailAt ? tail[tailAt] : -1;
    const formula = first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d;
    if (quote) out.ascii('"');
    if (formula) out.ascii("'");
    if (quote) {
      out.doublingQuotes(head, 0, headEnd);
      out.doublingQuotes(tail, tailAt, tailEnd);
    } else {
      out.range(head, 0, headEnd);
      out.range(tail, tailAt, tailEnd);
    }
    if (cut) out.text(ELLIPSIS);
    if (quote) out.ascii('"');
  }
}

const QUOTE = 0x22;
const PLAIN = 0;
const NEEDS_QUOTES = 1;
const NOT_ASCII = 2;

/** Whether ASCII bytes need quotes in a CSV cell, or are not ASCII. */
function scan(bytes: Uint8Array, from: number, to: number): number {
  let found = PLAIN;
  for (let k = from; k < to; k++) {
    const b = bytes[k];
    if (b >= 0x80) return NOT_ASCII;
    if (b === QUOTE || b === 0x2c || b === 0x0a || b === 0x0d) found = NEEDS_QUOTES;
  }
  return found;
}
