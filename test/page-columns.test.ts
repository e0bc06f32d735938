// The byte-level verdict on a crawler export's deciding columns (src/rules/page-columns.ts) against
// the rules themselves (`judgeColumns`): whenever it says a row is a page, the rules find no reason
// to leave the row out. Seeded: set SEED to replay a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnsSayPage } from '../src/rules/page-columns.ts';
import { judgeColumns, type BelongColumns } from '../src/rules/belonging-columns.ts';
import { mulberry32, testSeed } from './random.ts';

const SEED = testSeed('page-columns.test.ts');
const CASES = 200_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const URL_ = 'https://www.example.com/shop/a?x=1';
// Each column's values: the common verdicts of a crawl, and the near misses around them.
const STATUS = ['200', '200', '204', '299', '301', '404', '500', '0', '', ' 200 ', '2000', '20', '2', '2xx', 'OK', '200\u00a0', '\u00a0200', '３００', '1'];
const STATUS_TEXT = ['OK', 'Not Found', '200', '301', '', 'Moved Permanently', '404', '2', ' 250 ', 'No Response'];
const TYPES = [
  'text/html; charset=UTF-8', 'text/html', 'TEXT/HTML', 'Text/Html;charset=utf-8', 'text/html ;', 'text/htmlx', 'text/htm', 'text\u000fhtml',
  'application/pdf', 'image/png', '', ' text/html ', 'application/xhtml+xml', 'text/plain', 'text/html\u00a0',
];
const INDEXABILITY = ['Indexable', 'Indexable', 'Non-Indexable', 'non indexable', 'NonIndexable', 'N', 'n', '', 'indexable', 'Nope', ' Non-Indexable'];
const ROBOTS = ['', 'index, follow', 'noindex', 'NOINDEX, follow', 'googlebot: noindex', 'none', 'max-image-preview:none', 'nofollow', 'No', 'iNDEX', 'n o'];
const CANONICAL = [URL_, URL_, ` ${URL_} `, '', 'https://www.example.com/shop/b', `${URL_}&utm_source=x`, '/shop/a?x=1', 'https://www.example.com/shop/a?x=1#f', `\u00a0${URL_}`, 'HTTPS://WWW.EXAMPLE.COM/shop/a?x=1'];
const KEEPS = ['row-status', 'row-not-page', 'row-non-indexable', 'row-noindex', 'row-canonicalised', 'loc-tracking-param'];

test(`columnsSayPage: a row it calls a page, judgeColumns keeps (${CASES} rows, seed ${SEED})`, () => {
  const rand = mulberry32(SEED);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: T[]): T => xs[int(xs.length)];
  let pages = 0;
  const wrong: string[] = [];
  for (let c = 0; c < CASES; c++) {
    // A random layout: each deciding column present or not, in random places.
    const roles = ['status', 'statusText', 'indexability', 'contentType', 'canonical', 'robots1', 'robots2', 'address'].filter((r) => r === 'address' || rand() < 0.8);
    for (let k = roles.length - 1; k > 0; k--) {
      const j = int(k + 1);
      [roles[k], roles[j]] = [roles[j], roles[k]];
    }
    const col = (r: string) => roles.indexOf(r);
    const cols: BelongColumns = {
      status: col('status'), statusText: col('statusText'), redirect: -1, indexability: col('indexability'),
      indexabilityStatus: -1, contentType: col('contentType'), canonical: col('canonical'),
      robots: [col('robots1'), col('robots2')].filter((i) => i >= 0),
    };
    const values = roles.map((r) =>
      r === 'status' ? pick(STATUS) : r === 'statusText' ? pick(STATUS_TEXT) : r === 'indexability' ? pick(INDEXABILITY)
        : r === 'contentType' ? pick(TYPES) : r === 'canonical' ? pick(CANONICAL) : r === 'address' ? URL_ : pick(ROBOTS),
    );
    // The row may end before its last cells (a short row): those read as empty.
    const fields = rand() < 0.05 ? int(values.length + 1) : values.length;
    const keep = new Set(KEEPS.filter(() => rand() < 0.1));

    // The cells and the URL in one buffer, as in the core's memory.
    const parts = [...values.slice(0, fields), URL_].map((v) => encoder.encode(v));
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
    const spans: { at: number; length: number }[] = [];
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      spans.push({ at, length: p.length });
      at += p.length + 1;
    }
    const url = spans[fields];
    const cellAt = (i: number) => (i < fields ? spans[i] : { at: 0, length: 0 });
    const said = columnsSayPage(bytes, cols, cellAt, url.at, url.length, keep);
    if (!said) continue;
    pages++;
    const cell = (i: number) => (i < fields ? decoder.decode(bytes.subarray(spans[i].at, spans[i].at + spans[i].length)).trim() : '');
    const found = judgeColumns(cols, cell, URL_, keep);
    if (found && wrong.length < 10) wrong.push(`${JSON.stringify(Object.fromEntries(roles.map((r, i) => [r, i < fields ? values[i] : '(none)'])))} keep [${[...keep]}]: judgeColumns says ${found.code} (${found.detail})`);
  }
  assert.deepEqual(wrong, [], `columnsSayPage kept rows the rules leave out (seed ${SEED})`);
  assert.ok(pages > CASES / 50, `only ${pages} rows said to be pages: the test shows little`);
});

test('columnsSayPage: the row of a crawl that names itself canonical and is indexable HTML is a page, with no text decoded', () => {
  const cells = ['200', 'OK', 'text/html; charset=UTF-8', 'Indexable', 'index, follow', URL_, URL_];
  const parts = cells.map((v) => encoder.encode(v));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const spans: { at: number; length: number }[] = [];
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    spans.push({ at, length: p.length });
    at += p.length;
  }
  const cols: BelongColumns = { status: 0, statusText: 1, redirect: -1, indexability: 3, indexabilityStatus: -1, contentType: 2, canonical: 5, robots: [4] };
  assert.equal(columnsSayPage(bytes, cols, (i) => spans[i], spans[6].at, spans[6].length, new Set()), true);
  // And each deciding cell, changed to say otherwise, sends the row to the rules.
  for (const [i, v] of [[0, '301'], [2, 'image/png'], [3, 'Non-Indexable'], [4, 'noindex'], [5, 'https://www.example.com/other']] as const) {
    const changed = encoder.encode(v);
    const b2 = new Uint8Array(bytes.length + changed.length);
    b2.set(bytes);
    b2.set(changed, bytes.length);
    const spans2 = spans.map((s, k) => (k === i ? { at: bytes.length, length: changed.length } : s));
    assert.equal(columnsSayPage(b2, cols, (k) => spans2[k], spans[6].at, spans[6].length, new Set()), false, `column ${i} = ${v}`);
  }
});
