// What a findings table is narrowed to: a code, a severity, a file (the Check tab's), and text.
import type { FindingFilter } from '../src/browser';
import type { Severity } from '../src/types';

// In the order the tables show them: what stops a URL first, notes last.
export const SEVERITIES: Severity[] = ['error', 'excluded', 'warning', 'fix', 'info'];

/** The value of the file filter that stands for findings about the whole set (no file). */
export const WHOLE_SET = '';

export class FindingFilters {
  code = $state('');
  severity = $state<Severity | ''>('');
  /** A file name, WHOLE_SET, or null for every file. */
  file = $state<string | null>(null);
  search = $state('');

  /** As the engine takes it, for either tab (the Generate tab has no file select: `files` stays unset there). */
  filter = $derived<FindingFilter>({
    codes: this.code ? [this.code] : undefined,
    severities: this.severity ? [this.severity] : undefined,
    files: this.file === null ? undefined : [this.file],
    search: this.search.trim() || undefined,
  });

  clear(): void {
    this.code = '';
    this.severity = '';
    this.file = null;
    this.search = '';
  }
}
