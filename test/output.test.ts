// The zip and what is in it: schema-valid files, exact splits, real gzip, a sound zip, byte-identical
// reruns, and every row accounted for — checked with xmllint, node:zlib and unzip, not with our code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { run, tempDir, xmllint, cli, tempFile, NOW, BASE } from './helpers.ts';
import type { Options } from '../src/types.ts';

const U = 'https://www.example.com';

/** A seeded list with a bit of everything: clean rows, fixes, warnings and errors. */
function mixedList(rows: number, seed = 7): string {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const lines = ['loc,lastmod,changefreq,priority'];
  const odd = ['/rel/', `${U}/a b/`, `${U}/x?a=1&b='2'/`, 'https://other.example/', 'mailto:x', `${U}/dup`, `${U}/café/`, `${U}/<tag>/`, ''];
  for (let i = 0; i < rows; i++) {
    const r = rand();
    const loc = r < 0.85 ? `${U}/p/${i}?q=${i}&amp=1` : odd[Math.floor(rand() * odd.length)] + (rand() < 0.5 ? i : '');
    const lastmod = rand() < 0.9 ? `2025-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}` : 'soon';
    const cf = ['daily', 'Weekly', 'sometimes', ''][Math.floor(rand() * 4)];
    const pr = ['0.5', '1', '7', ''][Math.floor(rand() * 4)];
    lines.push(`"${loc.replace(/"/g, '""')}",${lastmod},${cf},${pr}`);
  }
  return lines.join('\r\n') + '\r\n';
}

test('every file validates against the official XSDs (xmllint)', async () => {
  const r = await run(mixedList(3000), { maxUrls: 1000 });
  const dir = tempDir();
  const names = Object.keys(r.files).filter((n) => n.endsWith('.xml.gz'));
  assert.equal(names.length, Math.ceil(r.summary.accepted / 1000));
  for (const name of names) {
    const path = join(dir, name.replace(/\.gz$/, ''));
    writeFileSync(path, r.files[name]);
    const v = xmllint('sitemap.xsd', path);
    assert.equal(v.status, 0, `${name}: ${v.output}`);
  }
  writeFileSync(join(dir, 'index.xml'), r.files['sitemap-index.xml']);
  const v = xmllint('siteindex.xsd', join(dir, 'index.xml'));
  assert.equal(v.status, 0, v.output);
});

test('URLs the parser keeps but the schema refuses (`%zz`, `[`, `|`) are encoded, and validate', async () => {
  // Found by the property test: written exactly as new URL() keeps them, these failed xmllint.
  const r = await run(`loc\n${U}/a%zz/b[1]|c^d?q=[x]&r={y}\`\\z%2\n`, { gzip: false });
  assert.deepEqual(r.locs, [`${U}/a%25zz/b%5B1%5D%7Cc%5Ed?q=%5Bx%5D&r=%7By%7D%60%5Cz%252`]);
  assert.equal(new URL(r.locs[0]).href, r.locs[0], 'still a fixed point of the URL parser');
  const path = join(tempDir(), 'strict.xml');
  writeFileSync(path, r.files['sitemap-1.xml']);
  assert.equal(xmllint('sitemap.xsd', path).status, 0);
});

test('a file with an error is refused by the schema check itself (the check can fail)', () => {
  const path = tempFile('bad.xml', '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>x</loc><lastmod>2024-13-45</lastmod></url>\n</urlset>\n');
  assert.notEqual(xmllint('sitemap.xsd', path).status, 0);
});

test('splits at exactly 50,000 URLs', async () => {
  const text = 'loc\n' + Array.from({ length: 100001 }, (_, i) => `${U}/${i}`).join('\n');
  const r = await run(text, { gzip: false });
  assert.deepEqual(r.summary.files.map((f) => f.urls), [50000, 50000, 1]);
  assert.equal(r.locs.length, 100001);
  assert.equal(r.locs[50000], `${U}/50000`);
  for (const f of r.summary.files) assert.equal(Buffer.byteLength(r.files[f.name]), f.bytes);
});

test('splits at the byte limit: a URL that would pass it by one byte starts a new file', async () => {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const foot = '</urlset>\n';
  const entry = (loc: string) => `<url><loc>${loc}</loc></url>\n`;
  const locs = Array.from({ length: 1000 }, (_, i) => `${U}/page-${String(i).padStart(4, '0')}`);
  const perEntry = Buffer.byteLength(entry(locs[0]));
  const fitting = 300;
  const exact = Buffer.byteLength(head) + Buffer.byteLength(foot) + perEntry * fitting;
  // Exactly full: 300 entries in the first file.
  let r = await run('loc\n' + locs.join('\n'), { gzip: false, maxBytes: exact });
  assert.equal(r.summary.files[0].urls, fitting);
  assert.equal(r.summary.files[0].bytes, exact);
  // One byte short: the 300th entry would pass the limit by one byte, so it opens file 2.
  r = await run('loc\n' + locs.join('\n'), { gzip: false, maxBytes: exact - 1 });
  assert.equal(r.summary.files[0].urls, fitting - 1);
  assert.equal(r.locs[fitting - 1], locs[fitting - 1]);
  assert.equal(r.files['sitemap-2.xml'].indexOf(entry(locs[fitting - 1])), Buffer.byteLength(head));
  for (const f of r.summary.files) assert.ok(f.bytes <= exact - 1, `${f.name} has ${f.bytes} bytes`);
  assert.equal(r.locs.length, 1000);
});

test('byte counting includes escaping (& becomes &amp;)', async () => {
  const locs = Array.from({ length: 300 }, (_, i) => `${U}/?a=${i}&b=&c=&d=`);
  const r = await run('loc\n' + locs.join('\n'), { gzip: false, maxBytes: 16384 });
  for (const f of r.summary.files) {
    assert.equal(Buffer.byteLength(r.files[f.name]), f.bytes);
    assert.ok(f.bytes <= 16384);
  }
  assert.ok(r.summary.files.length > 1);
  assert.deepEqual(r.locs, locs);
});

test('gzip files inflate with node:zlib to the bytes counted; unzip -t passes', async () => {
  const r = await run(mixedList(2000), { maxUrls: 500 });
  const raw = unzipSync(r.zip);
  for (const f of r.summary.files) {
    const inflated = gunzipSync(raw[f.name]);
    assert.equal(inflated.length, f.bytes);
    assert.equal(raw[f.name].length, f.gzipBytes);
  }
  const path = join(tempDir(), 'out.zip');
  writeFileSync(path, r.zip);
  const t = spawnSync('unzip', ['-t', path], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);
  assert.match(t.stdout, /No errors detected/);
  assert.deepEqual(Object.keys(raw).slice(-4), ['sitemap-index.xml', 'robots-sitemap.txt', 'report.csv', 'manifest.json']);
});

test('files compressed while written inflate to the files written without gzip', async () => {
  // Bodies of several pieces (compressed before their file closes), a file ended by the byte limit,
  // entries that fill a file each, and the text format without a header.
  const long = Array.from({ length: 60_000 }, (_, i) => `${U}/catalog/${i % 97}/a-fairly-long-product-name-${i}?colour=${i % 7}`);
  const images = Array.from({ length: 150 }, (_, i) => `https://cdn.example.net/i/${i}.jpg`).join(' | ');
  const cases: [string, string, Partial<Options>][] = [
    ['pieces', 'loc\n' + long.join('\n'), {}],
    ['byte limit', 'loc\n' + long.join('\n'), { maxBytes: 3_000_000 }],
    ['an entry a file', 'loc,image\n' + [1, 2, 3].map((i) => `${U}/p/${i},${images}`).join('\n'), { maxBytes: 16_384 }],
    ['text', 'loc\n' + long.join('\n'), { format: 'txt' }],
  ];
  for (const [what, list, options] of cases) {
    const zipped = await run(list, { ...options, gzip: true }, 1 << 16); // fed in chunks, so bodies go ahead as they grow
    const plain = await run(list, { ...options, gzip: false });
    const names = Object.keys(plain.files).filter((n) => /^sitemap-\d+\.(xml|txt)$/.test(n));
    assert.ok(names.length > 0, what);
    for (const n of names) assert.equal(zipped.files[`${n}.gz`], plain.files[n], `${what}: ${n}`);
  }
});

test('the zip is the same however the input arrives: its bytes depend on the list alone', async () => {
  const list = 'loc\n' + Array.from({ length: 60_000 }, (_, i) => `${U}/catalog/${i % 97}/a-fairly-long-product-name-${i}`).join('\n') + '\n';
  const zips = await Promise.all([1 << 12, 1 << 16, 1 << 20, 3 << 20, undefined].map(async (chunk) => (await run(list, {}, chunk)).zip));
  for (const z of zips.slice(1)) assert.ok(Buffer.from(z).equals(Buffer.from(zips[0])), 'identical zips');
});

test('two runs give byte-identical zips, also through the CLI', async () => {
  const text = mixedList(1500);
  const a = await run(text, { maxUrls: 400 });
  const b = await run(text, { maxUrls: 400 }, 777);
  assert.deepEqual(a.zip, b.zip);
  const input = tempFile('list.csv', text);
  const dir = tempDir();
  for (const name of ['1.zip', '2.zip']) {
    const c = cli(['generate', input, '--base-url', BASE, '--now', NOW, '--max-urls', '400', '-o', join(dir, name), '--quiet']);
    assert.equal(c.status, 0, c.stderr);
  }
  assert.deepEqual(readFileSync(join(dir, '1.zip')), readFileSync(join(dir, '2.zip')));
  // The CLI names inputs by their base name, as the in-process run here does: the same zip.
  assert.deepEqual(new Uint8Array(readFileSync(join(dir, '1.zip'))), a.zip);
});

test('reconciliation: rows = accepted + rejected + excluded, one error per rejected row, codes = report rows', async () => {
  for (const seed of [1, 2, 3]) {
    const r = await run(mixedList(4000, seed), { maxUrls: 1000 });
    const s = r.summary;
    assert.equal(s.rows, s.accepted + s.rejected + s.excluded);
    assert.equal(r.locs.length, s.accepted);
    assert.equal(new Set(r.locs).size, s.accepted, 'every accepted row written once');
    const errorsByLine = new Map<number, number>();
    for (const f of r.findings) if (f.severity === 'error') errorsByLine.set(f.line, (errorsByLine.get(f.line) ?? 0) + 1);
    assert.equal(errorsByLine.size, s.rejected);
    for (const [line, n] of errorsByLine) assert.equal(n, 1, `line ${line} has ${n} errors`);
    const reportRows = r.files['report.csv'].trimEnd().split('\n').slice(1);
    const reportCounts: Record<string, number> = {};
    for (const row of parseCsv(r.files['report.csv']).slice(1)) reportCounts[row[3]] = (reportCounts[row[3]] ?? 0) + 1;
    assert.deepEqual(reportCounts, s.codes);
    assert.ok(reportRows.length >= r.findings.length);
    const manifest = JSON.parse(r.files['manifest.json']);
    assert.deepEqual(manifest.codes, s.codes);
    assert.equal(manifest.rows, s.rows);
    assert.equal(manifest.excluded, s.excluded);
  }
});

test('accepted rows keep input order', async () => {
  const r = await run(mixedList(3000, 9), { maxUrls: 700 });
  const seen = r.locs.map((l) => Number(/\/p\/(\d+)\?/.exec(l)?.[1] ?? -1)).filter((n) => n >= 0);
  assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
});

test('report.csv neutralises formula cells', async () => {
  const r = await run('loc,lastmod\n=HYPERLINK("http://evil"),x\n+1,2\n-1,3\n@SUM(A1),4\n');
  const rows = parseCsv(r.files['report.csv']).slice(1);
  const values = rows.map((row) => row[5]);
  for (const v of values) assert.ok(!/^[=+\-@\t\r]/.test(v), `unsafe cell ${v}`);
  assert.ok(values.includes(`'=HYPERLINK("http://evil")`));
});

test('no accepted row: no sitemap files, a clear message, the report still comes out', async () => {
  const r = await run('loc\nmailto:a\nftp://b/\n');
  assert.equal(r.summary.accepted, 0);
  assert.deepEqual(Object.keys(r.files).sort(), ['manifest.json', 'report.csv']);
  assert.equal(r.summary.message, 'no row was accepted: every row has an error (see report.csv)');
  // Rows left out are not errors, and the message says so.
  const crawl = `Address,Status Code\n${U}/old,301\n${U}/gone,404\n`;
  assert.equal((await run(crawl)).summary.message, 'no row was accepted: every row was left out (redirects, errors, noindex, rules…) (see report.csv)');
  assert.equal((await run(crawl + 'mailto:a,200\n')).summary.message, 'no row was accepted: every row has an error or was left out (see report.csv)');
  // A base URL given without the list's www.: the message names the base URL the rows are on.
  const apex = await run(`loc\n${U}/a\n${U}/b\nhttps://shop.example.com/c\n`, { baseUrl: 'https://example.com/' });
  assert.equal(apex.summary.message, "no row was accepted: every row has an error (see report.csv); 2 of them are on www.example.com, not on the base URL's example.com: give https://www.example.com/ as the base URL if that is the site");
});

test('index lastmod is the latest lastmod of each file; robots line names the index', async () => {
  const r = await run('loc,lastmod\n' + `${U}/a,2025-01-01\n${U}/b,2025-03-01T10:00:00+02:00\n${U}/c,2025-03-01T09:00:00Z\n${U}/d\n`, { maxUrls: 3 });
  const index = r.files['sitemap-index.xml'];
  assert.ok(index.includes('<sitemap><loc>https://www.example.com/sitemap-1.xml.gz</loc><lastmod>2025-03-01T09:00:00Z</lastmod></sitemap>'));
  assert.ok(index.includes('<sitemap><loc>https://www.example.com/sitemap-2.xml.gz</loc></sitemap>'));
  assert.equal(r.files['robots-sitemap.txt'], 'Sitemap: https://www.example.com/sitemap-index.xml\n');
});

test('text format: one URL per line, split the same way', async () => {
  const r = await run('loc\n' + Array.from({ length: 25 }, (_, i) => `${U}/${i}&x`).join('\n'), { format: 'txt', maxUrls: 10 });
  assert.deepEqual(r.summary.files.map((f) => f.name), ['sitemap-1.txt.gz', 'sitemap-2.txt.gz', 'sitemap-3.txt.gz']);
  assert.equal(r.files['sitemap-1.txt.gz'].split('\n')[0], `${U}/0&x`);
  assert.equal(r.locs.length, 25);
});

/** A small RFC 4180 reader for checking report.csv. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += c;
  }
  return rows;
}

test('more than 50,000 files: the index splits too, and robots names every part', { timeout: 120_000 }, async () => {
  const text = 'loc\n' + Array.from({ length: 50001 }, (_, i) => `${U}/${i}`).join('\n');
  const r = await run(text, { gzip: false, maxUrls: 1 });
  assert.equal(r.summary.files.length, 50001);
  assert.ok(!('sitemap-index.xml' in r.files));
  const first = r.files['sitemap-index-1.xml'];
  const second = r.files['sitemap-index-2.xml'];
  assert.equal((first.match(/<sitemap>/g) ?? []).length, 50000);
  assert.equal((second.match(/<sitemap>/g) ?? []).length, 1);
  assert.ok(second.includes(`<loc>${U}/sitemap-50001.xml</loc>`));
  assert.equal(r.files['robots-sitemap.txt'], `Sitemap: ${U}/sitemap-index-1.xml\nSitemap: ${U}/sitemap-index-2.xml\n`);
  const path = join(tempDir(), 'index-2.xml');
  writeFileSync(path, second);
  assert.equal(xmllint('siteindex.xsd', path).status, 0);
});

test('a quoted cell with a doubled quote before non-ASCII text is read as written; a finding on the row quotes it as read', async () => {
  const row3 = `${U}/b,"x""ü",extra`;
  const r = await run(`loc,title\n${U}/a,"5"" screen é"\n${row3}\n"${U}/c""",""""\n`);
  assert.equal(r.summary.accepted, 3);
  assert.equal(r.summary.codes['row-encoding'], undefined);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`, `${U}/c%22`]);
  const columns = r.findings.find((f) => f.code === 'row-columns')!;
  assert.equal(columns.line, 3);
  assert.equal(columns.value, row3);
});
