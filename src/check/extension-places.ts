// Where each extension value of a row was found: the line of its element and the element as written,
// kept by the row's TSV line, so a finding on an image or an alternate points at that element and
// not at the <url> around it. Three numbers a value (column, a hash of the value, line), only for
// rows that carry extension values; element names once per file and column.

import type { UrlExtensions } from './url-extensions.ts';

export interface ElementPlace {
  line: number;
  /** The element as written: `<image:loc>`, `<xhtml:link hreflang="fr">`. */
  element: string;
}

/** FNV-1a over the UTF-16 units: enough to tell a row's few values in one column apart. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function widened(a: Uint32Array<ArrayBuffer>, need: number): Uint32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const next = new Uint32Array(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

export class ExtensionPlaces {
  readonly #index: ReadonlyMap<string, number>;
  /** The TSV line of each row noted, increasing; its values start at `#starts[k]` in the pool. */
  #rows = new Uint32Array(256);
  #starts = new Uint32Array(257);
  #count = 0;
  #pool = new Uint32Array(768);
  #used = 0;
  /** `file column` → the element that column's values come from in that file (first as written). */
  readonly #elements = new Map<string, string>();

  /** `columns` are the extension columns of the rows, in their order. */
  constructor(columns: readonly string[]) {
    this.#index = new Map(columns.map((c, i) => [c, i]));
  }

  /** The values of the row on TSV line `tsvLine`, from file `file`, as `ext` holds them. */
  note(tsvLine: number, file: number, ext: UrlExtensions): void {
    if (ext.values.size === 0) return;
    const k = this.#count++;
    this.#rows = widened(this.#rows, k + 1);
    this.#starts = widened(this.#starts, k + 2);
    this.#rows[k] = tsvLine;
    this.#starts[k] = this.#used;
    for (const [column, values] of ext.values) {
      const c = this.#index.get(column);
      if (c === undefined) continue;
      const lines = ext.lines.get(column)!;
      this.#pool = widened(this.#pool, this.#used + 3 * values.length);
      for (let i = 0; i < values.length; i++) {
        this.#pool[this.#used++] = c;
        this.#pool[this.#used++] = hash(values[i]);
        this.#pool[this.#used++] = lines[i];
      }
      const key = `${file} ${c}`;
      if (!this.#elements.has(key)) this.#elements.set(key, ext.elements.get(column)!);
    }
    this.#starts[k + 1] = this.#used;
  }

  /**
   * The element of column `column` (an index into the columns) in the row on `tsvLine`, from `file`:
   * the `repeat`-th (0-based) holding `value`, else the `nth` of the column, else its first.
   */
  find(tsvLine: number, file: number, column: number, value: string, repeat = 0, nth = 0): ElementPlace | undefined {
    const k = this.#row(tsvLine);
    if (k < 0) return undefined;
    const element = this.#elements.get(`${file} ${column}`);
    if (element === undefined) return undefined;
    const h = hash(value);
    let first = -1;
    let counted = 0;
    let nthLine = -1;
    for (let p = this.#starts[k]; p < this.#starts[k + 1]; p += 3) {
      if (this.#pool[p] !== column) continue;
      const line = this.#pool[p + 2];
      if (this.#pool[p + 1] === h && repeat-- === 0) return { line, element };
      if (first < 0) first = line;
      if (counted++ === nth) nthLine = line;
    }
    if (first < 0) return undefined;
    return { line: nthLine >= 0 ? nthLine : first, element };
  }

  /** The index of the row noted on `tsvLine`, or -1. */
  #row(tsvLine: number): number {
    let lo = 0;
    let hi = this.#count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.#rows[mid];
      if (at === tsvLine) return mid;
      if (at < tsvLine) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
