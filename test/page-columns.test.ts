// The core's byte-level verdicts on a crawler export's deciding columns (assembly/page-columns.ts,
// assembly/column-reasons.ts) against the rules themselves (`judgeColumns`): whenever it says a row is
// a page, the rules find no reason to leave the row out; whenever it gives a reason, the rules give the
// same one in the same words. Rows go through the core's own scanner, as a CSV line each. Seeded: set
// SEED to replay a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeColumns, rulesOff, type BelongColumns, type Exclusion } from '../src/rules/belonging-columns.ts';
import { Code } from '../src/core/code.ts';
import { DecidingColumn } from '../src/core/status.ts';
import { testCore, type TestCore } from './helpers/test-core.ts';
import { mulberry32, testSeed } from './random.ts';

const SEED = testSeed('page-columns.test.ts');
const CASES = 100_000;
const encoder = new TextEncoder();
const ROW = 0;

const URL_ = 'https://www.example.com/shop/a?x=1';
// Each column's values: the common verdicts of a crawl, and the near misses around them.
const STATUS = ['200', '200', '200', '200', '200', '200', '204', '299', '301', '404', '500', '0', '', ' 200 ', '2000', '20', '2', '2xx', 'OK', '200\u00a0', '\u00a0200', '３００', '1', '301 Moved Permanently', 'HTTP/1.1 404 Not Found', '200 OK', 'HTTP/2 200', 'Timeout', 'http/1.0 302 Found'];
// Words where a code belongs.
const STATUS_WORDS = ['-1', 'Connection refused', 'Blocked by robots.txt', 'abc', '200.0', '301.00', '200.5'];
const STATUS_TEXT = ['OK', 'Not Found', '200', '301', '', 'Moved Permanently', '404', '2', ' 250 ', 'No Response', '404 Not Found', 'HTTP/1.1 301 Moved Permanently', '200 OK', 'Hidden'];
const TYPES = [
  'text/html; charset=UTF-8', 'text/html', 'TEXT/HTML', 'Text/Html;charset=utf-8', 'text/html ;', 'text/htmlx', 'text/htm', 'text\u000fhtml',
  'application/pdf', 'image/png', '', ' text/html ', 'application/xhtml+xml', 'text/plain', 'text/html\u00a0',
];
const INDEXABILITY = [
  'Indexable', 'Indexable', 'Non-Indexable', 'non indexable', 'NonIndexable', 'N', 'n', '', 'indexable', 'Nope', ' Non-Indexable',
];
// A crawler's yes or no (Sitebulb, Lumar, Ahrefs), and the reasons some write in the column.
const INDEXABILITY_WORDS = [
  'Yes', 'No', 'true', 'FALSE', '1', '0', 'y', 'yes ', 'Noindex', 'Non-Indexable - Noindex', 'Non-indexable (canonicalised)', 'Not indexable: x', 'Nicht indexierbar', 'Indexierbar', 'No indexable', 'Non-Indexablex', 'Canonicalised', 'canonicalized', 'Disallowed', 'Blocked by robots.txt', 'Redirected', 'Indexable page',
];
const LONG_ROBOTS = 'index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1';
const ROBOTS = [
  '', 'index, follow', 'noindex', 'NOINDEX, follow', 'googlebot: noindex', 'none', 'max-image-preview:none', 'nofollow', 'No', 'iNDEX', 'n o', LONG_ROBOTS, LONG_ROBOTS, LONG_ROBOTS,
];
// Two robots tags in one cell: two lines (Ahrefs), or `;` or `|` apart.
const ROBOTS_LINES = [
  'noarchive\nnoindex', 'noarchive\r\nnoindex', 'noarchive; noindex', 'noarchive|noindex', 'nosnippet\nnone', 'index;follow', 'index\nfollow',
];
// Long values that say noindex late, the directive at every place relative to the core's sixteen-byte steps.
const LATE_NOINDEX = [...Array.from({ length: 20 }, (_, i) => `${LONG_ROBOTS.slice(0, 10 + i)}, noindex`), `${LONG_ROBOTS}, nOne`, `${LONG_ROBOTS.slice(0, 31)}N`];
const CANONICAL = [URL_, URL_, ` ${URL_} `, '', 'https://www.example.com/shop/b', 'https://www.example.com/shop/a', 'http://www.example.com/shop/a?x=1', 'https://example.org/x/', 'https://www.example.com:443/b', 'https://www.example.com/a/../b', 'https://www.example.com/%7Eb', 'https://www.example.com/a b', 'https://xn--bcher-kva.example/', 'https://www.example.com/it\'s', `${URL_}&utm_source=x`, '/shop/a?x=1', 'https://www.example.com/shop/a?x=1#f', `\u00a0${URL_}`, 'HTTPS://WWW.EXAMPLE.COM/shop/a?x=1'];
// Placeholders, two canonicals in a cell, and escapes that differ from the URL's in case alone or not.
const CANONICAL_ODD = [
  'N/A', '-', 'None', 'null', '(not set)', 'Self-referencing', `${URL_}\nhttps://www.example.com/other`, `${URL_} ${URL_}`, 'https://www.example.com/shop/%7e', 'https://www.example.com/shop/%7E', 'https://www.example.com/sh%6fp/a?x=1'];
// A CMS's publication states, published and not, and the near misses around the published words.
const PUBLICATION = ['', '', '', 'publish', 'publish', 'publish', 'publish', 'publish', 'publish', 'Published', 'PUBLISH', ' live ', 'Active', 'public', 'draft', 'private', 'future', 'trash', 'open', 'publishx', 'publis', 'publ\u00edsh', 'publish\u00a0', 'auto-draft', 'Changed', 'expired', 'disabled'];
const KEEPS = ['row-status', 'row-not-page', 'row-non-indexable', 'row-noindex', 'row-canonicalised', 'row-unpublished', 'loc-tracking-param'];

/** Tells the core the columns, as the engine does for an input's header. */
function tellColumns(core: TestCore, cols: BelongColumns, keep: ReadonlySet<string>): void {
  core.x.clearDecidingColumns(rulesOff(keep));
  core.x.setDecidingColumn(DecidingColumn.Status, cols.status);
  core.x.setDecidingColumn(DecidingColumn.StatusText, cols.statusText);
  core.x.setDecidingColumn(DecidingColumn.ContentType, cols.contentType);
  core.x.setDecidingColumn(DecidingColumn.Indexability, cols.indexability);
  core.x.setDecidingColumn(DecidingColumn.Canonical, cols.canonical);
  core.x.setDecidingColumn(DecidingColumn.IndexabilityStatus, cols.indexabilityStatus);
  core.x.setDecidingColumn(DecidingColumn.Redirect, cols.redirect);
  for (const column of cols.robots) core.x.setDecidingColumn(DecidingColumn.Robots, column);
  core.x.setDecidingColumn(DecidingColumn.Publication, cols.publication);
}

/** Makes one CSV row of `cells` (each quoted) the core's current row; the length of URL_ put at the scratch area. */
function readRow(core: TestCore, cells: string[]): number {
  core.x.beginInput(0x2c, 0, 0, 1);
  core.resetInput();
  core.feed(encoder.encode(cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',') + '\n'));
  assert.equal(core.x.scanOnly(1), ROW);
  return core.putScratch(URL_)[0];
}

/** The core's verdict on one row, the row's written URL being URL_. */
function sayPage(core: TestCore, cells: string[]): boolean {
  return core.x.columnsSayPageOfRow(readRow(core, cells)) === 1;
}

/** The core's reason to leave the row out, or null. */
function coreReason(core: TestCore, cells: string[]): Exclusion | null {
  const code = core.x.columnsExcludeOfRow(readRow(core, cells));
  if (code < 0) return null;
  const text = core.text(core.x.exclusionTextPtr(), core.x.exclusionTextLen());
  assert.ok(text.startsWith(`${URL_} (`) && text.endsWith(')'), text);
  return { code, column: core.x.exclusionColumnOfRow(), detail: text.slice(URL_.length + 2, -1) };
}

test(`columnsSayPage: a row the core calls a page, judgeColumns keeps (${CASES} rows, seed ${SEED})`, async () => {
  const core = await testCore();
  const rand = mulberry32(SEED);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: T[]): T => xs[int(xs.length)];
  let pages = 0;
  const wrong: string[] = [];
  for (let c = 0; c < CASES; c++) {
    // A random layout: each deciding column present or not, in random places.
    // A CMS's publication status is rarer beside a crawl's columns, and would leave few pages to test.
    const roles = ['status', 'statusText', 'indexability', 'contentType', 'canonical', 'robots1', 'robots2', 'publication', 'address'].filter((r) => r === 'address' || rand() < (r === 'publication' ? 0.3 : 0.8));
    for (let k = roles.length - 1; k > 0; k--) {
      const j = int(k + 1);
      [roles[k], roles[j]] = [roles[j], roles[k]];
    }
    const col = (r: string) => roles.indexOf(r);
    const cols: BelongColumns = {
      status: col('status'), statusText: col('statusText'), redirect: -1, indexability: col('indexability'),
      indexabilityStatus: -1, contentType: col('contentType'), canonical: col('canonical'),
      robots: [col('robots1'), col('robots2')].filter((i) => i >= 0), publication: col('publication'), postType: -1, redirectType: -1,
    };
    // Now and then a value of the less common kinds.
    const or = (xs: string[], rare: string[]) => (rand() < 0.03 ? pick(rare) : pick(xs));
    const values = roles.map((r) =>
      r === 'status' ? or(STATUS, STATUS_WORDS) : r === 'statusText' ? pick(STATUS_TEXT) : r === 'indexability' ? or(INDEXABILITY, INDEXABILITY_WORDS)
        : r === 'contentType' ? pick(TYPES) : r === 'canonical' ? or(CANONICAL, CANONICAL_ODD) : r === 'address' ? URL_ : r === 'publication' ? pick(PUBLICATION)
        : rand() < 0.1 ? pick(LATE_NOINDEX) : or(ROBOTS, ROBOTS_LINES),
    );
    // The row may end before its last cells (a short row): those read as empty.
    const fields = rand() < 0.05 ? 1 + int(values.length) : values.length;
    const keep = new Set(KEEPS.filter(() => rand() < 0.1));
    tellColumns(core, cols, keep);
    if (!sayPage(core, values.slice(0, fields))) continue;
    pages++;
    const cell = (i: number) => (i < fields ? values[i].trim() : '');
    const found = judgeColumns(cols, cell, URL_, keep);
    if (found && wrong.length < 10) wrong.push(`${JSON.stringify(Object.fromEntries(roles.map((r, i) => [r, i < fields ? values[i] : '(none)'])))} keep [${[...keep]}]: judgeColumns says ${found.code} (${found.detail})`);
  }
  assert.deepEqual(wrong, [], `columnsSayPage kept rows the rules leave out (seed ${SEED})`);
  assert.ok(pages > CASES / 50, `only ${pages} rows said to be pages: the test shows little`);
});

test('columnsSayPage: the row of a crawl that names itself canonical and is indexable HTML is a page; each deciding cell changed sends it to the rules', async () => {
  const core = await testCore();
  const cells = ['200', 'OK', 'text/html; charset=UTF-8', 'Indexable', 'index, follow', URL_, URL_, 'publish'];
  const cols: BelongColumns = { status: 0, statusText: 1, redirect: -1, indexability: 3, indexabilityStatus: -1, contentType: 2, canonical: 5, robots: [4], publication: 7, postType: -1, redirectType: -1 };
  tellColumns(core, cols, new Set());
  assert.equal(sayPage(core, cells), true);
  for (const [i, v] of [[0, '301'], [2, 'image/png'], [3, 'Non-Indexable'], [4, 'noindex'], [5, 'https://www.example.com/other'], [7, 'draft']] as const) {
    assert.equal(sayPage(core, cells.map((c, k) => (k === i ? v : c))), false, `column ${i} = ${v}`);
  }
  // Turned off, the status and content-type rules no longer hold a row back.
  tellColumns(core, cols, new Set(['row-status', 'row-not-page']));
  assert.equal(sayPage(core, cells.map((c, k) => (k === 0 ? '301' : k === 2 ? 'image/png' : c))), true);
  // A CMS's yes-or-no column (Draft): no row is said to be a page, every one goes to the rules.
  tellColumns(core, cols, new Set());
  core.x.setDecidingColumn(DecidingColumn.Flag, 6);
  assert.equal(sayPage(core, cells), false);
  // More robots columns than the core holds: no row is said to be a page, every one goes to the rules.
  tellColumns(core, { ...cols, robots: Array.from({ length: 17 }, () => 4) }, new Set());
  assert.equal(sayPage(core, cells), false);
});

const REDIRECT = ['', 'https://www.example.com/new', '/new', ' https://www.example.com/n?a=1 ', 'https://www.example.com/caf\u00e9'];
const INDEXABILITY_STATUS = ['', 'Redirected', 'Client Error', 'noindex', 'Canonicalised', ' Blocked by robots.txt ', 'Non-Indexable', 'Redirig\u00e9e'];
const STATUS_TEXTS = [...STATUS_TEXT, 'Found', 'Moved Temporarily', 'Internal Server Error', 'Gone', '007', 'Not Found\u00a0', 'Introuvable \u00e9'];
const STATUSES = [...STATUS, ...STATUS_WORDS, '302', '307', '410', '403', '503', '000', '007', '99', '199', '300', '399', '404', ' 301', '600', '999', '304'];
const INDEXABILITIES = [...INDEXABILITY, ...INDEXABILITY_WORDS, 'NON-INDEXABLE', 'non\tindexable', 'non  indexable', 'non_indexable', 'Non-Indexable\u00a0', 'Not Indexable', 'not-indexable', 'NOTINDEXABLE', 'nod indexable'];
const CORE_CODES = new Set<number>([Code.RowStatus, Code.RowNotPage, Code.RowNonIndexable, Code.RowNoindex, Code.RowCanonicalised]);
// The reasons the core gives whenever the rules give them on an ASCII row: a canonical not yet in its
// written form (relative, with a query, an upper-case host) is the engine's to read.
const COMPLETE = new Set<number>([Code.RowStatus, Code.RowNotPage, Code.RowNonIndexable, Code.RowNoindex]);
/**
 * Cells the core leaves to the rules, by design: a status cell that is not a code alone (`404 Not
 * Found`, `2xx`, `Timeout`), or an indexability verdict other than `Indexable`, a yes or
 * `Non-Indexable` (a crawler's `false`, or a reason: `Noindex`).
 */
function engineWords(cols: BelongColumns, cell: (i: number) => string, keep: ReadonlySet<string>): boolean {
  const status = cols.status >= 0 ? cell(cols.status) : '';
  const value = status || (cols.status < 0 && cols.statusText >= 0 ? cell(cols.statusText) : '');
  const statusWords = !keep.has('row-status') && value !== '' && !/^\d{1,3}$/.test(value) && (status !== '' || /^[\dh]/i.test(value));
  const verdict = cols.indexability >= 0 ? cell(cols.indexability) : '';
  const verdictWords = !keep.has('row-non-indexable') && verdict !== '' && !/^(?:indexable|yes|y|true|1|no[nt][\s-]?indexable)$/i.test(verdict);
  return statusWords || verdictWords;
}
// Robots values around saysNoindex's reading: parts, names, valued directives, spaces, case.
const NOINDEX_ROBOTS = ['noindex', ' NoIndex ', 'index,noindex', 'googlebot: noindex', 'googlebot:none', 'bingbot :  NONE', 'max-image-preview:none', 'max-snippet: none', 'unavailable_after: noindex', 'x_y-z:noindex', 'a b: noindex', ':noindex', 'noindex,', ',none', 'noindexx', 'no index', 'googlebot: noindex, follow', 'noindex\u00a0', 'google\u00e9: noindex'];

test(`columnsExclude: a reason the core gives is judgeColumns' reason, word for word; on ASCII rows it gives every status, content-type, indexability and noindex one (${CASES} rows, seed ${SEED})`, async () => {
  const core = await testCore();
  const rand = mulberry32(SEED ^ 0x5eed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: T[]): T => xs[int(xs.length)];
  const given = new Map<number, number>();
  const wrong: string[] = [];
  for (let c = 0; c < CASES && wrong.length < 10; c++) {
    const roles = ['status', 'statusText', 'redirect', 'indexability', 'indexabilityStatus', 'contentType', 'canonical', 'robots1', 'robots2', 'publication', 'address'].filter((r) => r === 'address' || rand() < 0.8);
    for (let k = roles.length - 1; k > 0; k--) {
      const j = int(k + 1);
      [roles[k], roles[j]] = [roles[j], roles[k]];
    }
    const col = (r: string) => roles.indexOf(r);
    const cols: BelongColumns = {
      status: col('status'), statusText: col('statusText'), redirect: col('redirect'), indexability: col('indexability'),
      indexabilityStatus: col('indexabilityStatus'), contentType: col('contentType'), canonical: col('canonical'),
      robots: [col('robots1'), col('robots2')].filter((i) => i >= 0), publication: col('publication'), postType: -1, redirectType: -1,
    };
    const source: Record<string, string[]> = {
      status: STATUSES, statusText: STATUS_TEXTS, redirect: REDIRECT, indexability: INDEXABILITIES, indexabilityStatus: INDEXABILITY_STATUS,
      contentType: TYPES, canonical: CANONICAL, robots1: [...ROBOTS, ...LATE_NOINDEX, ...NOINDEX_ROBOTS, ...ROBOTS_LINES], robots2: [...ROBOTS, ...NOINDEX_ROBOTS, ...ROBOTS_LINES], publication: PUBLICATION, address: [URL_],
    };
    const values = roles.map((r) => (r === 'canonical' && rand() < 0.05 ? pick(CANONICAL_ODD) : pick(source[r])));
    const fields = rand() < 0.05 ? 1 + int(values.length) : values.length;
    const keep = new Set(KEEPS.filter(() => rand() < 0.1));
    tellColumns(core, cols, keep);
    const cells = values.slice(0, fields);
    const said = coreReason(core, cells);
    const cell = (i: number) => (i < fields ? values[i].trim() : '');
    const found = judgeColumns(cols, cell, URL_, keep);
    const row = `${JSON.stringify(Object.fromEntries(roles.map((r, i) => [r, i < fields ? values[i] : '(none)'])))} keep [${[...keep]}]`;
    if (said) {
      given.set(said.code, (given.get(said.code) ?? 0) + 1);
      if (!found || found.code !== said.code || found.column !== said.column || found.detail !== said.detail) {
        wrong.push(`${row}: the core says ${JSON.stringify(said)}, judgeColumns ${JSON.stringify(found)}`);
      }
    } else if (found && COMPLETE.has(found.code) && cells.every((v) => /^[\x00-\x7f]*$/.test(v)) && !engineWords(cols, cell, keep)) {
      wrong.push(`${row}: judgeColumns says ${JSON.stringify(found)}, the core gives no reason`);
    }
  }
  assert.deepEqual(wrong, [], `columnsExclude and judgeColumns differ (seed ${SEED})`);
  for (const code of CORE_CODES) assert.ok((given.get(code) ?? 0) > CASES / 200, `only ${given.get(code) ?? 0} rows left out with code ${code}`);
});
