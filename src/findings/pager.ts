// Findings read a filtered page at a time, so a page holds only the rows it shows however many
// findings a run has. The last filter's selection is kept: scrolling does not filter again.

import { filterKey, hasFilter, selectFindings, type FilterableFindings, type FindingFilter } from './filter.ts';

export interface FindingsPage<T> {
  /** Findings matching the filter, in all. */
  total: number;
  /** Index (within the filtered list) of the first finding returned. */
  start: number;
  findings: T[];
}

export class FindingPager<T> {
  #key = filterKey({});
  #selection: Uint32Array | null = null;

  constructor(private readonly list: FilterableFindings & { at(i: number): T }) {}

  page(filter: FindingFilter, start: number, count: number): FindingsPage<T> {
    const key = filterKey(filter);
    if (key !== this.#key) {
      this.#key = key;
      this.#selection = hasFilter(filter) ? selectFindings(this.list, filter) : null;
    }
    const selection = this.#selection;
    const total = selection ? selection.length : this.list.length;
    const end = Math.min(total, start + Math.max(0, count));
    const findings: T[] = [];
    for (let i = Math.max(0, start); i < end; i++) findings.push(this.list.at(selection ? selection[i] : i));
    return { total, start, findings };
  }
}
