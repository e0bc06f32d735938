// Property tests over the whole pipeline: random bytes, random odd-but-valid CSV, random Unicode
// URLs. For every input: no crash, no hang, every row accounted for, every accepted row written once,
// output valid against the schema. `npm test` runs a bounded number of cases; `npm run fuzz` runs
// many (FUZZ_CASES, SEED). A failing seed is printed; keep it in REGRESSIONS so it is tried forever.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, InputError } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { concatParts, readZip, locsOf, source, tempDir, xmllint, BASE, NOW } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 60);
const SEED = testSeed('fuzz.test.ts');
/** Seeds that once failed, kept as regression tests (with the input that failed, in output.test.ts). */
const REGRESSIONS: number[] = [];


type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: T[]) => xs[int(r, xs.length)];

function randomUnicode(r: Rand, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.5) s += String.fromCharCode(0x21 + int(r, 94));
    else if (k < 0.7) s += pick(r, [' ', '\t', '%', '%2e', '%zz', '#', '?', '&', "'", '"', '<', '>', '\\', '/', '..', '.', ';']);
    else if (k < 0.85) s += String.fromCodePoint(0xa0 + int(r, 0x2000));
    else if (k < 0.95) s += String.fromCodePoint(0x10000 + int(r, 0xfffff));
    else s += String.fromCharCode(int(r, 0x20));
  }
  return s;
}

function randomUrl(r: Rand): string {
  const scheme = pick(r, ['https://', 'http://', 'HTTPS://', 'ftp://', '', '/', '//', 'javascript:']);
  const host = pick(r, ['www.example.com', 'WWW.EXAMPLE.COM', 'www.example.com:443', 'www.example.com:8443', 'other.example', 'bücher.example', '127.0.0.1', '[::1]', 'user:pw@www.example.com', '']);
  return `${scheme}${host}/${randomUnicode(r, int(r, 40))}`;
}

function csvCell(r: Rand, value: string, delimiter: string): string {
  if (r() < 0.3 || value.includes(delimiter) || /["\r\n]/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

function randomCsv(r: Rand): Uint8Array {
  const delimiter = pick(r, [',', ';', '\t']);
  const eol = () => pick(r, ['\n', '\r\n', '\r\n', '\n']);
  const header = pick(r, [
    ['loc', 'lastmod', 'changefreq', 'priority'],
    ['URL', 'Last Modified'],
    ['address', 'title', 'priority'],
    // A crawler export's deciding columns (SPEC section 10).
    ['Address', 'Status Code', 'Content Type', 'Indexability', 'Meta Robots 1', 'Canonical Link Element 1'],
    null,
  ]);
  const crawl = header?.[1] === 'Status Code';
  let text = r() < 0.2 ? '\ufeff' : '';
  if (header) text += header.map((h) => csvCell(r, h, delimiter)).join(delimiter) + eol();
  const rows = int(r, 300);
  for (let i = 0; i < rows; i++) {
    if (r() < 0.05) {
      text += eol();
      continue;
    }
    const cells = crawl ? crawlCells(r) : [
      r() < 0.8 ? randomUrl(r) : '',
      pick(r, ['2025-01-02', '2025-13-40', '', '2025-01-02T03:04', '1700000000', 'Tue, 15 Nov 1994 08:12:31 GMT', randomUnicode(r, 5)]),
      pick(r, ['daily', 'Weekly ', '', 'sometimes']),
      pick(r, ['0.5', '1', '', '.3', '2', 'x']),
    ].slice(0, header ? header.length : 1 + int(r, 4));
    if (r() < 0.1) cells.push(randomUnicode(r, 3));
    text += cells.map((c) => csvCell(r, c, delimiter)).join(delimiter) + eol();
  }
  return new TextEncoder().encode(text);
}

/** A crawled row: its URL (a tracking parameter now and then), status, type, verdict, robots and canonical. */
function crawlCells(r: Rand): string[] {
  const url = randomUrl(r) + (r() < 0.2 ? pick(r, ['?utm_source=x', '&gclid=1', '?a=1&fbclid=2']) : '');
  return [
    url,
    pick(r, ['200', '301', '404', '0', '', 'x', '2000']),
    pick(r, ['text/html; charset=UTF-8', 'image/png', 'application/pdf', '', 'TEXT/HTML']),
    pick(r, ['Indexable', 'Non-Indexable', '', 'non indexable']),
    pick(r, ['', 'noindex', 'index, follow', 'max-image-preview:none', 'NONE']),
    pick(r, ['', url, randomUrl(r), '/', 'not a url']),
  ];
}

function randomBytes(r: Rand): Uint8Array {
  const n = int(r, 4000);
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = r() < 0.7 ? 0x20 + int(r, 95) : r() < 0.5 ? pick(r, [0x0a, 0x0d, 0x22, 0x2c]) : int(r, 256);
  return bytes;
}

/** `text`: the input is valid UTF-8, so a row is refused for its encoding only for a NUL in it. */
async function check(input: Uint8Array, seed: number, chunk: number, validate: boolean, text = false) {
  let result;
  try {
    result = await generate([source('fuzz.csv', input, chunk)], { baseUrl: BASE, now: NOW, maxUrls: 50 }, nodePlatform);
  } catch (e) {
    if (e instanceof InputError) return; // a clear message is an allowed answer
    throw new Error(`seed ${seed}: ${(e as Error).stack}`);
  }
  const s = result.summary;
  assert.equal(s.rows, s.accepted + s.rejected + s.excluded, `seed ${seed}: rows = accepted + rejected + excluded`);
  const files = readZip(concatParts(result.zip));
  const locs = locsOf(files);
  assert.equal(locs.length, s.accepted, `seed ${seed}: every accepted row written`);
  assert.equal(new Set(locs).size, locs.length, `seed ${seed}: written once`);
  const errors = new Map<number, number>();
  const excluded = new Set<number>();
  for (let i = 0; i < result.findings.length; i++) {
    const f = result.findings.at(i);
    if (f.severity === 'error') errors.set(f.line, (errors.get(f.line) ?? 0) + 1);
    if (f.severity === 'excluded') {
      assert.ok(!excluded.has(f.line), `seed ${seed}: line ${f.line} excluded twice`);
      excluded.add(f.line);
    }
    if (text && f.code === 'row-encoding') assert.ok(f.value.includes('\0'), `seed ${seed}: line ${f.line} refused for its encoding: ${JSON.stringify(f.value)}`);
  }
  assert.equal(errors.size, s.rejected, `seed ${seed}: one error per rejected row`);
  assert.equal(excluded.size, s.excluded, `seed ${seed}: one reason per excluded row`);
  for (const line of excluded) assert.ok(!errors.has(line), `seed ${seed}: line ${line} both rejected and excluded`);
  // The summary's row counts: the accepted rows with a finding at that level.
  for (const [severity, count] of [['fix', s.fixed], ['warning', s.warnings]] as const) {
    const lines = new Set<number>();
    for (let i = 0; i < result.findings.length; i++) {
      const f = result.findings.at(i);
      if (f.severity === severity && f.line > 0 && !errors.has(f.line) && !excluded.has(f.line)) lines.add(f.line);
    }
    assert.equal(count, lines.size, `seed ${seed}: rows with a ${severity}`);
  }
  if (validate && s.accepted > 0) {
    const dir = tempDir();
    for (const f of s.files) {
      const path = join(dir, f.name.replace(/\.gz$/, ''));
      writeFileSync(path, files[f.name]);
      const v = xmllint('sitemap.xsd', path);
      assert.equal(v.status, 0, `seed ${seed}: ${v.output}`);
    }
  }
}

test(`random inputs through the whole pipeline (${CASES} cases a kind, seed ${SEED}; replay with SEED=${SEED})`, { timeout: 600_000 }, async () => {
  for (const seed of [...REGRESSIONS, ...Array.from({ length: CASES }, (_, i) => (SEED + i) >>> 0)]) {
    const r = mulberry32(seed);
    const chunk = pick(r, [1, 7, 64, 4096, 1 << 16]);
    await check(randomCsv(r), seed, chunk, seed % 5 === 0, true);
    await check(randomBytes(r), seed, chunk, false);
    const urls = Array.from({ length: int(r, 200) }, () => randomUrl(r).replace(/[\r\n]/g, '')).join('\n');
    await check(new TextEncoder().encode(urls), seed, chunk, seed % 7 === 0, true);
  }
});
