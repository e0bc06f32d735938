// Findings read a filtered page at a time, so a page holds only the rows it shows however many
// findings a run has. The last filter's selection is kept: scrolling does not filter again.
// A table shows what stops a URL first: errors, then rows left out, warnings, fixes, and notes last;
// within a severity, findings keep the order they were found in.

import type { Severity } from '../types.ts';
import { filterKey, hasFilter, selectFindings, type FilterableFindings, type FindingFilter } from './filter.ts';

/** The order tables show severities in. */
export const SEVERITY_ORDER: readonly Severity[] = ['error', 'excluded', 'warning', 'fix', 'info'];
const RANK: Record<Severity, number> = { error: 0, excluded: 1, warning: 2, fix: 3, info: 4 };

export interface FindingsPage<T> {
  /** Findings matching the filter, in all. */
  total: number;
  /** Index (within the filtered list) of the first finding returned. */
  start: number;
  findings: T[];
}

export class FindingPager<T> {
  #key = filterKey({});
  #selection: Uint32Array | null;

  constructor(private readonly list: FilterableFindings & { at(i: number): T }) {
    this.#selection = bySeverity(list, null);
  }

  page(filter: FindingFilter, start: number, count: number): FindingsPage<T> {
    const key = filterKey(filter);
    if (key !== this.#key) {
      this.#key = key;
      this.#selection = bySeverity(this.list, hasFilter(filter) ? selectFindings(this.list, filter) : null);
    }
    const selection = this.#selection;
    const total = selection ? selection.length : this.list.length;
    const end = Math.min(total, start + Math.max(0, count));
    const findings: T[] = [];
    for (let i = Math.max(0, start); i < end; i++) findings.push(this.list.at(selection ? selection[i] : i));
    return { total, start, findings };
  }
}

/**
 * The findings of `selection` (every finding when null) ordered by severity, a counting sort that
 * keeps each severity's own order; null when every finding is already in that order.
 */
function bySeverity(list: FilterableFindings, selection: Uint32Array | null): Uint32Array | null {
  const n = selection ? selection.length : list.length;
  const ranks = new Uint8Array(n);
  const starts = new Uint32Array(SEVERITY_ORDER.length + 1);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const r = RANK[list.severity(selection ? selection[i] : i)];
    if (i > 0 && r < ranks[i - 1]) sorted = false;
    ranks[i] = r;
    starts[r + 1]++;
  }
  if (sorted) return selection;
  for (let r = 1; r < starts.length; r++) starts[r] += starts[r - 1];
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[starts[ranks[i]]++] = selection ? selection[i] : i;
  return out;
}
