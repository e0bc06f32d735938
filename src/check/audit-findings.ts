// The audit's findings, written into the shared compact store as they are found, then read in file
// and line order (the order found within a line; findings about the whole set last).

import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { FindingRecords } from '../findings/records.ts';
import type { Severity } from '../types.ts';
import { CHECK_CODES, type CheckCode } from './codes.ts';
import type { Collected } from './collected.ts';
import type { CheckFinding } from './types.ts';

/** Every code a finding of the audit can have: the generator's row rules and the audit's own. */
const AUDIT_CODE_NAMES = [...new Set([...CODE_NAMES, ...Object.keys(CHECK_CODES)])];
const CODE_NUMBER = new Map(AUDIT_CODE_NAMES.map((name, i) => [name, i]));

function severityOf(c: Collected): Severity {
  return CHECK_CODES[c.code as CheckCode]?.severity ?? c.severity ?? CODE_INFO[c.code].severity;
}

export class AuditFindings {
  readonly #records = new FindingRecords(AUDIT_CODE_NAMES);
  /** The records in reading order, once `finish` has ordered them. */
  #order = new Uint32Array(0);
  #names: readonly string[] = [];
  #codes: Record<string, number> = {};

  add(c: Collected): void {
    const code = CODE_NUMBER.get(c.code);
    if (code === undefined) throw new RangeError(`no finding code ${c.code}`);
    this.#records.addText({ line: c.line, column: 0, code, severity: severityOf(c), source: c.file + 1 }, c.message);
  }

  /** Orders the findings and names their files (by index); counts per code follow that order. */
  finish(names: readonly string[]): void {
    const r = this.#records;
    this.#names = names;
    const order = new Uint32Array(r.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const fileKey = (i: number) => (r.source(i) === 0 ? Infinity : r.source(i));
    order.sort((a, b) => fileKey(a) - fileKey(b) || r.line(a) - r.line(b) || a - b);
    this.#order = order;
    const codes: Record<string, number> = {};
    for (const i of order) codes[r.code(i)] = (codes[r.code(i)] ?? 0) + 1;
    this.#codes = codes;
  }

  get length(): number {
    return this.#order.length;
  }

  /** Counts per code, each code where it first occurs in reading order. */
  codes(): Record<string, number> {
    return this.#codes;
  }

  /** Findings about each file, by its index. */
  perFile(): number[] {
    const out = new Array<number>(this.#names.length).fill(0);
    for (let i = 0; i < this.#records.length; i++) if (this.#records.source(i) > 0) out[this.#records.source(i) - 1]++;
    return out;
  }

  severities(): Partial<Record<Severity, number>> {
    const out: Partial<Record<Severity, number>> = {};
    for (let i = 0; i < this.#records.length; i++) {
      const s = this.#records.severity(i);
      out[s] = (out[s] ?? 0) + 1;
    }
    return out;
  }

  at(i: number): CheckFinding {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    const k = this.#order[i];
    return { file: this.#file(k), line: this.#records.line(k), code: this.#records.code(k), severity: this.#records.severity(k), message: this.#records.value(k) };
  }

  code(i: number): string {
    return this.#records.code(this.#order[i]);
  }

  severity(i: number): Severity {
    return this.#records.severity(this.#order[i]);
  }

  file(i: number): string {
    return this.#file(this.#order[i]);
  }

  /** The message (the audit's message carries the value it is about). */
  words(i: number): string[] {
    return [this.#records.value(this.#order[i])];
  }

  #file(k: number): string {
    const source = this.#records.source(k);
    return source > 0 ? this.#names[source - 1] : '';
  }
}
