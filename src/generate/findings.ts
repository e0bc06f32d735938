// Findings kept as the core writes them: compact records, decoded only when one is read.
// A million findings cost their value bytes plus eight bytes of index, not a million objects.

import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import type { Finding, Severity } from '../types.ts';

const HEADER = 16;
const CUT = 0x8000;
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export interface FindingFilter {
  codes?: string[];
  severities?: Severity[];
  search?: string;
}

export class FindingStore {
  length = 0;
  private chunks: Uint8Array[] = [];
  /** Per finding: chunk number and byte offset. */
  private chunkOf = new Uint32Array(1024);
  private offsetOf = new Uint32Array(1024);
  private perCode = new Float64Array(CODE_NAMES.length);

  /** Per input made of rows from sitemaps: where a row's line came from. */
  private places: (((line: number, column: number) => { name: string; line: number } | undefined) | undefined)[] = [];

  /** Names of the inputs, by the index stamped on each record; shown only when there are several. */
  constructor(
    private inputNames: string[] = [],
    private strict = false,
  ) {}

  /**
   * Input `input` is rows made from sitemaps: a finding's line is told as the line of the document it
   * came from, and named by that document when it is one inside the input (a zip's entry).
   */
  placeRows(input: number, place: (line: number, column: number) => { name: string; line: number } | undefined): void {
    this.places[input] = place;
  }

  /** A code's severity in this run: `strict` makes loc-outside-directory an error. */
  severityOf(code: string): Severity {
    return this.strict && code === 'loc-outside-directory' ? 'error' : CODE_INFO[code].severity;
  }

  /** Adds a block of records as the core wrote them. */
  add(block: Uint8Array): void {
    const chunk = this.chunks.length;
    this.chunks.push(block);
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    let at = 0;
    while (at < block.length) {
      if (this.length === this.chunkOf.length) this.grow();
      this.chunkOf[this.length] = chunk;
      this.offsetOf[this.length] = at;
      this.length++;
      this.perCode[view.getUint16(at + 8, true)]++;
      const valueLen = view.getUint16(at + 12, true) & ~CUT;
      const fixedLen = view.getUint16(at + 14, true) & ~CUT;
      at += (HEADER + valueLen + fixedLen + 3) & ~3;
    }
  }

  private grow(): void {
    const chunkOf = new Uint32Array(this.chunkOf.length * 2);
    chunkOf.set(this.chunkOf);
    this.chunkOf = chunkOf;
    const offsetOf = new Uint32Array(this.offsetOf.length * 2);
    offsetOf.set(this.offsetOf);
    this.offsetOf = offsetOf;
  }

  codeAt(i: number): string {
    const block = this.chunks[this.chunkOf[i]];
    const at = this.offsetOf[i];
    return CODE_NAMES[block[at + 8] | (block[at + 9] << 8)];
  }

  at(i: number): Finding {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    const block = this.chunks[this.chunkOf[i]];
    const at = this.offsetOf[i];
    const view = new DataView(block.buffer, block.byteOffset + at, HEADER);
    const code = CODE_NAMES[view.getUint16(8, true)];
    const inputIndex = view.getUint16(10, true);
    let input = this.inputNames.length > 1 ? (this.inputNames[inputIndex] ?? '') : '';
    let line = view.getUint32(0, true);
    const column = view.getUint32(4, true);
    const from = line > 0 ? this.places[inputIndex]?.(line, column) : undefined;
    if (from) {
      line = from.line;
      if (from.name !== this.inputNames[inputIndex]) input = from.name;
    }
    const v = view.getUint16(12, true);
    const f = view.getUint16(14, true);
    const valueLen = v & ~CUT;
    const fixedLen = f & ~CUT;
    const valueAt = at + HEADER;
    const info = CODE_INFO[code];
    return {
      input,
      line,
      column,
      code,
      severity: this.severityOf(code),
      message: info.message,
      value: decoder.decode(block.subarray(valueAt, valueAt + valueLen)) + (v & CUT ? '…' : ''),
      fixed: decoder.decode(block.subarray(valueAt + valueLen, valueAt + valueLen + fixedLen)) + (f & CUT ? '…' : ''),
    };
  }

  /** Counts per code, for codes that occurred. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (let c = 1; c < this.perCode.length; c++) if (this.perCode[c] > 0) out[CODE_NAMES[c]] = this.perCode[c];
    return out;
  }

  /** Indices of the findings that pass the filter, in order. */
  select(filter: FindingFilter): Uint32Array {
    const codes = filter.codes?.length ? new Set(filter.codes) : null;
    const severities = filter.severities?.length ? new Set(filter.severities) : null;
    const search = filter.search?.trim().toLowerCase() || '';
    const hits = new Uint32Array(this.length);
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      const code = this.codeAt(i);
      if (codes && !codes.has(code)) continue;
      if (severities && !severities.has(this.severityOf(code))) continue;
      if (search) {
        const f = this.at(i);
        const text = `${f.line} ${f.code} ${f.value} ${f.fixed} ${f.message}`.toLowerCase();
        if (!text.includes(search)) continue;
      }
      hits[n++] = i;
    }
    return hits.slice(0, n);
  }
}
