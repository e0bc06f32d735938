// One filter for every findings table: generate's and the audit's findings narrow the same way.

import type { Severity } from '../types.ts';

export interface FindingFilter {
  codes?: string[];
  severities?: Severity[];
  /** File names as the findings give them; `''` stands for findings about no one file. */
  files?: string[];
  /** Text found, ignoring case, in a finding's file name, code, message, value or fixed value. */
  search?: string;
}

/** What a filter reads of findings kept in a store. */
export interface FilterableFindings {
  readonly length: number;
  code(i: number): string;
  severity(i: number): Severity;
  /** The file the finding names ('' for none). */
  file(i: number): string;
  /** The words a search looks in besides the file and code: message, value and fixed value, as shown. */
  words(i: number): string[];
}

export function hasFilter(f: FindingFilter): boolean {
  return !!(f.codes?.length || f.severities?.length || f.files?.length || f.search?.trim());
}

/** A filter's identity: two filters with the same key select the same findings. */
export function filterKey(f: FindingFilter): string {
  return JSON.stringify([f.codes ?? [], f.severities ?? [], f.files ?? [], f.search?.trim().toLowerCase() ?? '']);
}

/** Indices of the findings that pass the filter, in order. */
export function selectFindings(list: FilterableFindings, filter: FindingFilter): Uint32Array {
  const codes = filter.codes?.length ? new Set(filter.codes) : null;
  const severities = filter.severities?.length ? new Set(filter.severities) : null;
  const files = filter.files?.length ? new Set(filter.files) : null;
  const search = filter.search?.trim().toLowerCase() || '';
  const hits = new Uint32Array(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const code = list.code(i);
    if (codes && !codes.has(code)) continue;
    if (severities && !severities.has(list.severity(i))) continue;
    if (files && !files.has(list.file(i))) continue;
    if (search && !found(search, code, list.file(i), list.words(i))) continue;
    hits[n++] = i;
  }
  return hits.slice(0, n);
}

function found(search: string, code: string, file: string, words: string[]): boolean {
  if (code.toLowerCase().includes(search) || file.toLowerCase().includes(search)) return true;
  return words.some((w) => w.toLowerCase().includes(search));
}
