// Where a row rule's finding on the audit's TSV rows points in the documents read: as any value
// (RowPlaces), and a hreflang code the generator judged once, in the header, at the first element
// that uses it. A value given twice in one <url> is told twice, each at its own element.

import type { Finding } from '../types.ts';
import { RowPlaces, type ValuePlace } from './row-places.ts';
import { CORE_COLUMNS } from './sink.ts';
import type { UrlExtensions } from './url-extensions.ts';

/** The TSV line of the header, where the generator judges each hreflang column's code. */
const HEADER_LINE = 1;
/** Images one <url> may carry: the one after them is where image-too-many points. */
const MAX_IMAGES = 1000;

export class FindingPlaces extends RowPlaces {
  /** Where each hreflang column's code is first found. */
  readonly #codeFirstSeen = new Map<string, ValuePlace>();
  #repeatsLine = 0;
  readonly #repeated = new Map<string, number>();

  /** `columns`: the extension columns of the rows, in their order. */
  constructor(private readonly columns: readonly string[]) {
    super();
    this.setColumns(columns);
  }

  override noteExtensions(tsvLine: number, file: number, ext: UrlExtensions): void {
    for (const column of ext.values.keys()) {
      if (column.startsWith('hreflang:') && !this.#codeFirstSeen.has(column)) {
        this.#codeFirstSeen.set(column, { file, line: ext.lines.get(column)![0], element: ext.elements.get(column) });
      }
    }
    super.noteExtensions(tsvLine, file, ext);
  }

  /** Where the finding points; undefined for a finding on the whole set. Findings come in the run's order. */
  placeOf(f: Finding): ValuePlace | undefined {
    if (f.line === HEADER_LINE) return this.#codeFirstSeen.get(this.columns[f.column - 1 - CORE_COLUMNS]);
    if (f.line <= 0) return undefined;
    const extension = f.column > CORE_COLUMNS;
    return this.valueAt(f.line, f.column, () => f.value, extension ? this.#repeats(f) : 0, f.code === 'image-too-many' ? MAX_IMAGES : 0);
  }

  /** How many findings before this one, on its row, had its column, code and value. */
  #repeats(f: Finding): number {
    if (f.line !== this.#repeatsLine) {
      this.#repeated.clear();
      this.#repeatsLine = f.line;
    }
    const key = `${f.column} ${f.code} ${f.value}`;
    const n = this.#repeated.get(key) ?? 0;
    this.#repeated.set(key, n + 1);
    return n;
  }
}
