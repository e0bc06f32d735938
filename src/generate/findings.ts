// Generate's findings: the core's records, moved into the shared compact store as they are drained,
// and read back as `Finding`s with their input's name and, for rows made from sitemaps, the place
// in the document they came from.

import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { FindingRecords, TextRanges, type RecordFields, type TextParts } from '../findings/records.ts';
import { selectFindings, type FindingFilter } from '../findings/filter.ts';
import type { Finding, Severity } from '../types.ts';

export type { FindingFilter };

// The core's record: line u32, column u32, code u16, input u16, value and fixed lengths u16 (the
// top bit says the text was cut, the next that it is a plain report cell), the texts, padding to four bytes.
const HEADER = 16;
const CUT = 0x8000;
/** The text is a plain report.csv cell: printable ASCII, no `"` or `,`, no formula start. */
const PLAIN = 0x4000;
const LENGTH = 0x3fff;

/** Where a row's value came from; `value` is asked only where it tells one element of a column from another. */
type Place = (line: number, column: number, value: () => string) => { name: string; line: number } | undefined;

export class FindingStore {
  readonly #records = new FindingRecords(CODE_NAMES);
  /** The record being read: its fields, and its texts as ranges of its block. */
  readonly #fields: RecordFields = { line: 0, column: 0, code: 0, severity: 'info', source: 0 };
  readonly #texts = new TextRanges();
  /** Where the finding last placed is told to be. */
  readonly #where = { input: '', line: 0 };
  /** Per input made of rows from sitemaps: where a row's line came from. */
  readonly #places: (Place | undefined)[] = [];

  /** Each code's severity in this run, by the code's number (read for every record). */
  readonly #severities: Severity[];

  /** Names of the inputs, by the index stamped on each record; shown only when there are several. */
  constructor(
    private inputNames: string[] = [],
    private strict = false,
  ) {
    this.#severities = CODE_NAMES.map((c) => (c ? this.severityOf(c) : 'info'));
  }

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
    this.#eachRecord(block, (fields, texts) => this.#records.addBytes(fields, texts));
  }

  /**
   * Counts a block of records without keeping them (see `Hooks.keepFindings`), handing each to
   * `visit`; with `one`, the first record only. Returns the bytes of the records read.
   */
  tally(block: Uint8Array, visit: (fields: RecordFields, texts: TextRanges) => void, one = false): number {
    return this.#eachRecord(
      block,
      (fields, texts) => {
        this.#records.count(fields.code);
        visit(fields, texts);
      },
      one,
    );
  }

  /** Counts findings written elsewhere (report.csv rows the core wrote): `counts[code]` of each code. */
  countAll(counts: Uint32Array): void {
    for (let c = 1; c < CODE_NAMES.length; c++) if (counts[c] > 0) this.#records.count(c, counts[c]);
  }

  /** Whether the findings of input `input` are told at their own line, with no input's name. */
  ownLines(input: number): boolean {
    return this.inputNames.length <= 1 && !this.#places[input];
  }

  /** Each record of a block as the core wrote it (the first only, with `one`): its fields and its texts as ranges of the block (the same two objects each time: a million records make no garbage). */
  #eachRecord(block: Uint8Array, visit: (fields: RecordFields, texts: TextRanges) => void, one = false): number {
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    let at = 0;
    while (at < block.length) {
      const code = view.getUint16(at + 8, true);
      const v = view.getUint16(at + 12, true);
      const f = view.getUint16(at + 14, true);
      const t = this.#texts;
      t.bytes = block;
      t.valueAt = at + HEADER;
      t.fixedAt = t.valueEnd = t.valueAt + (v & LENGTH);
      t.fixedEnd = t.fixedAt + (f & LENGTH);
      t.valueCut = (v & CUT) !== 0;
      t.fixedCut = (f & CUT) !== 0;
      t.valuePlain = (v & PLAIN) !== 0;
      t.fixedPlain = (f & PLAIN) !== 0;
      const fields = this.#fields;
      fields.line = view.getUint32(at, true);
      fields.column = view.getUint32(at + 4, true);
      fields.code = code;
      fields.severity = this.#severities[code];
      fields.source = view.getUint16(at + 10, true);
      visit(fields, t);
      at = (t.fixedEnd + 3) & ~3;
      if (one) break;
    }
    return at;
  }

  code(i: number): string {
    return this.#records.code(i);
  }

  severity(i: number): Severity {
    return this.#records.severity(i);
  }

  file(i: number): string {
    return this.input(i);
  }

  words(i: number): string[] {
    return [CODE_INFO[this.#records.code(i)].message, this.#records.value(i, '…'), this.#records.fixed(i, '…')];
  }

  /**
   * The findings in order, one at a time (`[...findings]`, `for (const f of findings)`): each is made
   * as it is reached, so reading a million costs no more memory than reading one.
   */
  *[Symbol.iterator](): IterableIterator<Finding> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  at(i: number): Finding {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    const r = this.#records;
    const code = r.code(i);
    return {
      input: this.input(i),
      line: this.line(i),
      column: r.column(i),
      code,
      severity: r.severity(i),
      message: CODE_INFO[code].message,
      value: r.value(i, '…'),
      fixed: r.fixed(i, '…'),
    };
  }

  column(i: number): number {
    return this.#records.column(i);
  }

  /** For writers of bytes: the value's bytes in two parts (views, not copies), and whether it was cut. */
  valueBytes(i: number, into: TextParts): TextParts {
    return this.#records.valueParts(i, into);
  }

  fixedBytes(i: number, into: TextParts): TextParts {
    return this.#records.fixedParts(i, into);
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

  /** The line, within the document it came from when the input is rows made from sitemaps. */
  line(i: number): number {
    return this.#whereOf(i).line;
  }

  /** The input named when there are several, or the document inside one a row came from. */
  input(i: number): string {
    return this.#whereOf(i).input;
  }

  /**
   * Where a finding of input `source` at `line` and `column` is told to be: the input it is named by
   * (empty when there is one input and the row is its own) and the line, within the document it came
   * from when the input is rows made from sitemaps. The same object each time, to read at once.
   */
  where(source: number, line: number, column: number, value: () => string): { readonly input: string; readonly line: number } {
    const place = this.#places[source];
    const from = place && line > 0 ? place(line, column, value) : undefined;
    const where = this.#where;
    where.input = from && from.name !== this.inputNames[source] ? from.name : this.inputNames.length > 1 ? (this.inputNames[source] ?? '') : '';
    where.line = from?.line ?? line;
    return where;
  }

  #whereOf(i: number): { readonly input: string; readonly line: number } {
    const r = this.#records;
    return this.where(r.source(i), r.line(i), r.column(i), () => r.value(i));
  }
}
