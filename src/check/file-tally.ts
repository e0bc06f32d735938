// One file being read: its name, kind and counts for the result, and the way its readers report.

import { MAX_ENTRIES, type ReportCode } from './codes.ts';
import type { EntrySink } from './sink.ts';
import type { FileKind } from './types.ts';

export class FileTally {
  kind: FileKind = 'unknown';
  urls = 0;
  bytes = 0;
  /** Columns past the core ones that the file's entries fill, known at its root (a WordPress export's). */
  columns: readonly string[] = [];
  /** Entries that carry each extension, by the element it puts in <url> (image, link, news, video). */
  readonly carrying = new Map<string, number>();

  constructor(
    readonly index: number,
    readonly name: string,
    readonly sink: EntrySink,
  ) {}

  report(line: number, code: ReportCode, message: string): void {
    this.sink.report(this.index, line, code, message);
  }

  /** Counts an entry; the one past the protocol's limit is reported where it starts. */
  countEntry(line: number): void {
    if (++this.urls === MAX_ENTRIES + 1) {
      this.report(line, 'file-too-many-urls', `more than ${MAX_ENTRIES.toLocaleString('en-US')} entries; the first one over the limit starts here`);
    }
  }
}
