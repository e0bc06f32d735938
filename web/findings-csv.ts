// The Check tab's findings as a CSV file, read from the worker a page at a time so a million of them
// are never one message. The columns are `sitemill check --json`'s; cells are made safe for a
// spreadsheet as report.csv's are.
import { csvCell, type CheckFinding, type CheckFindingsPage, type FindingFilter } from '../src/browser';

export const CHECK_CSV_HEADER = 'file,line,severity,code,message\n';
const PAGE = 5_000;

/** Every finding `load` gives, in the tables' order, as CSV. */
export async function checkFindingsCsv(load: (filter: FindingFilter, start: number, count: number) => Promise<CheckFindingsPage>): Promise<Blob> {
  const parts: string[] = [CHECK_CSV_HEADER];
  for (let start = 0; ; start += PAGE) {
    const page = await load({}, start, PAGE);
    parts.push(page.findings.map(row).join(''));
    if (start + PAGE >= page.total) break;
  }
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}

function row(f: CheckFinding): string {
  return `${csvCell(f.file)},${f.line},${f.severity},${f.code},${csvCell(f.message)}\n`;
}
