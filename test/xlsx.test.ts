// Excel workbooks as input (SPEC section 10): a sheet reads as the same table saved as CSV would, its
// cells as SheetJS (@e965/xlsx) reads them, and a broken workbook is one clear error. The workbooks
// are made here, by SheetJS or by hand (for what SheetJS does not write: inline and rich text
// strings, Excel's order of parts, gaps), never committed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { generate } from '../src/generate/engine.ts';
import { inspect } from '../src/generate/inspect.ts';
import { decodeInput, InputError } from '../src/input/decode.ts';
import { isDateFormatCode, serialToIso } from '../src/input/excel-dates.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { Options } from '../src/types.ts';
import { BASE, cli, concatParts, readZip, sitemapNames, source, tempDir, tempFile, unescapeXml } from './helpers.ts';

/** The clock for runs: after the workbooks' dates (2026-11-01), which are then not in the future. */
const AFTER_DATES = '2027-01-01T00:00:00Z';
import { mulberry32, testSeed } from './random.ts';

type Cell = string | number | boolean | null | { serial: number; format: string };

/** A workbook made by SheetJS: sheets of rows; `{ serial, format }` is a number cell with that number format. */
function workbook(sheets: [string, Cell[][]][], options: { date1904?: boolean; sst?: boolean } = {}): Uint8Array {
  const wb = XLSX.utils.book_new();
  if (options.date1904) wb.Workbook = { WBProps: { date1904: true } };
  for (const [name, rows] of sheets) {
    const ws: XLSX.WorkSheet = {};
    let width = 1;
    rows.forEach((row, r) => {
      width = Math.max(width, row.length);
      row.forEach((v, c) => {
        if (v === null) return;
        const ref = XLSX.utils.encode_cell({ r, c });
        if (typeof v === 'object') ws[ref] = { t: 'n', v: v.serial, z: v.format };
        else ws[ref] = { t: typeof v === 'string' ? 's' : typeof v === 'number' ? 'n' : 'b', v };
      });
    });
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: width - 1 } });
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: options.sst ?? false, compression: true });
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface Handmade {
  sheetData: string;
  strings?: string[];
  /** numFmts and cellXfs of styles.xml. */
  styles?: string;
  date1904?: boolean;
  /** Entry names in the order they go in the zip; Excel's by default (the shared strings after the sheet). */
  order?: string[];
  level?: 0 | 6;
}

/** A workbook written by hand, as Excel lays it out. */
function handmade(h: Handmade): Uint8Array {
  const parts: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${NS}><workbookPr${h.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>${h.strings ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet ${NS}><sheetData>${h.sheetData}</sheetData></worksheet>`,
    'xl/styles.xml': `<?xml version="1.0"?><styleSheet ${NS}>${h.styles ?? '<cellXfs count="1"><xf numFmtId="0"/></cellXfs>'}</styleSheet>`,
  };
  if (h.strings) parts['xl/sharedStrings.xml'] = `<?xml version="1.0"?><sst ${NS} count="${h.strings.length}">${h.strings.join('')}</sst>`;
  const order = h.order ?? ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
  const zip: Zippable = {};
  for (const name of order) if (parts[name] !== undefined) zip[name] = [strToU8(parts[name]), { level: h.level ?? 6 }];
  return zipSync(zip);
}

/** What decodeInput makes of a workbook: its CSV text. */
async function csvOf(bytes: Uint8Array, sheet?: string, chunk = 1 << 16): Promise<string> {
  const out: Uint8Array[] = [];
  const notes: string[] = [];
  for await (const c of decodeInput('book.xlsx', source('book.xlsx', bytes, chunk).chunks(), nodePlatform, (n) => notes.push(n), undefined, undefined, undefined, { sheet })) out.push(c);
  assert.deepEqual(notes, []);
  return new TextDecoder().decode(concatParts(out));
}

/** A table as a spreadsheet saves it as CSV (RFC 4180), date cells written as the reader writes them. */
function tableCsv(rows: Cell[][], date1904 = false): string {
  const field = (v: Cell) => {
    if (v === null) return '';
    if (typeof v === 'object') return serialToIso(v.serial, date1904)!;
    if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
    const s = String(v);
    return /[",\r\n\t;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => (r.every((v) => v === null) ? '' : r.map(field).join(','))).join('\n') + '\n';
}

interface Outcome {
  entries: [string, string | undefined][];
  findings: string[];
  rows: number;
}

async function outcome(name: string, bytes: Uint8Array | string, options: Partial<Options> = {}): Promise<Outcome> {
  const result = await generate([source(name, bytes)], { baseUrl: BASE, now: AFTER_DATES, ...options }, nodePlatform);
  const files = readZip(concatParts(result.zip));
  const entries: [string, string | undefined][] = [];
  for (const f of sitemapNames(files)) {
    for (const m of files[f].matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)) entries.push([unescapeXml(m[1]), m[2]]);
  }
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i)).map((f) => `${f.line}:${f.column} ${f.code} ${f.severity}`);
  return { entries, findings, rows: result.summary.rows };
}

const day = (y: number, m: number, d: number, h = 0, min = 0) => (Date.UTC(y, m - 1, d, h, min) - Date.UTC(1899, 11, 30)) / 86400000;
const date = (serial: number, format = 'yyyy-mm-dd') => ({ serial, format });

const CRAWL: Cell[][] = [
  ['Address', 'Content Type', 'Status Code', 'Status', 'Indexability', 'Indexability Status', 'Title 1', 'Canonical Link Element 1', 'Meta Robots 1', 'Last Modified', 'Word Count'],
  ['https://www.example.com/', 'text/html; charset=UTF-8', 200, 'OK', 'Indexable', null, 'Home, "the" start', 'https://www.example.com/', 'index, follow', date(day(2026, 11, 1)), 532],
  ['https://www.example.com/about', 'text/html; charset=UTF-8', 200, 'OK', 'Indexable', null, 'About\nus\tand more', null, null, date(day(2026, 10, 2, 10, 30), 'yyyy-mm-dd hh:mm:ss'), 210],
  ['https://www.example.com/old', 'text/html', 301, 'Moved Permanently', 'Non-Indexable', 'Redirected', null, null, null, null, 0],
  [],
  ['https://www.example.com/gone', 'text/html', 404, 'Not Found', 'Non-Indexable', 'Client Error', '404', null, null, null, 12],
  ['https://www.example.com/logo.png', 'image/png', 200, 'OK', 'Indexable', null, null, null, null, null, null],
  ['https://www.example.com/hidden', 'text/html', 200, 'OK', 'Non-Indexable', 'noindex', 'Hidden; page', null, 'noindex', date(day(2026, 9, 3)), 99],
  ['https://www.example.com/dup?utm_source=x', 'text/html', 200, 'OK', 'Indexable', null, 'Tracked', null, null, date(day(2026, 8, 4, 8, 15), 'm/d/yy h:mm'), 1],
  ['https://www.example.com/canon', 'text/html', 200, 'OK', 'Non-Indexable', 'Canonicalised', 'x', 'https://www.example.com/', null, null, 5],
  ['not a url', 'text/html', 200, 'OK', 'Indexable', null, null, null, null, 'yesterday', 5],
];

test('a crawler export as .xlsx gives the sitemap and findings the same table as CSV gives', async () => {
  const csv = await outcome('crawl.csv', tableCsv(CRAWL));
  assert.ok(csv.entries.length >= 3, JSON.stringify(csv.entries));
  assert.ok(csv.entries.some(([, lastmod]) => lastmod?.startsWith('2026-11-01')), 'the date cells are lastmods');
  for (const sst of [false, true]) {
    assert.deepEqual(await outcome('crawl.xlsx', workbook([['Internal - All', CRAWL]], { sst })), csv, sst ? 'shared strings' : 'strings in the cells');
  }
});

test('the rows are the CSV a spreadsheet would save: quoting, dates, booleans, empty rows on their lines', async () => {
  const rows: Cell[][] = [
    ['loc', 'lastmod', 'note', 'flag'],
    ['https://www.example.com/a', date(day(2026, 11, 1)), 'a,b', true],
    [],
    ['https://www.example.com/b', date(day(2026, 11, 1, 10, 30), 'yyyy-mm-dd hh:mm'), 'say "hi"\nthere', false],
    ['https://www.example.com/c', 46327.5, 'tab\there; semi', null],
  ];
  const expected = 'loc,lastmod,note,flag\nhttps://www.example.com/a,2026-11-01,"a,b",TRUE\n\nhttps://www.example.com/b,2026-11-01T10:30:00,"say ""hi""\nthere",FALSE\nhttps://www.example.com/c,46327.5,"tab\there; semi",\n';
  assert.equal(await csvOf(workbook([['S', rows]])), expected);
  assert.equal(await csvOf(workbook([['S', rows]], { sst: true }), undefined, 7), expected);
  assert.equal(tableCsv(rows), expected);
});

test('shared strings with rich text runs and a phonetic reading, inline strings, formulas and errors', async () => {
  const strings = ['<si><t>https://www.example.com/a</t></si>', '<si><r><t>https://www.example.com/</t></r><r><rPr><b/></rPr><t xml:space="preserve">b c</t></r></si>', '<si><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></si>', '<si><t>line_x000D_break_x005F_x0041_</t></si>', '<si><t>loc</t></si>'];
  const sheetData =
    '<row r="1"><c r="A1" t="s"><v>4</v></c><c r="B1" t="inlineStr"><is><t>title</t></is></c><c r="C1" t="inlineStr"><is><r><t>su</t></r><r><t>m</t></r></is></c></row>' +
    '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>2</v></c><c r="C2"><f>1+1</f><v>2</v></c></row>' +
    '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>3</v></c><c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>' +
    '<row r="4"><c r="A4" t="str"><f>"https://www.example.com/"&amp;"d"</f><v>https://www.example.com/d</v></c><c r="B4" t="inlineStr"><is><t>a &amp; "b"</t></is></c><c r="C4"><v>0.10000000000000001</v></c></row>';
  assert.equal(
    await csvOf(handmade({ sheetData, strings })),
    'loc,title,sum\nhttps://www.example.com/a,漢字,2\nhttps://www.example.com/b c,"line\rbreak_x0041_",#DIV/0!\nhttps://www.example.com/d,"a & ""b""",0.1\n',
  );
});

test('cells and rows left out keep their places: gaps are empty fields, missing rows empty lines', async () => {
  const sheetData =
    '<row r="2"><c r="B2" t="inlineStr"><is><t>loc</t></is></c><c r="D2" t="inlineStr"><is><t>lastmod</t></is></c></row>' +
    '<row r="3" spans="1:4"><c r="A3" s="0"/><c r="B3" t="inlineStr"><is><t>https://www.example.com/a</t></is></c></row>' +
    '<row r="6"><c r="D6"><v>1</v></c><c r="B6" t="inlineStr"><is><t>https://www.example.com/b</t></is></c></row>' +
    '<row r="7"><c r="C7" s="0"/></row>' +
    '<row><c><v>5</v></c><c t="inlineStr"><is><t>https://www.example.com/x</t></is></c></row>';
  // The sheet's first row is row 2: line 1 is empty. Cells without a reference follow the one before,
  // as does one out of order (B6 after D6); rows are padded to the widest row so far.
  assert.equal(await csvOf(handmade({ sheetData })), '\n,loc,,lastmod\n,https://www.example.com/a,,\n\n\n,,,1,https://www.example.com/b\n\n5,https://www.example.com/x,,,\n');
  const { findings } = await outcome('gaps.xlsx', handmade({ sheetData: sheetData.replace('<c r="D6"><v>1</v></c>', '') }));
  assert.ok(!findings.some((f) => / error$/.test(f)), findings.join('\n'));
});

test('dates: built-in and custom date formats become ISO dates, other formats stay numbers', async () => {
  // A time format (21, h:mm:ss) on a serial with a date part keeps the date: nothing is lost.
  const styles =
    '<numFmts count="4"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="[$-409]mmmm d, yyyy;@"/>' +
    '<numFmt numFmtId="166" formatCode="&quot;day &quot;0"/><numFmt numFmtId="167" formatCode="[Red]#,##0.00"/></numFmts>' +
    '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
    '<cellXfs count="8"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="22"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="167"/><xf numFmtId="21"/></cellXfs>';
  const cells = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => `<c r="${'ABCDEFGH'[s]}1" s="${s}"><v>46327.4375</v></c>`).join('');
  assert.equal(
    await csvOf(handmade({ sheetData: `<row r="1">${cells}</row><row r="2"><c r="A2" s="1"><v>46327</v></c><c r="B2" s="7"><v>0.5</v></c><c r="C2" s="1"><v>-3</v></c></row>`, styles })),
    '46327.4375,2026-11-01T10:30:00,2026-11-01T10:30:00,2026-11-01T10:30:00,2026-11-01T10:30:00,46327.4375,46327.4375,2026-11-01T10:30:00\n2026-11-01,12:00:00,-3,,,,,\n',
  );
});

test("ISO date cells (t=\"d\", as SheetJS writes them) lose a zero fraction of a second, as dates numbers stand for have none", async () => {
  const cell = (ref: string, v: string) => `<c r="${ref}" t="d"><v>${v}</v></c>`;
  const sheetData = `<row r="1">${cell('A1', '2025-10-01T10:30:00.000Z')}${cell('B1', '2025-10-01T10:30:00.250Z')}${cell('C1', '2025-10-01T10:30:00.000+02:00')}${cell('D1', '2025-10-01')}${cell('E1', '2025-10-01T10:30:00.000')}</row>`;
  assert.equal(await csvOf(handmade({ sheetData })), '2025-10-01T10:30:00Z,2025-10-01T10:30:00.250Z,2025-10-01T10:30:00+02:00,2025-10-01,2025-10-01T10:30:00\n');
});

test('date cells in a 1904 workbook count from 1904-01-01', async () => {
  const serial1904 = day(2026, 11, 1) - 1462;
  const rows: Cell[][] = [['loc', 'lastmod'], ['https://www.example.com/a', date(serial1904)], ['https://www.example.com/b', date(serial1904 + 0.25, 'yyyy-mm-dd hh:mm')]];
  const book = workbook([['S', rows]], { date1904: true });
  assert.equal(await csvOf(book), 'loc,lastmod\nhttps://www.example.com/a,2026-11-01\nhttps://www.example.com/b,2026-11-01T06:00:00\n');
  assert.equal(await csvOf(handmade({ sheetData: `<row r="1"><c r="A1" s="1"><v>${serial1904}</v></c></row>`, styles: '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>', date1904: true })), '2026-11-01\n');
  const { entries } = await outcome('old-mac.xlsx', book);
  assert.deepEqual(entries, [
    ['https://www.example.com/a', '2026-11-01'],
    ['https://www.example.com/b', '2026-11-01T06:00:00Z'],
  ]);
});

test('the sheet option names the sheet to read, in any case; an unknown name lists the sheets', async () => {
  const book = workbook([
    ['Summary', [['Report'], ['made today']]],
    ['Internal HTML', [['Address'], ['https://www.example.com/x']]],
  ]);
  assert.equal(await csvOf(book), 'Report\nmade today\n');
  assert.equal(await csvOf(book, 'internal html'), 'Address\nhttps://www.example.com/x\n');
  const { entries } = await outcome('crawl.xlsx', book, { sheet: 'Internal HTML' });
  assert.deepEqual(entries, [['https://www.example.com/x', undefined]]);
  await assert.rejects(outcome('crawl.xlsx', book, { sheet: 'All' }), (e: Error) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.message, 'crawl.xlsx: the workbook cannot be read: the workbook has no sheet named "All"; its sheets are "Summary", "Internal HTML"');
    return true;
  });
});

test("a first sheet without URLs gives way to the first sheet that has them, with a note: Search Console's Excel export opens on its queries", async () => {
  const gsc = workbook([
    ['Queries', [['Top queries', 'Clicks', 'Impressions'], ['garden tools', 120, 3400], ['compost', 80, 2100]]],
    ['Pages', [['Top pages', 'Clicks', 'Impressions'], ['https://www.example.com/', 300, 9000], ['https://www.example.com/blog/compost-101#tips', 80, 2100]]],
    ['Countries', [['Country', 'Clicks'], ['Germany', 300]]],
  ]);
  const result = await generate([source('gsc.xlsx', gsc)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform);
  assert.equal(result.summary.accepted, 2);
  assert.equal(result.summary.rows, 2, 'the rows of the sheet read, once');
  assert.deepEqual(result.summary.notes, ['gsc.xlsx: its sheet "Pages" was read, as the first, "Queries", holds no URLs (another is read when named: --sheet on the command line, Sheet under Columns in the page)']);
  // The manifest names the sheet read, and what a CSV input has stays as it was.
  const manifest = JSON.parse(readZip(concatParts(result.zip))['manifest.json']);
  assert.deepEqual(manifest.inputs, [{ name: 'gsc.xlsx', bytes: manifest.inputs[0].bytes, rows: 2, sheet: 'Pages' }]);
  // The column preview shows the same sheet.
  const shown = await inspect(source('gsc.xlsx', gsc), nodePlatform);
  assert.deepEqual([shown.sheet, shown.header, shown.sheets], ['Pages', ['Top pages', 'Clicks', 'Impressions'], ['Queries', 'Pages', 'Countries']]);
  assert.equal((await inspect(source('list.csv', 'loc\nhttps://www.example.com/\n'), nodePlatform)).sheet, undefined);
  // A sheet asked for is read as it is, and no sheet with URLs is one clear error that names them.
  await assert.rejects(outcome('gsc.xlsx', gsc, { sheet: 'Queries' }), /no URL column/);
  const none = workbook([['Queries', [['Top queries', 'Clicks'], ['compost', 3]]], ['Countries', [['Country', 'Clicks'], ['Germany', 4]]]]);
  await assert.rejects(outcome('none.xlsx', none), (e: Error) => {
    assert.ok(e instanceof InputError);
    assert.match(e.message, /^none\.xlsx: no URL column: .*; nor does any other sheet \("Queries", "Countries"\)$/);
    return true;
  });
});

test('other sheets that hold URLs too are named in a note when no sheet was named; a sheet named reads alone', async () => {
  const site = workbook([
    ['Pages', [['URL', 'Title'], ['https://www.example.com/', 'Home'], ['https://www.example.com/about', 'About']]],
    ['Totals', [['Section', 'Pages'], ['Pages', 2], ['Blog', 1]]],
    ['Blog', [['Post URL', 'Published'], ['https://www.example.com/blog/compost-101', '2026-03-01']]],
    ['Products', [['Handle', 'Product URL'], ['spade', 'https://www.example.com/p/spade']]],
  ]);
  const result = await generate([source('site.xlsx', site)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform);
  assert.equal(result.summary.accepted, 2, 'one sheet is read, as the spec has it');
  assert.deepEqual(result.summary.notes, [
    'site.xlsx: its sheets "Blog", "Products" hold URLs too and were not read, as a run reads one sheet ("Pages"); another is read when named: --sheet on the command line, Sheet under Columns in the page',
  ]);
  const blog = await generate([source('site.xlsx', site)], { baseUrl: BASE, now: AFTER_DATES, sheet: 'blog' }, nodePlatform);
  assert.deepEqual([blog.summary.accepted, blog.summary.notes], [1, []]);
  // One other sheet with URLs is said in the singular; a workbook of one list sheet has no note.
  const two = workbook([['Summary', [['Report'], ['made today']]], ['Pages', [['URL'], ['https://www.example.com/']]], ['Posts', [['URL'], ['https://www.example.com/b']]]]);
  assert.deepEqual((await generate([source('two.xlsx', two)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform)).summary.notes, [
    'two.xlsx: its sheet "Pages" was read, as the first, "Summary", holds no URLs (another is read when named: --sheet on the command line, Sheet under Columns in the page)',
    'two.xlsx: its sheet "Posts" holds URLs too and was not read, as a run reads one sheet ("Pages"); another is read when named: --sheet on the command line, Sheet under Columns in the page',
  ]);
  const one = workbook([['Pages', [['URL'], ['https://www.example.com/']]], ['Totals', [['Section', 'Pages'], ['Pages', 1]]]]);
  assert.deepEqual((await generate([source('one.xlsx', one)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform)).summary.notes, []);
});

test('a first sheet of labels and figures, with no header and no URLs, gives way too; a title row padded with empty cells is preamble', async () => {
  const book = workbook([
    ['Summary', [['Total URLs', 300], ['Indexable', 204], ['Prepared by', 'SEO team']]],
    ['URLs', [['URL inventory, Q1', '', ''], ['URL', 'Status Code', 'Indexability'], ['https://www.example.com/a', 200, 'Indexable'], ['https://www.example.com/b', 301, 'Non-Indexable']]],
  ]);
  const result = await generate([source('inventory.xlsx', book)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform);
  assert.deepEqual([result.summary.accepted, result.summary.excluded, result.summary.skipped], [1, 1, 1]);
  assert.match(result.summary.notes[0], /its sheet "URLs" was read, as the first, "Summary", holds no URLs/);
});

test('the parts in any order, deflated or stored, read the same', async () => {
  const strings = ['<si><t>Address</t></si>', '<si><t>https://www.example.com/a</t></si>'];
  const sheetData = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Last Modified</t></is></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" s="1"><v>46327</v></c></row>';
  const styles = '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
  const all = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'];
  const orders = [undefined, all, [...all].reverse(), ['xl/worksheets/sheet1.xml', ...all.slice(0, -1)]];
  for (const order of orders) {
    for (const level of [0, 6] as const) {
      assert.equal(await csvOf(handmade({ sheetData, strings, styles, order, level }), undefined, 100), 'Address,Last Modified\nhttps://www.example.com/a,2026-11-01\n', `${order?.join(' ')} level ${level}`);
    }
  }
});

test('the column preview of a workbook shows its header and first rows', async () => {
  const inspection = await inspect(source('crawl.xlsx', workbook([['S', CRAWL]])), nodePlatform, { delimiter: ';' });
  assert.equal(inspection.delimiter, ',');
  assert.deepEqual(inspection.header?.slice(0, 3), ['Address', 'Content Type', 'Status Code']);
  assert.equal(inspection.roles[0], 'loc');
  assert.equal(inspection.rows[0][0], 'https://www.example.com/');
});

test('dates and date formats', () => {
  assert.equal(serialToIso(46327, false), '2026-11-01');
  assert.equal(serialToIso(46327.4375, false), '2026-11-01T10:30:00');
  assert.equal(serialToIso(46327.999999999, false), '2026-11-02');
  assert.equal(serialToIso(1, false), '1900-01-01');
  assert.equal(serialToIso(60, false), '1900-02-29');
  assert.equal(serialToIso(61, false), '1900-03-01');
  assert.equal(serialToIso(0, true), '00:00:00');
  assert.equal(serialToIso(1, true), '1904-01-02');
  assert.equal(serialToIso(-1, false), null);
  assert.equal(serialToIso(3e6, false), null);
  for (const code of ['yyyy-mm-dd', 'd/m/yy', 'h:mm AM/PM', '[h]:mm:ss', '[$-409]mmmm d, yyyy;@', 'mm:ss.0', 'dddd']) assert.ok(isDateFormatCode(code), code);
  for (const code of ['General', '0.00', '#,##0', '"days "0', '[Red]0.00', '0.00E+00', '@', '\\d0', '_m0', '*s0']) assert.ok(!isDateFormatCode(code), code);
});

test('cells read as SheetJS reads them, on random workbooks', async () => {
  const seed = testSeed('xlsx.test.ts');
  const rand = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const pieces = ['a', 'Ü', '漢', '😀', ',', ';', '"', '\t', '\n', '\r\n', ' ', '<', '&', '>', "'", '_x0041_', 'https://www.example.com/p?q=1&r=2', '=1+1', '-', '0'];
  const randomCell = (): Cell => {
    const r = rand();
    if (r < 0.2) return null;
    if (r < 0.5) return Array.from({ length: 1 + Math.floor(rand() * 6) }, () => pick(pieces)).join('');
    if (r < 0.7) return pick([0, 1, -1, 200, 0.5, 1e-7, 123456789012345, 2 ** 53, -0.25, 1 / 3, 1e21, Math.round(rand() * 1e6) / 100]);
    if (r < 0.8) return rand() < 0.5;
    return date(1 + Math.floor(rand() * 60000) + Math.floor(rand() * 86400) / 86400, pick(['yyyy-mm-dd', 'yyyy-mm-dd hh:mm:ss', 'd/m/yy h:mm', 'mmm d, yyyy']));
  };
  for (let n = 0; n < 40; n++) {
    const date1904 = rand() < 0.25;
    const rows: Cell[][] = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => (rand() < 0.1 ? [] : Array.from({ length: Math.floor(rand() * 7) }, randomCell)));
    rows[0] = ['first', ...(rows[0] ?? [])];
    const bytes = workbook([['R', rows]], { date1904, sst: rand() < 0.5 });
    const mine = Papa.parse<string[]>(await csvOf(bytes, undefined, 1 + Math.floor(rand() * 300)), { delimiter: ',', newline: '\n', skipEmptyLines: false }).data;
    mine.pop(); // after the last line break
    const wb = XLSX.read(bytes, { type: 'buffer' });
    const theirs = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: true, blankrows: true, defval: null });
    const context = `seed ${seed}, workbook ${n}`;
    // Rows after the last that has a cell are in SheetJS's range, not in the sheet's XML.
    while (theirs.length > 0 && theirs.at(-1)!.every((v) => v === null)) theirs.pop();
    while (mine.length > 0 && mine.at(-1)!.every((v) => v === '')) mine.pop();
    assert.equal(mine.length, theirs.length, `${context}: ${JSON.stringify(mine)} ${JSON.stringify(theirs)}`);
    theirs.forEach((row, r) => {
      row.forEach((v, c) => {
        const got = mine[r][c] ?? '';
        const cell = rows[r]?.[c];
        const where = `${context}, ${XLSX.utils.encode_cell({ r, c })}`;
        if (v === null) assert.equal(got, '', where);
        else if (typeof v === 'boolean') assert.equal(got, v ? 'TRUE' : 'FALSE', where);
        // SheetJS writes a CR as _x000D_ and reads CR LF back as LF; the reader keeps what the XML says.
        else if (typeof v === 'string') assert.equal(got.replace(/\r\n/g, '\n'), v.replace(/_x([0-9a-f]{4})_/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), where);
        else if (cell !== null && typeof cell === 'object') assert.equal(got, isoFromParts(XLSX.SSF.parse_date_code(v as number, { date1904 })), where);
        else assert.equal(Number(got), v, where);
      });
    });
  }
});

/** SheetJS's own reading of a serial number, written as the reader writes dates. */
function isoFromParts(p: { y: number; m: number; d: number; H: number; M: number; S: number }): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${p.y}-${two(p.m)}-${two(p.d)}`;
  return p.H || p.M || p.S ? `${date}T${two(p.H)}:${two(p.M)}:${two(p.S)}` : date;
}

async function fatal(bytes: Uint8Array, name = 'book.xlsx'): Promise<string> {
  let message = '';
  await assert.rejects(generate([source(name, bytes, 1000)], { baseUrl: BASE, now: AFTER_DATES }, nodePlatform), (e: Error) => {
    assert.ok(e instanceof InputError, `an InputError, not ${e.stack}`);
    message = e.message;
    return true;
  });
  return message;
}

/** A workbook with one entry changed (or removed, for null). */
function altered(book: Uint8Array, name: string, content: string | null): Uint8Array {
  const files = unzipSync(book);
  if (content === null) delete files[name];
  else files[name] = strToU8(content);
  return zipSync(files);
}

test('a broken workbook is one clear error, never a crash or a hang', { timeout: 30000 }, async () => {
  const book = workbook([['S', CRAWL]], { sst: true });
  for (const cut of [40, 200, Math.floor(book.length / 2), book.length - 30]) {
    assert.match(await fatal(book.subarray(0, cut)), /^book\.xlsx: the workbook cannot be read: (the zip archive|the archive ends|the entry)/, `cut at ${cut}`);
  }
  assert.match(await fatal(altered(book, 'xl/worksheets/sheet1.xml', null)), /the sheet "S" \(xl\/worksheets\/sheet1\.xml\) is missing/);
  assert.match(await fatal(altered(book, 'xl/sharedStrings.xml', null)), /xl\/sharedstrings\.xml is missing/);
  assert.match(await fatal(altered(book, 'xl/worksheets/sheet1.xml', '<worksheet><sheetData><row><c><v>1</v></row></sheetData></worksheet>')), /xl\/worksheets\/sheet1\.xml is not well-formed XML \(line 1: /);
  assert.match(await fatal(altered(book, 'xl/sharedStrings.xml', '<sst><si><t>a</si></sst>')), /xl\/sharedStrings\.xml is not well-formed XML/);
  assert.match(await fatal(altered(book, 'xl/workbook.xml', '<workbook><sheets/></workbook>')), /the workbook has no sheets$/);
  assert.match(await fatal(altered(book, 'xl/_rels/workbook.xml.rels', null)), /xl\/_rels\/workbook\.xml\.rels is missing/);
  assert.equal(
    await fatal(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }), 'letter.docx'),
    'letter.docx is an Office document but not an Excel workbook (it has no xl/workbook.xml); save the table as .xlsx or CSV',
  );
  const xls = new Uint8Array(4096);
  xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  assert.equal(await fatal(xls, 'old.xls'), 'old.xls is an Excel 97–2003 workbook (.xls) or another old Office file, which is not read: save it as .xlsx or CSV');
});

test('a zip that is no Office document is read as before, not as a workbook', async () => {
  const { entries } = await outcome('urls.zip', zipSync({ 'sitemap.xml': strToU8('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/a</loc></url></urlset>') }));
  assert.deepEqual(entries, [['https://www.example.com/a', undefined]]);
});

test('the CLI reads a workbook, and --sheet picks its sheet', () => {
  const book = workbook([
    ['Other', [['nothing']]],
    ['Pages', [['Address', 'Last Modified'], ['https://www.example.com/a', date(day(2026, 11, 1))]]],
  ]);
  const dir = tempDir();
  const r = cli(['generate', tempFile('crawl.xlsx', book), '--base-url', BASE, '--out-dir', dir, '--no-gzip', '--sheet', 'Pages', '--json', '--now', AFTER_DATES]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).accepted, 1);
  const bad = cli(['generate', tempFile('crawl.xlsx', book), '--base-url', BASE, '-o', `${dir}/x.zip`, '--sheet', 'Nope']);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /no sheet named "Nope"; its sheets are "Other", "Pages"/);
});

test("a sheet whose URL column no name or content reveals (a shop's Handle) is read once the column is named, as a CSV list is; the preview shows it to be named", async () => {
  const shop = workbook([['Pages', [['ID', 'Handle', 'Title'], [1, 'about-us', 'About'], [2, 'contact', 'Contact']]], ['Notes', [['Note'], ['none']]]]);
  const named = await outcome('pages.xlsx', shop, { baseUrl: `${BASE}pages/`, columns: [{ column: 'Handle', role: 'loc' }] });
  assert.deepEqual(named.entries.map(([loc]) => loc), [`${BASE}pages/about-us`, `${BASE}pages/contact`]);
  await assert.rejects(outcome('pages.xlsx', shop), /no URL column/);
  const shown = await inspect(source('pages.xlsx', shop), nodePlatform);
  assert.deepEqual([shown.sheet, shown.header, shown.roles.includes('loc')], ['Pages', ['ID', 'Handle', 'Title'], false]);
  assert.match(shown.noUrlColumn ?? '', /no URL column/);
});
