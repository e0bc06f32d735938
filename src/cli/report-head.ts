// The first findings of a run that keeps none (the CLI's), read back from report.csv's bytes as the
// run writes them (Hooks.onReportBytes): what `--json` lists, with the library's Finding fields.
// A cell that report.csv starts with `'` (a spreadsheet would run it as a formula) loses the `'`.

import type { Finding, Severity } from '../types.ts';

const FIELDS = 7; // line,column,severity,code,message,value,fixed

export class ReportHead {
  readonly findings: Finding[] = [];
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  #text = '';
  #header = true;

  constructor(private limit: number) {}

  /** The hook: the next bytes of report.csv. */
  readonly take = (bytes: Uint8Array): void => {
    if (this.findings.length >= this.limit) return;
    this.#text += this.#decoder.decode(bytes, { stream: true });
    let at = 0;
    for (;;) {
      const row = csvRow(this.#text, at);
      if (!row) break;
      at = row.end;
      if (this.#header) this.#header = false;
      else this.findings.push(finding(row.cells));
      if (this.findings.length >= this.limit) break;
    }
    this.#text = this.findings.length >= this.limit ? '' : this.#text.slice(at);
  };
}

/** The row of CSV that starts at `at`, if the text holds all of it. */
function csvRow(text: string, at: number): { cells: string[]; end: number } | null {
  const cells: string[] = [];
  let i = at;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; ; ) {
        const q = text.indexOf('"', i);
        if (q < 0) return null;
        cell += text.slice(i, q);
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      let e = i;
      while (e < text.length && text[e] !== ',' && text[e] !== '\n') e++;
      cell = text.slice(i, e);
      i = e;
    }
    if (i >= text.length) return null;
    cells.push(cell);
    if (text[i++] === '\n') return { cells, end: i };
  }
}

function plain(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A row as a Finding: `line` is `input:line` when the run names inputs. */
function finding(cells: string[]): Finding {
  const [where, column, severity, code, message, value, fixed] = Array.from({ length: FIELDS }, (_, k) => plain(cells[k] ?? ''));
  const m = /^(.*):(\d+)$/s.exec(where);
  return {
    input: m ? m[1] : '',
    line: Number(m ? m[2] : where) || 0,
    column: Number(column) || 0,
    code,
    severity: severity as Severity,
    message,
    value,
    fixed,
  };
}
