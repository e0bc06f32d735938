// Where each value of the TSV rows made from sitemap entries came from: the entry's file and line,
// a core value's own line below it, an extension value's element (named as the file writes it).
// The audit's findings and the generator's findings on a converted sitemap are placed by it alike.

import { ExtensionPlaces } from './extension-places.ts';
import { FieldLines } from './field-lines.ts';
import { LineMap, type Place } from './line-map.ts';
import { CORE_COLUMNS } from './sink.ts';
import type { UrlExtensions } from './url-extensions.ts';

export type ValuePlace = Place & { element?: string };

export class RowPlaces {
  /** Where each TSV row came from. */
  readonly map = new LineMap();
  /** Where each row's core values sit below its entry's line. */
  readonly fieldLines = new FieldLines();
  #elements: ExtensionPlaces | null = null;

  /** The extension columns of the rows, in their order, once known. */
  setColumns(columns: readonly string[]): void {
    this.#elements = columns.length ? new ExtensionPlaces(columns) : null;
  }

  /** The extension values of the row written on `tsvLine` for the entry of `file`, as `ext` holds them. */
  noteExtensions(tsvLine: number, file: number, ext: UrlExtensions): void {
    this.#elements?.note(tsvLine, file, ext);
  }

  /**
   * Where the value in column `column` (1-based; 0 for the whole row) of the row on `tsvLine` came
   * from. An extension value is told from others of its column by `value` (asked only then): the
   * `repeat`-th element holding it, else the column's `nth`.
   */
  valueAt(tsvLine: number, column: number, value: () => string, repeat = 0, nth = 0): ValuePlace | undefined {
    const entry = this.map.lookup(tsvLine);
    if (!entry) return undefined;
    if (column > CORE_COLUMNS && this.#elements) {
      const element = this.#elements.find(tsvLine, entry.file, column - 1 - CORE_COLUMNS, value(), repeat, nth);
      if (element) return { file: entry.file, ...element };
    }
    return { file: entry.file, line: this.fieldLines.lineOf(tsvLine, column, entry.line) };
  }
}
