// report.csv: one row per finding. Cells a spreadsheet would run as a formula are neutralised.

import type { FindingStore } from '../generate/findings.ts';

export const REPORT_HEADER = 'line,column,severity,code,message,value,fixed\n';

/** A CSV cell: quoted when it must be; a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` first. */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = "'" + v;
  if (/[",\n\r]/.test(v)) v = '"' + v.replace(/"/g, '""') + '"';
  return v;
}

/** The report as text blocks of about `blockSize` characters, so a million findings stream. */
export function* reportBlocks(store: FindingStore, blockSize = 1 << 20): Generator<string> {
  let block = REPORT_HEADER;
  for (let i = 0; i < store.length; i++) {
    const f = store.at(i);
    const line = f.input ? csvCell(`${f.input}:${f.line}`) : String(f.line);
    block += `${line},${f.column},${f.severity},${f.code},${csvCell(f.message)},${csvCell(f.value)},${csvCell(f.fixed)}\n`;
    if (block.length >= blockSize) {
      yield block;
      block = '';
    }
  }
  if (block) yield block;
}
