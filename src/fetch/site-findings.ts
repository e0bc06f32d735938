// A live check's findings in reading order, without copying the audits' stores: those of fetching
// first, then each audit's (one per site checked), then the page sample's. Read as the audit's
// findings are read (the CLI's output, the page's pager).

import type { AuditFindings } from '../check/audit-findings.ts';
import type { CheckFinding } from '../check/types.ts';
import type { Severity } from '../types.ts';

/** A finding kept as an object, or one audit's and its index there. */
type Own = CheckFinding | { audit: AuditFindings; k: number };

export class SiteFindings {
  readonly length: number;

  constructor(
    private readonly before: readonly CheckFinding[],
    private readonly audits: readonly AuditFindings[],
    private readonly after: readonly CheckFinding[],
  ) {
    this.length = before.length + audits.reduce((n, a) => n + a.length, 0) + after.length;
  }

  #own(i: number): Own {
    if (i < 0 || i >= this.length) throw new RangeError(`no finding ${i}`);
    if (i < this.before.length) return this.before[i];
    let k = i - this.before.length;
    for (const audit of this.audits) {
      if (k < audit.length) return { audit, k };
      k -= audit.length;
    }
    return this.after[k];
  }

  at(i: number): CheckFinding {
    const f = this.#own(i);
    return 'audit' in f ? f.audit.at(f.k) : f;
  }

  code(i: number): string {
    const f = this.#own(i);
    return 'audit' in f ? f.audit.code(f.k) : f.code;
  }

  severity(i: number): Severity {
    const f = this.#own(i);
    return 'audit' in f ? f.audit.severity(f.k) : f.severity;
  }

  file(i: number): string {
    const f = this.#own(i);
    return 'audit' in f ? f.audit.file(f.k) : f.file;
  }

  words(i: number): string[] {
    const f = this.#own(i);
    return 'audit' in f ? f.audit.words(f.k) : [f.message];
  }

  severities(): Partial<Record<Severity, number>> {
    const out: Partial<Record<Severity, number>> = {};
    const count = (severity: Severity, n: number) => void (out[severity] = (out[severity] ?? 0) + n);
    for (const audit of this.audits) for (const [severity, n] of Object.entries(audit.severities())) count(severity as Severity, n);
    for (const f of [...this.before, ...this.after]) count(f.severity, 1);
    return out;
  }
}
