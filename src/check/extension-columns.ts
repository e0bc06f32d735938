// Which extension columns the rows of a sitemap need, learned in a first reading: only those that
// carry a value somewhere, in the order the generator writes them (image, the alternates, news,
// video), so a sitemap it wrote reads back into the same columns.
//
// hreflang codes keep the order the <url>s list them in: a code met for the first time goes right
// after the code before it in its <url> (or before the one after it), not at the end, so rows that
// lack some languages do not reorder the others.

import { NEWS_FIELDS, NEWS_OPTIONAL_FIELDS, VIDEO_FIELDS } from '../input/detect.ts';

/** More distinct codes than any site has; alternates under further codes get no column. */
const MAX_CODES = 1000;
const PREFIX = 'hreflang:';

export class ExtensionColumns {
  private readonly used = new Set<string>();
  private readonly codes: string[] = [];
  /** Columns a file names at its root (a WordPress export's), after the extensions. */
  private readonly named: string[] = [];

  /** Columns a file's root says its entries fill. */
  addNamed(columns: readonly string[]): void {
    for (const c of columns) if (!this.named.includes(c)) this.named.push(c);
  }

  /** The values of one <url> by column, its hreflang columns in document order. */
  add(values: ReadonlyMap<string, unknown>): void {
    let fresh = false;
    for (const column of values.keys()) {
      if (this.used.has(column)) continue;
      if (column.startsWith(PREFIX)) fresh = true;
      else this.used.add(column);
    }
    if (fresh) this.place([...values.keys()].filter((c) => c.startsWith(PREFIX)).map((c) => c.slice(PREFIX.length)));
  }

  /** Adds the codes of one <url> not yet known, each next to a neighbour in that <url>. */
  private place(row: string[]): void {
    const codes = this.codes;
    for (let i = 0; i < row.length && codes.length < MAX_CODES; i++) {
      if (this.used.has(PREFIX + row[i])) continue;
      let at = codes.length;
      if (i > 0) at = codes.indexOf(row[i - 1]) + 1;
      else {
        const next = row.slice(1).find((c) => this.used.has(PREFIX + c));
        if (next !== undefined) at = codes.indexOf(next);
      }
      codes.splice(at, 0, row[i]);
      this.used.add(PREFIX + row[i]);
    }
  }

  columns(): string[] {
    const has = (c: string) => this.used.has(c);
    return [
      ...(has('image') ? ['image'] : []),
      ...this.codes.map((c) => PREFIX + c),
      ...[...NEWS_FIELDS, ...NEWS_OPTIONAL_FIELDS].map((f) => `news:${f}`).filter(has),
      ...VIDEO_FIELDS.map((f) => `video:${f}`).filter(has),
      ...this.named,
    ];
  }
}
