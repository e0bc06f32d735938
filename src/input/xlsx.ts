// Excel workbooks (.xlsx) as input: one sheet read as a table, its rows given on as CSV bytes, so the
// header rules and the row rules apply to it as to any export (SPEC section 10).
//
// Read with a reader of our own over fflate (the zip, streamed: src/check/zip-entries.ts) and the
// project's XML scanner, not a spreadsheet library: the prototype that chose it read 100k rows × 30
// columns in 3.7–3.9 s, 258 MB peak, where `@e965/xlsx` (SheetJS) took 7.2 s and 661 MB, as it
// builds the whole sheet in memory. No eval, no workers, no Node built-ins: the same code runs in
// the page's Web Worker under its CSP.
//
// Measured (bench/xlsx-dataset.ts: 100k rows × 30 columns, shared strings after the sheet as Excel
// writes them; 18.5 MB .xlsx, 88 MB of sheet XML, 28 MB of shared strings), Node 20, on a 2-core
// machine other jobs kept busy (load 10–12), so CPU time is the steadier figure, best of 3:
//   `sitemill generate crawl-100000.xlsx`: 8.7 s user CPU, 18 s wall, 227 MB peak RSS
//   the same table as CSV:                 2.0 s user CPU, 5.3 s wall, 156 MB peak RSS
//   this reader alone (bench/xlsx-read.ts): 6.2 s user CPU, 176 MB peak RSS
//   SheetJS read (dense) + sheet_to_csv:   16.5 s user CPU, 46 s wall, 752 MB peak RSS
// With the machine less busy (load ~4), best of 2: the .xlsx 10.5 s wall, 232 MB; the CSV 2.5 s,
// 165 MB. Both give the same sitemaps and report, byte for byte.
//
// Memory: the sheet's XML is never held; what is held is the shared strings (as CSV fields) and,
// when the zip stores the sheet before the parts it needs (Excel writes sharedStrings.xml after the
// sheets, SheetJS workbook.xml last), the sheet as stored, deflated, until they are read.

import { inflateStored, InflateError, zipEntries } from '../check/zip-entries.ts';
import { concat } from './byte-streams.ts';
import { CsvBytes } from './csv-bytes.ts';
import { InputError } from './input-error.ts';
import { SheetRows } from './xlsx-sheet.ts';
import { SharedStrings } from './xlsx-strings.ts';
import { DateStyles } from './xlsx-styles.ts';
import { chooseSheet, WORKBOOK_PART, WORKBOOK_RELS_PART, WorkbookPart, WorkbookRels, worksheetNames } from './xlsx-workbook.ts';
import { PartScanner, readPart, WorkbookFault } from './xlsx-xml.ts';

/** How many bytes of rows are gathered before they are given on. */
const BLOCK = 1 << 16;
/** The end record (22 bytes) and the longest comment a zip may end with. */
const END_SEARCH = 22 + 0xffff;
/**
 * The rows of a workbook's first sheet, or of the sheet `wanted` names, as CSV bytes; `onSheet` is
 * told the sheet read and the names of all the worksheets before its rows come.
 */
export async function* workbookRows(name: string, chunks: AsyncIterable<Uint8Array>, wanted?: string, onSheet?: (sheet: string, sheets: string[]) => void): AsyncGenerator<Uint8Array> {
  try {
    yield* new Workbook(wanted, onSheet).rows(chunks);
  } catch (e) {
    if (e instanceof NotAWorkbook) throw new InputError(`${name} is an Office document but not an Excel workbook (it has no ${WORKBOOK_PART}); save the table as .xlsx or CSV`);
    if (e instanceof WorkbookFault || e instanceof InflateError) throw new InputError(`${name}: the workbook cannot be read: ${e.message}`);
    throw e;
  }
}

class NotAWorkbook extends Error {}

class Workbook {
  private book: WorkbookPart | undefined;
  private rels: WorkbookRels | undefined;
  private readonly styles = new DateStyles();
  private readonly strings = new SharedStrings();
  private stylesRead = false;
  private stringsRead = false;
  private chosen: { name: string; part: string } | undefined;
  /** Sheets met before the workbook could read them, as stored: by part name. */
  private readonly kept = new Map<string, { chunks: Uint8Array[]; deflated: boolean }>();

  constructor(
    private readonly wanted: string | undefined,
    private readonly onSheet?: (sheet: string, sheets: string[]) => void,
  ) {}

  async *rows(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const end = new ZipEnd();
    for await (const entry of zipEntries(end.watch(source), (n) => !this.ready() && this.maybeSheet(n.toLowerCase()))) {
      const part = entry.name.toLowerCase();
      if (part === WORKBOOK_PART) await readPart(entry.name, entry.chunks, (this.book = new WorkbookPart()));
      else if (part === WORKBOOK_RELS_PART) await readPart(entry.name, entry.chunks, (this.rels = new WorkbookRels()));
      else if (part === this.partOf('styles', 'xl/styles.xml')) {
        await readPart(entry.name, entry.chunks, this.styles);
        this.stylesRead = true;
      } else if (part === this.partOf('sharedStrings', 'xl/sharedstrings.xml')) {
        await readPart(entry.name, entry.chunks, this.strings);
        this.stringsRead = true;
      } else if (this.ready() && part === this.chosen!.part) {
        yield* this.sheet(entry.name, entry.deflated ? inflateStored(await gather(entry.chunks)) : entry.chunks);
        return;
      } else if (this.maybeSheet(part)) {
        this.kept.set(part, { chunks: await gather(entry.chunks), deflated: entry.deflated === true });
      }
      if (this.book && this.rels && !this.chosen) {
        this.chosen = chooseSheet(this.book, this.rels, this.wanted);
        this.onSheet?.(this.chosen.name, worksheetNames(this.book, this.rels));
      }
    }
    // A zip cut short between two entries reads as a smaller zip: its end record says it is whole.
    if (!end.found()) throw new InflateError('the zip archive is cut short (its end record is missing)');
    if (!this.book) throw new NotAWorkbook();
    if (!this.rels) throw new WorkbookFault(`${WORKBOOK_RELS_PART} is missing`);
    const { name, part } = this.chosen!;
    for (const [kind, read] of [['sharedStrings', this.stringsRead], ['styles', this.stylesRead]] as const) {
      const needed = this.rels.partOf(kind);
      if (needed && !read) throw new WorkbookFault(`${needed} is missing`);
    }
    const kept = this.kept.get(part);
    if (!kept) throw new WorkbookFault(`the sheet "${name}" (${part}) is missing`);
    this.kept.clear();
    yield* this.sheet(part, kept.deflated ? inflateStored(kept.chunks) : kept.chunks);
  }

  /** The workbook, its relationships and the parts they name are read: the sheet can be read as it comes. */
  private ready(): boolean {
    if (!this.book || !this.rels) return false;
    return (this.stringsRead || !this.rels.partOf('sharedStrings')) && (this.stylesRead || !this.rels.partOf('styles'));
  }

  private partOf(kind: string, usual: string): string {
    return this.rels?.partOf(kind) ?? usual;
  }

  /** Whether a part may be the sheet to read, as far as what has been read tells. */
  private maybeSheet(part: string): boolean {
    if (this.chosen) return part === this.chosen.part;
    if (this.rels) return this.rels.isSheet(part);
    return part.startsWith('xl/') && part.endsWith('.xml') && part !== WORKBOOK_PART && part !== 'xl/styles.xml' && part !== 'xl/sharedstrings.xml';
  }

  private async *sheet(part: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const out = new CsvBytes();
    const scanner = new PartScanner(part, new SheetRows(out, this.strings, this.styles, this.book!.date1904));
    for await (const chunk of chunks) {
      scanner.push(chunk);
      if (out.length >= BLOCK) yield out.take();
    }
    scanner.finish();
    if (out.length > 0) yield out.take();
  }
}

/** The last bytes of a stream, to find a zip's end of central directory record among them. */
class ZipEnd {
  private tail: Uint8Array[] = [];
  private size = 0;

  async *watch(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.tail.push(chunk);
      this.size += chunk.length;
      while (this.size - this.tail[0].length >= END_SEARCH) this.size -= this.tail.shift()!.length;
      yield chunk;
    }
  }

  /** The record's signature, with room for the record after it. */
  found(): boolean {
    const t = concat(this.tail, this.size);
    for (let i = t.length - 22; i >= 0 && i >= t.length - END_SEARCH; i--) {
      if (t[i] === 0x50 && t[i + 1] === 0x4b && t[i + 2] === 5 && t[i + 3] === 6) return true;
    }
    return false;
  }
}

async function gather(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
}
