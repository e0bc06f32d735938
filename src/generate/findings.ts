// Generate's findings: the core's records, moved into the shared compact store as they are drained,
// and read back as `Finding`s with their input's name and, for rows made from sitemaps, the place
// in the document they came from.

import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { FindingRecords } from '../findings/records.ts';
import { selectFindings, type FindingFilter } from '../findings/filter.ts';
import type { Finding, Severity } from '../types.ts';

export type { FindingFilter };

// The core's record: line u32, column u32, code u16, input u16, value and fixed lengths u16 (the
// top bit says the text was cut), the texts, padding to four bytes.
const HEADER = 16;
const CUT = 0x8000;

type Place = (line: number, column: number) => { name: string; line: number } | undefined;

export class FindingStore {
  readonly #records = new FindingRecords(CODE_NAMES);
  /** Per input made of rows from sitemaps: where a row's line came from. */
  readonly #places: (Place | undefined)[] = [];

  /** Names of the inputs, by the index stamped on each record; shown only when there are several. */
  constructor(
    private inputNames: string[] = [],
    private strict = false,
  ) {}

  get length(): number {
    return this.#records.length;
  }

  /**
   * Input `input` is rows made from sitemaps: a finding's line is told as the line of the document it
   * came from, and named by that document when it is one inside the input (a zip's entry).
   */
  placeRows(input: number, place: Place): void {
    this.#places[input] = place;
  }

  /** A code's severity in this run: `strict` makes loc-outside-directory an error. */
  severityOf(code: string): Severity {
    return this.strict && code === 'loc-outside-directory' ? 'error' : CODE_INFO[code].severity;
  }

  /** Adds a block of records as the core wrote them; the block may be the core's memory (its bytes are copied). */
  add(block: Uint8Array): void {
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    let at = 0;
    while (at < block.length) {
      const code = view.getUint16(at + 8, true);
      const v = view.getUint16(at + 12, true);
      const f = view.getUint16(at + 14, true);
      const valueAt = at + HEADER;
      const fixedAt = valueAt + (v & ~CUT);
      const fields = { line: view.getUint32(at, true), column: view.getUint32(at + 4, true), code, severity: this.severityOf(CODE_NAMES[code]), source: view.getUint16(at + 10, true) };
      this.#records.addBytes(fields, block.subarray(valueAt, fixedAt), block.subarray(fixedAt, fixedAt + (f & ~CUT)), (v & CUT) !== 0, (f & CUT) !== 0);
      at = (fixedAt + (f & ~CUT) + 3) & ~3;
    }
  }

  code(i: number): string {
    return this.#records.code(i);
  }

  severity(i: number): Severity {
    return this.#records.severity(i);
  }

  file(i: number): string {
    return this.#place(i).input;
  }

  words(i: number): string[] {
    return [CODE_INFO[this.#records.code(i)].message, this.#records.value(i, '…'), this.#records.fixed(i, '…')];
  }

  at(i: number): Finding {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    const r = this.#records;
    const code = r.code(i);
    const { input, line } = this.#place(i);
    return {
      input,
      line,
      column: r.column(i),
      code,
      severity: r.severity(i),
      message: CODE_INFO[code].message,
      value: r.value(i, '…'),
      fixed: r.fixed(i, '…'),
    };
  }

  /** Counts per code, for codes that occurred. */
  counts(): Record<string, number> {
    const perCode = this.#records.perCode();
    const out: Record<string, number> = {};
    for (let c = 1; c < perCode.length; c++) if (perCode[c] > 0) out[CODE_NAMES[c]] = perCode[c];
    return out;
  }

  /** Indices of the findings that pass the filter, in order. */
  select(filter: FindingFilter): Uint32Array {
    return selectFindings(this, filter);
  }

  /** The input named (when there are several, or a document inside one) and the line within it. */
  #place(i: number): { input: string; line: number } {
    const inputIndex = this.#records.source(i);
    let input = this.inputNames.length > 1 ? (this.inputNames[inputIndex] ?? '') : '';
    let line = this.#records.line(i);
    const from = line > 0 ? this.#places[inputIndex]?.(line, this.#records.column(i)) : undefined;
    if (from) {
      line = from.line;
      if (from.name !== this.inputNames[inputIndex]) input = from.name;
    }
    return { input, line };
  }
}
