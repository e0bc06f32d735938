// The last audit's findings, kept in the engine's worker and read a filtered page at a time, so the
// page holds only the rows it shows however many findings a set of sitemaps has.

import type { CheckFinding } from './index.ts';
import type { Severity } from '../types.ts';

export interface CheckFindingFilter {
  codes?: string[];
  severities?: Severity[];
  /** File names as the audit gives them; `''` stands for findings about the whole set. */
  files?: string[];
  /** Case-insensitive text to find in the file name, code or message. */
  search?: string;
}

export interface CheckFindingsPage {
  /** Findings matching the filter, in all. */
  total: number;
  /** Index (within the filtered list) of the first finding returned. */
  start: number;
  findings: CheckFinding[];
}

function filterKey(f: CheckFindingFilter): string {
  return JSON.stringify([f.codes ?? [], f.severities ?? [], f.files ?? [], f.search?.trim().toLowerCase() ?? '']);
}

export class CheckFindingPages {
  #key = filterKey({});
  #selection: Uint32Array | null = null;

  constructor(private readonly findings: CheckFinding[]) {}

  page(filter: CheckFindingFilter, start: number, count: number): CheckFindingsPage {
    const key = filterKey(filter);
    if (key !== this.#key) {
      this.#key = key;
      this.#selection = this.#select(filter);
    }
    const selection = this.#selection;
    const total = selection ? selection.length : this.findings.length;
    const end = Math.min(total, start + Math.max(0, count));
    const findings: CheckFinding[] = [];
    for (let i = Math.max(0, start); i < end; i++) findings.push(this.findings[selection ? selection[i] : i]);
    return { total, start, findings };
  }

  /** Indexes of the findings that match, or null when nothing is filtered. */
  #select(filter: CheckFindingFilter): Uint32Array | null {
    const codes = filter.codes?.length ? new Set(filter.codes) : null;
    const severities = filter.severities?.length ? new Set<string>(filter.severities) : null;
    const files = filter.files?.length ? new Set(filter.files) : null;
    const search = filter.search?.trim().toLowerCase() || null;
    if (!codes && !severities && !files && !search) return null;
    const out: number[] = [];
    for (let i = 0; i < this.findings.length; i++) {
      const f = this.findings[i];
      if (codes && !codes.has(f.code)) continue;
      if (severities && !severities.has(f.severity)) continue;
      if (files && !files.has(f.file)) continue;
      if (search && !`${f.file}\n${f.code}\n${f.message}`.toLowerCase().includes(search)) continue;
      out.push(i);
    }
    return Uint32Array.from(out);
  }
}
