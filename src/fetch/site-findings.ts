// A live check's findings in reading order, without copying the audit's store: those of fetching
// first, then the audit's, then the page sample's. Read as the audit's findings are read (the CLI's
// output, the page's pager).

import type { AuditFindings } from '../check/audit-findings.ts';
import type { CheckFinding } from '../check/types.ts';
import type { Severity } from '../types.ts';

export class SiteFindings {
  constructor(
    private readonly before: readonly CheckFinding[],
    private readonly audit: AuditFindings,
    private readonly after: readonly CheckFinding[],
  ) {}

  get length(): number {
    return this.before.length + this.audit.length + this.after.length;
  }

  /** The finding kept as an object, or the audit's index of it. */
  #own(i: number): CheckFinding | number {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    if (i < this.before.length) return this.before[i];
    const k = i - this.before.length;
    return k < this.audit.length ? k : this.after[k - this.audit.length];
  }

  at(i: number): CheckFinding {
    const f = this.#own(i);
    return typeof f === 'number' ? this.audit.at(f) : f;
  }

  code(i: number): string {
    const f = this.#own(i);
    return typeof f === 'number' ? this.audit.code(f) : f.code;
  }

  severity(i: number): Severity {
    const f = this.#own(i);
    return typeof f === 'number' ? this.audit.severity(f) : f.severity;
  }

  file(i: number): string {
    const f = this.#own(i);
    return typeof f === 'number' ? this.audit.file(f) : f.file;
  }

  words(i: number): string[] {
    const f = this.#own(i);
    return typeof f === 'number' ? this.audit.words(f) : [f.message];
  }

  severities(): Partial<Record<Severity, number>> {
    const out = { ...this.audit.severities() };
    for (const f of [...this.before, ...this.after]) out[f.severity] = (out[f.severity] ?? 0) + 1;
    return out;
  }
}
