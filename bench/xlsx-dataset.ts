/**
 * A crawler export as an Excel workbook, to measure reading .xlsx (src/input/xlsx.ts):
 *
 *   node --import tsx bench/xlsx-dataset.ts [rows]     writes bench/data/crawl-<rows>.xlsx and .csv
 *
 * 30 columns as Screaming Frog's "Internal - All" has them: text in shared strings, numbers, a date
 * column (Last Modified) and a date-time one (Crawl Timestamp). Written by SheetJS with shared
 * strings, which puts them after the sheet as Excel does (the reader's slower path), and deflated
 * again at zlib's default level. The same table
 * as CSV is written beside it, for comparison.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { unzipSync, zipSync } from 'fflate';
import { mulberry32 } from '../test/random.ts';

const rows = Number(process.argv[2] ?? 100_000);
const dir = join(dirname(fileURLToPath(import.meta.url)), 'data');
const rand = mulberry32(7);
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

const HEADER = [
  'Address', 'Content Type', 'Status Code', 'Status', 'Indexability', 'Indexability Status', 'Title 1', 'Title 1 Length',
  'Meta Description 1', 'Meta Description 1 Length', 'H1-1', 'H1-1 Length', 'Meta Robots 1', 'Canonical Link Element 1',
  'Size (bytes)', 'Word Count', 'Text Ratio', 'Crawl Depth', 'Link Score', 'Inlinks', 'Unique Inlinks', 'Outlinks',
  'Unique Outlinks', 'External Outlinks', 'Response Time', 'Last Modified', 'Redirect URL', 'Language', 'Hash', 'Crawl Timestamp',
];
const WORDS = ['sitemap', 'guide', 'shoes', 'red', 'blue', 'sale', 'news', 'how', 'to', 'best', 'price', 'review', 'café', 'über'];
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

const ws: XLSX.WorkSheet = {};
const csv: string[] = [HEADER.join(',')];
HEADER.forEach((h, c) => (ws[XLSX.utils.encode_cell({ r: 0, c })] = { t: 's', v: h }));
const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
for (let r = 1; r <= rows; r++) {
  const status = rand() < 0.9 ? 200 : pick([301, 404, 500]);
  const title = `${words(5)}, page ${r}`;
  const lastmod = 45000 + Math.floor(rand() * 1500);
  const crawled = 46000 + Math.floor(rand() * 86400) / 86400;
  const values: (string | number | { date: number; z: string })[] = [
    `https://www.example.com/${pick(['blog', 'shop', 'news'])}/${r}-${words(2).replace(/ /g, '-')}`,
    'text/html; charset=utf-8', status, status === 200 ? 'OK' : 'Error', status === 200 ? 'Indexable' : 'Non-Indexable',
    status === 200 ? '' : 'Client Error', title, title.length, words(20), 120, words(4), 20, 'index, follow', '',
    Math.floor(rand() * 200000), Math.floor(rand() * 3000), Math.round(rand() * 10000) / 100, 1 + Math.floor(rand() * 6),
    Math.round(rand() * 10000) / 100, Math.floor(rand() * 500), Math.floor(rand() * 400), Math.floor(rand() * 200),
    Math.floor(rand() * 150), Math.floor(rand() * 20), Math.round(rand() * 2000) / 1000, { date: lastmod, z: 'yyyy-mm-dd' },
    '', pick(['en', 'de', 'fr']), Math.floor(rand() * 2 ** 32).toString(16), { date: crawled, z: 'yyyy-mm-dd hh:mm:ss' },
  ];
  const line: string[] = [];
  values.forEach((v, c) => {
    const ref = XLSX.utils.encode_cell({ r, c });
    if (typeof v === 'object') {
      ws[ref] = { t: 'n', v: v.date, z: v.z };
      line.push(XLSX.SSF.format(v.z, v.date).replace(' ', 'T'));
    } else {
      if (v !== '') ws[ref] = { t: typeof v === 'string' ? 's' : 'n', v };
      line.push(quote(String(v)));
    }
  });
  csv.push(line.join(','));
}
ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows, c: HEADER.length - 1 } });
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, ws, 'Internal - All');
mkdirSync(dir, { recursive: true });
const xlsx = join(dir, `crawl-${rows}.xlsx`);
// Deflated again at zlib's default level, as Excel's own files are: SheetJS's deflate is weaker.
writeFileSync(xlsx, zipSync(unzipSync(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true })), { level: 6 }));
writeFileSync(join(dir, `crawl-${rows}.csv`), csv.join('\n') + '\n');
console.log(`${xlsx} and .csv written`);
