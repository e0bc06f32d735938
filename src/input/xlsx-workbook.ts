// The workbook's own parts: xl/workbook.xml (the sheets in tab order, the date system) and its
// relationships (xl/_rels/workbook.xml.rels: where each sheet, the shared strings and the styles are
// in the zip). Which sheet is read is decided here.

import { WorkbookFault, type Attributes, type PartHandler } from './xlsx-xml.ts';

export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';

interface SheetEntry {
  name: string;
  relId: string;
}

export class WorkbookPart implements PartHandler {
  readonly sheets: SheetEntry[] = [];
  /** Serial numbers count from 1904-01-01 (old Mac workbooks), not from 1900. */
  date1904 = false;

  start(local: string, attrs: Attributes): void {
    if (local === 'sheet') this.sheets.push({ name: attrs.get('name') ?? '', relId: attrs.get('id') ?? '' });
    else if (local === 'workbookPr') this.date1904 = /^(1|true)$/.test(attrs.get('date1904') ?? '');
  }

  end(): void {}
  text(): void {}
}

interface Relationship {
  /** The last segment of its type URI: `worksheet`, `sharedStrings`, `styles`… */
  kind: string;
  /** The part's name in the zip, in lower case (part names are case-insensitive). */
  part: string;
}

export class WorkbookRels implements PartHandler {
  readonly byId = new Map<string, Relationship>();

  /** The part of the one relationship of this kind (the shared strings, the styles), if there is one. */
  partOf(kind: string): string | undefined {
    for (const r of this.byId.values()) if (r.kind === kind) return r.part;
    return undefined;
  }

  /** Whether the part is a sheet's. */
  isSheet(part: string): boolean {
    for (const r of this.byId.values()) if (r.part === part && r.kind.endsWith('sheet')) return true;
    return false;
  }

  start(local: string, attrs: Attributes): void {
    if (local !== 'Relationship' || attrs.get('TargetMode') === 'External') return;
    const type = attrs.get('Type') ?? '';
    this.byId.set(attrs.get('Id') ?? '', { kind: type.slice(type.lastIndexOf('/') + 1), part: partName(attrs.get('Target') ?? '') });
  }

  end(): void {}
  text(): void {}
}

/** A relationship's target as a part name: relative to xl/, or absolute from the package root. */
export function partName(target: string): string {
  const segments = target.startsWith('/') ? [] : ['xl'];
  for (const s of target.split('/')) {
    if (s === '..') segments.pop();
    else if (s !== '' && s !== '.') segments.push(s);
  }
  return segments.join('/').toLowerCase();
}

/**
 * The sheet to read: the one named (as Excel matches names, ignoring case), else the first worksheet
 * in tab order. Its name and part.
 */
export function chooseSheet(book: WorkbookPart, rels: WorkbookRels, wanted: string | undefined): { name: string; part: string } {
  if (book.sheets.length === 0) throw new WorkbookFault('the workbook has no sheets');
  const relOf = (s: SheetEntry) => rels.byId.get(s.relId);
  let sheet: SheetEntry | undefined;
  if (wanted === undefined) {
    sheet = book.sheets.find((s) => relOf(s)?.kind === 'worksheet');
    if (!sheet) throw new WorkbookFault(`the workbook has no worksheet, only ${listSheets(book)}`);
  } else {
    sheet = book.sheets.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
    if (!sheet) throw new WorkbookFault(`the workbook has no sheet named "${wanted}"; its sheets are ${listSheets(book)}`);
  }
  const rel = relOf(sheet);
  if (!rel) throw new WorkbookFault(`the sheet "${sheet.name}" has no part in the workbook (relationship ${sheet.relId} is missing)`);
  if (rel.kind !== 'worksheet') throw new WorkbookFault(`the sheet "${sheet.name}" is a ${rel.kind}, not a table`);
  return { name: sheet.name, part: rel.part };
}

/** The names of the workbook's worksheets (not charts), in tab order. */
export function worksheetNames(book: WorkbookPart, rels: WorkbookRels): string[] {
  return book.sheets.filter((s) => rels.byId.get(s.relId)?.kind === 'worksheet').map((s) => s.name);
}

function listSheets(book: WorkbookPart): string {
  return book.sheets.map((s) => `"${s.name}"`).join(', ');
}
