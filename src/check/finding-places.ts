// Where a row rule's finding on the audit's TSV rows points in the documents read: a core value at
// its own line, an extension value at its element (named as the file writes it), a hreflang code
// the generator judged once, in the header, at the first element that uses it.

import type { Finding } from '../types.ts';
import { ExtensionPlaces } from './extension-places.ts';
import { FieldLines } from './field-lines.ts';
import { LineMap, type Place } from './line-map.ts';
import { CORE_COLUMNS } from './sink.ts';
import type { UrlExtensions } from './url-extensions.ts';

/** The TSV line of the header, where the generator judges each hreflang column's code. */
const HEADER_LINE = 1;
/** Images one <url> may carry: the one after them is where image-too-many points. */
const MAX_IMAGES = 1000;

export type FindingPlace = Place & { element?: string };

export class FindingPlaces {
  /** Where each TSV row came from. */
  readonly map = new LineMap();
  /** Where each row's core values sit below its entry's line. */
  readonly fieldLines = new FieldLines();
  readonly #elements: ExtensionPlaces;
  /** Where each hreflang column's code is first found. */
  readonly #codeFirstSeen = new Map<string, FindingPlace>();
  // A value given twice in one <url> is told twice, in order: the second finding is on the second element.
  #repeatsLine = 0;
  readonly #repeated = new Map<string, number>();

  /** `columns`: the extension columns of the rows, in their order. */
  constructor(private readonly columns: readonly string[]) {
    this.#elements = new ExtensionPlaces(columns);
  }

  /** The extension values of the row written on `tsvLine` for the entry of `file`, as `ext` holds them. */
  noteExtensions(tsvLine: number, file: number, ext: UrlExtensions): void {
    for (const column of ext.values.keys()) {
      if (column.startsWith('hreflang:') && !this.#codeFirstSeen.has(column)) {
        this.#codeFirstSeen.set(column, { file, line: ext.lines.get(column)![0], element: ext.elements.get(column) });
      }
    }
    this.#elements.note(tsvLine, file, ext);
  }

  /** Where the finding points; undefined for a finding on the whole set. Findings come in the run's order. */
  placeOf(f: Finding): FindingPlace | undefined {
    if (f.line === HEADER_LINE) return this.#codeFirstSeen.get(this.columns[f.column - 1 - CORE_COLUMNS]);
    const entry = f.line > 0 ? this.map.lookup(f.line) : undefined;
    if (!entry) return undefined;
    if (f.column > CORE_COLUMNS) {
      const nth = f.code === 'image-too-many' ? MAX_IMAGES : 0;
      const element = this.#elements.find(f.line, entry.file, f.column - 1 - CORE_COLUMNS, f.value, this.#repeats(f), nth);
      if (element) return { file: entry.file, ...element };
    }
    return { file: entry.file, line: this.fieldLines.lineOf(f.line, f.column, entry.line) };
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
