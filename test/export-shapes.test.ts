// SPEC section 10, round two: the shapes of real exports, each rule on the smallest input written
// from the export's documented format.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipSync } from 'fflate';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { Options } from '../src/types.ts';
import { concatParts, locsOf, NOW, readZip, run, source, type Run } from './helpers.ts';

const U = 'https://www.example.com';
const bytes = (text: string) => new TextEncoder().encode(text);

function reconciles(r: { summary: Run['summary'] }): void {
  const s = r.summary;
  assert.equal(s.rows, s.accepted + s.rejected + s.excluded, 'rows = accepted + rejected + excluded');
}

async function runAll(inputs: [string, string | Uint8Array][], options: Partial<Options> = {}) {
  const result = await generate(inputs.map(([name, data]) => source(name, data)), { now: NOW, ...options }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  return { summary: result.summary, findings, locs: result.summary.accepted ? locsOf(readZip(concatParts(result.zip))) : [] };
}

test("a Search Console validation export's Status (Pending, Failed) is the state of a fix, never a publication state", async () => {
  const r = await run(`URL,Last crawled,Status\n${U}/a,2025-06-29,Pending\n${U}/b,2025-06-29,Pending\n${U}/c,2025-06-28,Pending\n${U}/d,2025-06-28,Failed\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`, `${U}/c`, `${U}/d`]);
  assert.equal(r.summary.excluded, 0);
  const german = await run(`URL,Zuletzt gecrawlt,Status\n${U}/a,2025-11-07,Ausstehend\n${U}/b,2025-11-06,Ausstehend\n`);
  assert.deepEqual(german.locs, [`${U}/a`, `${U}/b`]);
  reconciles(r);
});

test("a drill-down's issue decides every row before its columns do: a 404 drill-down with a validation Status is left out whole", async () => {
  const table = `URL,Zuletzt gecrawlt,Status\n${U}/a,2025-11-07,Ausstehend\n${U}/b?x=1,2025-11-06,Ausstehend\n${U}/c,2025-11-05,Ausstehend\n`;
  const zip = zipSync({ 'Tabelle.csv': bytes(table), 'Metadaten.csv': bytes('Property,Wert\nProblem,Nicht gefunden (404)\nSitemap,Alle bekannten Seiten\n') });
  const r = await runAll([['drilldown.zip', zip]]);
  assert.deepEqual(r.locs, []);
  assert.deepEqual([r.summary.excluded, r.summary.codes['row-status']], [3, 3]);
  reconciles(r);
});

test('an analytics list leaves out its utility paths (row-utility-path), under its switch; a plain list keeps them', async () => {
  const ga4 = [
    '# ----------------------------------------', '# Pages and screens: Page path and screen class', '# Start date: 20250901', '',
    'Page path and screen class,Views,Active users',
    '/collections/oils,15235,8412', '/checkouts/cn/Z2NwLXVz/processing,12,1', '/cart,900,400', '/account/login,80,30', '/search?q=oil,50,20',
    '/products/tea-tree,700,300', '/blogs/news/castor-oil,600,200', '/policies/refund-policy,20,10', '/?preview_theme_id=1234,3,1',
  ].join('\n');
  const r = await run(ga4);
  assert.deepEqual(r.locs, [`${U}/collections/oils`, `${U}/products/tea-tree`, `${U}/blogs/news/castor-oil`]);
  assert.deepEqual(r.findings.filter((f) => f.code === 'row-utility-path').map((f) => [f.line, f.value]), [
    [7, `${U}/checkouts/cn/Z2NwLXVz/processing (checkout)`], [8, `${U}/cart (cart)`], [9, `${U}/account/login (account)`],
    [10, `${U}/search?q=oil (search results)`], [13, `${U}/policies/refund-policy (shop policy)`], [14, `${U}/?preview_theme_id=1234 (preview)`],
  ]);
  assert.match(r.summary.notes.join('\n'), /6 utility paths of an analytics list left out .*give the site's robots\.txt/);
  reconciles(r);
  assert.equal((await run(ga4, { keep: ['row-utility-path'] })).locs.length, 9);
  const plain = await run(`${U}/cart\n${U}/a\n`);
  assert.deepEqual(plain.locs, [`${U}/cart`, `${U}/a`], 'a list made by hand says what it wants');
});

test("a link or redirect export's status describes the linked URL: it never leaves out the page that holds the link", async () => {
  const semrush = [
    'Page URL with Redirect Link,Initial Redirect URL,Final Destination URL,Status code,Discovered',
    `${U}/,${U}/categories/a,${U}/tools,308,17 Sep 2025 (15:50 UTC)`,
    `${U}/,${U}/categories/b,${U}/tools,308,17 Sep 2025 (15:50 UTC)`,
    `${U}/blog,${U}/categories/a,${U}/tools,308,17 Sep 2025 (15:50 UTC)`,
  ].join('\n');
  const r = await run(semrush);
  assert.deepEqual(r.locs, [`${U}/`, `${U}/blog`]);
  assert.equal(r.summary.codes['row-status'], undefined);
  reconciles(r);
  // Screaming Frog's All Inlinks: the Destination is the list, and its status is its own.
  const inlinks = [
    '"All Inlinks"', '"Type","Source","Destination","Size (Bytes)","Alt Text","Anchor","Status Code","Status","Follow"',
    `"HREF","${U}/a","${U}/","100","","Home","200","OK","true"`,
    `"HREF","${U}/old","${U}/b","20","","B","302","Moved Temporarily","true"`,
    `"HREF","${U}/","${U}/c","100","","C","200","OK","true"`,
  ].join('\n');
  const links = await run(inlinks);
  assert.deepEqual(links.locs, [`${U}/`, `${U}/c`]);
  assert.deepEqual(links.findings.filter((f) => f.code === 'row-status').map((f) => f.line), [4]);
  reconciles(links);
});

test('row-not-page by the URL: a file by its extension or name when no content type says what it is; a PDF is a page', async () => {
  const names = ['/a', '/b.html', '/c.pdf', '/i/d.webp', '/e.PNG?v=2', '/s.css?ver=6.4.1', '/f.woff2', '/v.mp4', '/robots.txt', '/sitemap_index.xml', '/favicon.ico', '/ads.txt', '/.well-known/security.txt', '/.htaccess', '/g.min.js'];
  const pages = [`${U}/a`, `${U}/b.html`, `${U}/c.pdf`, `${U}/.htaccess`];
  // A list of URLs and nothing else (Search Console's Pages): the core asks about such names.
  const list = await run(names.map((n) => U + n).join('\n'));
  assert.deepEqual(list.locs, pages);
  assert.deepEqual(list.findings.filter((f) => f.code === 'row-not-page').map((f) => f.value).slice(0, 3), [`${U}/i/d.webp (.webp file)`, `${U}/e.PNG?v=2 (.png file)`, `${U}/s.css?ver=6.4.1 (.css file)`]);
  reconciles(list);
  // A crawl whose Content Type cell is empty: the same, and a content type, where given, decides.
  const crawl = await run(['Address,Content Type,Status Code,Indexability', ...names.map((n) => `${U}${n},,200,Indexable`), `${U}/h.png,text/html,200,Indexable`].join('\n'));
  assert.deepEqual(crawl.locs, [...pages, `${U}/h.png`]);
  const nonIndexable = await run(['Address,Content Type,Status Code,Indexability,Indexability Status', `${U}/x.jpg,,200,Non-Indexable,Canonicalised`].join('\n'));
  assert.deepEqual(nonIndexable.findings.filter((f) => f.severity === 'excluded').map((f) => f.code), ['row-not-page'], 'the core and the engine give the same first reason');
  assert.deepEqual((await run(names.map((n) => U + n).join('\n'), { keep: ['row-not-page'] })).locs.length, names.length);
});

test("the site's host is the most common origin of the whole list, not of its first rows", async () => {
  const www = Array.from({ length: 300 }, (_, i) => `https://www.example.co.za/p${i}`);
  const apex = Array.from({ length: 700 }, (_, i) => `https://example.co.za/q${i}`);
  const text = `URL,Last crawled\n${[...www, ...apex].map((u) => `${u},2026-04-07`).join('\n')}\n`;
  const r = await runAll([['Table.csv', text]]);
  assert.equal(r.summary.baseUrl, 'https://example.co.za/');
  assert.equal(r.summary.accepted, 700);
  assert.equal(r.findings.find((f) => f.code === 'base-url-inferred')?.value, 'https://example.co.za/ (700 of the 1000 URLs)');
  reconciles(r);
  // Past the first MiB (850 long www rows fill it), the rest is read again to the end.
  const long = Array.from({ length: 850 }, (_, i) => `https://www.example.co.za/p${i},${'x'.repeat(1250)}`);
  const short = Array.from({ length: 1500 }, (_, i) => `https://example.co.za/q${i},x`);
  const big = `URL,Note\n${[...long, ...short].join('\n')}\n`;
  const file = await runAll([['crawl.csv', big]]);
  assert.equal(file.findings.find((f) => f.code === 'base-url-inferred')?.value, 'https://example.co.za/ (1500 of the 2350 URLs)');
  // A stream is read once: its first MiB decides, and the finding says so.
  const once = { ...source('stdin.csv', big), once: true };
  const stream = await generate([once], { now: NOW }, nodePlatform);
  const said = Array.from({ length: stream.findings.length }, (_, i) => stream.findings.at(i)).find((f) => f.code === 'base-url-inferred');
  assert.match(said!.value, /^https:\/\/www\.example\.co\.za\/ \(\d+ of the first \d+ URLs, as a stream is read once\)$/);
});

test('a Markdown list of links is read for the URL of each link', async () => {
  const list = [
    '# Pages to check', '',
    `- [${U}/a](https://google.com/search?q=site%3A${U}/a)`,
    `- [About us](${U}/about "About")`,
    `* [${U}/b](https://google.com/search?q=site%3A${U}/b)`,
    `1. [Contact](<${U}/contact>)`,
  ].join('\n');
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/about`, `${U}/b`, `${U}/contact`]);
  assert.deepEqual(r.summary.notes, ['list.csv is a Markdown list of links: the URL of each link is read']);
  assert.deepEqual([r.summary.rejected, r.summary.skipped], [0, 2], 'the heading and the blank line after it are preamble');
  reconciles(r);
});

test('a path whose title says it was not found is a soft 404 (row-soft-404), under its switch; the same path with a real title is kept', async () => {
  const ga4 = [
    'pagePath,pageTitle,screenPageViews,activeUsers',
    '/,Tenacious Tapes - Adhesive Tapes Supplier,840,446',
    '/old-range/,Page not found | Tenacious Tapes,40,31',
    '/moved/,Page not found | Tenacious Tapes,12,9',
    '/moved/,Moved range | Tenacious Tapes,3,2',
    '/de/alt/,Seite nicht gefunden – Tenacious,2,1',
    '/404-guide/,How to fix a 404 error,5,4',
  ].join('\n');
  const r = await run(ga4);
  assert.deepEqual(r.locs, [`${U}/`, `${U}/moved/`, `${U}/404-guide/`]);
  assert.deepEqual(r.findings.filter((f) => f.code === 'row-soft-404').map((f) => [f.line, f.value]), [
    [3, `${U}/old-range/ (title Page not found | Tenacious Tapes)`], [4, `${U}/moved/ (title Page not found | Tenacious Tapes)`], [6, `${U}/de/alt/ (title Seite nicht gefunden – Tenacious)`],
  ]);
  reconciles(r);
  assert.equal((await run(ga4, { keep: ['row-soft-404'] })).locs.length, 5);
});

test("an audit tool's issue export: its Issue Type names what is wrong with each Link URL, and the Sitemap URL column is no page", async () => {
  const semrush = [
    'Sitemap URL,Link URL,Issue Type,Discovered',
    `${U}/sitemap-main.xml,${U}/case-studies,Redirect,17 Sep 2025 (15:50 UTC)`,
    `${U}/sitemap-tools.xml,${U}/tools/a,4xx,12 Sep 2025 (04:47 UTC)`,
    `${U}/sitemap-tools.xml,${U}/tools/b,Non-canonical,12 Sep 2025 (04:47 UTC)`,
  ].join('\n');
  const r = await run(semrush);
  assert.deepEqual(r.locs, []);
  assert.deepEqual(r.findings.filter((f) => f.severity === 'excluded').map((f) => f.value), [`${U}/case-studies (Redirect)`, `${U}/tools/a (4xx)`, `${U}/tools/b (Non-canonical)`]);
  reconciles(r);
});

test('a drill-down given as its two files, under any names: the metadata file is known by its shape and its issue decides the table beside it', async () => {
  const table = `URL,Zuletzt gecrawlt,Status\n${U}/a,2025-11-07,Ausstehend\n${U}/b,2025-11-06,Ausstehend\n`;
  const meta = 'Property,Wert\nProblem,Nicht gefunden (404)\nSitemap,Alle bekannten Seiten\n';
  const r = await runAll([['export-Tabelle.csv', table], ['export-Metadaten.csv', meta]]);
  assert.deepEqual([r.locs, r.summary.excluded, r.summary.codes['row-status']], [[], 2, 2]);
  assert.match(r.summary.notes.join('\n'), /export-Tabelle\.csv: Search Console lists these pages under “Nicht gefunden \(404\)” \(export-Metadaten\.csv\)/);
  reconciles(r);
  const vi = await runAll([['Bảng.csv', `URL,Lần thu thập dữ liệu gần đây nhất\n${U}/x,2025-01-01\n`], ['Siêu dữ liệu.csv', 'Thuộc tính,Giá trị\nVấn đề,Trang có lệnh chuyển hướng\n']]);
  assert.deepEqual(vi.locs, []);
});

test("a zipped drill-down whose metadata file is named in another language (Siêu dữ liệu.csv, メタデータ.csv) is known by its shape", async () => {
  const vi = zipSync({ 'Bảng.csv': bytes(`URL,Lần thu thập dữ liệu gần đây nhất\n${U}/x,2025-01-01\n${U}/y,2025-01-02\n`), 'Siêu dữ liệu.csv': bytes('Thuộc tính,Giá trị\nVấn đề,Bị loại trừ bởi thẻ ‘noindex’\n') });
  const r = await runAll([['vi.zip', vi]]);
  assert.deepEqual([r.locs, r.summary.codes['row-noindex']], [[], 2]);
  const ja = zipSync({ '表.csv': bytes(`URL,前回のクロール\n${U}/x,2025-01-01\n`), 'メタデータ.csv': bytes('プロパティ,値\n問題,見つかりませんでした（404）\n') });
  assert.deepEqual((await runAll([['ja.zip', ja]])).locs, []);
});

test('a loc written with HTML entities (&amp;) is unescaped (loc-html-escaped), not escaped once more', async () => {
  const r = await run(`Top pages,Clicks\n${U}/tires?size=17&amp;bvstate=pg:2/ct:r,10\n${U}/b?x=1&#38;y=2,3\n/c?p=1&AMP;q=2,1\n${U}/d?e=1&f=2,1\n`);
  assert.deepEqual(r.locs, [`${U}/tires?size=17&bvstate=pg:2/ct:r`, `${U}/b?x=1&y=2`, `${U}/c?p=1&q=2`, `${U}/d?e=1&f=2`]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<loc>https://www.example.com/tires?size=17&amp;bvstate=pg:2/ct:r</loc>'));
  assert.deepEqual(r.findings.filter((f) => f.code === 'loc-html-escaped').map((f) => f.line), [2, 3, 4]);
  reconciles(r);
});

test("a crawl's Last Modified that is the server's clock at the crawl (within 10 minutes of the row's crawl timestamp, on the crawler's clock) is dropped (lastmod-crawl-time)", async () => {
  // The crawler's clock is 5½ hours ahead of GMT, as its export does not say.
  const rows = Array.from({ length: 8 }, (_, i) => `${U}/p${i},text/html,200,"Fri, 03 Jul 2026 09:4${i}:00 GMT",2026-07-03 15:1${i}:30`);
  const crawl = ['Address,Content Type,Status Code,Last Modified,Crawl Timestamp', ...rows, `${U}/old,text/html,200,"Fri, 10 Apr 2026 11:04:00 GMT",2026-07-03 15:19:04`].join('\n');
  const r = await run(crawl, { now: '2026-07-04T00:00:00Z' });
  assert.equal(r.locs.length, 9);
  assert.equal(r.findings.filter((f) => f.code === 'lastmod-crawl-time').length, 8);
  assert.ok(r.files['sitemap-1.xml.gz'].includes(`<loc>${U}/old</loc><lastmod>2026-04-10T11:04:00Z</lastmod>`));
  assert.equal((r.files['sitemap-1.xml.gz'].match(/<lastmod>/g) ?? []).length, 1);
  // Lastmods that lie hours from their crawl times in no pattern are the pages' own.
  const own = ['Address,Last Modified,Crawl Timestamp', ...Array.from({ length: 8 }, (_, i) => `${U}/q${i},2026-0${i + 1}-0${i + 1}T10:00:00Z,2026-07-03 15:13:0${i}`)].join('\n');
  assert.equal((await run(own, { now: '2026-07-04T00:00:00Z' })).findings.filter((f) => f.code === 'lastmod-crawl-time').length, 0);
  reconciles(r);
});

test('placeholder cells (--, -, N/A, (not set), (other)) are empty: a loc is missing, a lastmod absent, not invalid', async () => {
  const r = await run(`Page,Last Modified\n${U}/a,--\n--,2024-01-01\n(not set),2024-01-02\n${U}/b,N/A\n${U}/c,2024-13-45\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`, `${U}/c`]);
  assert.deepEqual(r.findings.filter((f) => f.code.startsWith('loc-') || f.code.startsWith('lastmod-')).map((f) => [f.line, f.code]), [[3, 'loc-missing'], [4, 'loc-missing'], [6, 'lastmod-invalid']]);
  reconciles(r);
});
