// What the readers of one file hand on: entries (as rows for the row rules, or as index entries)
// and findings about the file. The audit, the duplicate search and sitemapRows each supply their own.

import type { ReportCode } from './codes.ts';
import type { UrlExtensions } from './url-extensions.ts';
import type { ValueBuffer } from './value-buffer.ts';

/** A page entry's fields, in the generator's column order: loc, lastmod, changefreq, priority. */
export const CORE_COLUMNS = 4;
export type EntryFields = [ValueBuffer, ValueBuffer, ValueBuffer, ValueBuffer];

export interface EntrySink {
  /** A page to list: a `<url>`, a feed item or a text-sitemap line, starting on `line`. */
  page(file: number, line: number, fields: EntryFields): void;
  /** A `<sitemap>` entry of an index. */
  sitemap(file: number, line: number, loc: string, lastmod: string): void;
  report(file: number, line: number, code: ReportCode, message: string): void;
  /** Given when the sink wants the values of a <url>'s extension elements: filled before `page`. */
  readonly extensions?: UrlExtensions;
  /** False when the reading is for rows only: the insides of extension elements are not held to their schemas. */
  readonly extensionSchema?: boolean;
  /**
   * Entries the audit reports instead of listing (a <url> with no or an empty <loc>, a feed item
   * without a link, a text line that is no URL) come to `page` too, as rows the generator counts:
   * skipped when empty, rejected otherwise.
   */
  readonly keepsEveryEntry?: boolean;
  /** True when a WordPress export's items should fill the columns of wordpress-export.ts (in `extensions`). */
  readonly wordpress?: boolean;
}
