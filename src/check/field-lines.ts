// How far below its entry's line each core value starts (a pretty-printed <url> puts <lastmod> a
// line or two under it), kept by the TSV line of the entry's row, so a finding on a value names the
// line of the value. One byte a value, and nothing at all while every value sits on its entry's line.

import { CORE_COLUMNS as CORE, type EntryFields } from './sink.ts';

export class FieldLines {
  private deltas: Uint8Array | null = null;

  note(tsvLine: number, entryLine: number, fields: EntryFields): void {
    for (let k = 0; k < CORE; k++) {
      const delta = fields[k].line - entryLine;
      if (delta <= 0 || delta > 255) continue;
      const at = tsvLine * CORE + k;
      if (!this.deltas || at >= this.deltas.length) this.grow(at + 1);
      this.deltas![at] = delta;
    }
  }

  /** The line of column `column` (1-based; the core ones) of the row on TSV line `tsvLine`, whose entry is on `line`. */
  lineOf(tsvLine: number, column: number, line: number): number {
    if (!this.deltas || column < 1 || column > CORE) return line;
    return line + (this.deltas[tsvLine * CORE + column - 1] ?? 0);
  }

  private grow(need: number): void {
    let size = this.deltas ? this.deltas.length : 1 << 12;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    if (this.deltas) next.set(this.deltas);
    this.deltas = next;
  }
}
