// report.csv: one row per finding. Cells a spreadsheet would run as a formula are neutralised.
// The rows are written as bytes straight from the findings store: a million findings make no
// million strings.

import { CODE_INFO } from '../core/codes.ts';
import { TextParts } from '../findings/records.ts';
import type { FindingStore } from '../generate/findings.ts';
import { ByteBlock } from './byte-block.ts';

export const REPORT_HEADER = 'line,column,severity,code,message,value,fixed\n';

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
  let out = new ByteBlock(blockSize);
  out.text(REPORT_HEADER);
  /** `severity,code,message,` by severity and code: the same text for every finding of a code. */
  const middles = new Map<string, Map<string, { bytes: Uint8Array; units: number }>>();
  const parts = new TextParts();
  const cells = new CellWriter();
  for (let i = 0; i < store.length; i++) {
    const input = store.input(i);
    if (input) out.text(csvCell(`${input}:${store.line(i)}`));
    else out.number(store.line(i));
    out.ascii(',');
    out.number(store.column(i));
    out.ascii(',');
    const code = store.code(i);
    const severity = store.severity(i);
    const ofCode = middles.get(code) ?? middles.set(code, new Map()).get(code)!;
    let middle = ofCode.get(severity);
    if (!middle) {
      const text = `${severity},${code},${csvCell(CODE_INFO[code].message)},`;
      ofCode.set(severity, (middle = { bytes: encoder.encode(text), units: text.length }));
    }
    out.raw(middle.bytes, middle.units);
    cells.write(out, store.valueBytes(i, parts));
    out.ascii(',');
    cells.write(out, store.fixedBytes(i, parts));
    out.ascii('\n');
    if (out.units >= blockSize) {
      yield out.bytes();
      out = new ByteBlock(blockSize);
    }
  }
  if (out.units > 0) yield out.bytes();
}

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
