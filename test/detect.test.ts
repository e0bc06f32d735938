// How a list's delimiter is told from its first lines, and what the rows then hold.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Core } from '../src/core/core.ts';
import { detectDelimiter, rolesFromHeader } from '../src/input/detect.ts';
import { splitterOn } from '../src/input/split-rows.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { run } from './helpers.ts';

const U = 'https://www.example.com';

test('the delimiter of common lists', async () => {
  const split = splitterOn(new Core(await nodePlatform.wasm()), true);
  const cases: [string, string][] = [
    [`loc,lastmod\n${U}/a,2025-01-01\n`, ','],
    [`URL;Last Modified\n${U}/a;2025-01-01\n`, ';'],
    [`address\tstatus\ttitle\n${U}/a\t200\tHome\n`, '\t'],
    [`${U}/a,2025-01-01\n${U}/b,2025-01-02\n`, ','],
    [`${U}/a,Home page\n${U}/b,About us\n`, ','],
    [`${U}/a\n${U}/b\n`, 'none'],
    [`loc\n${U}/a\n`, 'none'],
    [`url|title|updated\n${U}/a|Home|2025-01-01\n`, '|'],
    [`${U}/a|2025-01-01\n${U}/b|2025-01-02\n`, '|'],
  ];
  for (const [text, want] of cases) assert.equal(detectDelimiter(text, split), want, JSON.stringify(text));
});

test('a one-column list keeps commas in its URLs and its quoted values are unquoted', async () => {
  let r = await run(`loc\n${U}/a,b\n${U}/c,d\n`);
  assert.deepEqual(r.locs, [`${U}/a,b`, `${U}/c,d`]);
  assert.equal(r.summary.codes['row-columns'], undefined);
  r = await run(`loc\n"${U}/a"\n"${U}/b,c"  \n"${U}/q""x"\n${U}/plain\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b,c`, `${U}/q%22x`, `${U}/plain`]);
  r = await run(`"${U}/a"\n"${U}/b"\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`]);
});

test('on a tie, the delimiter after which the values look like a lastmod; one that cuts URLs before a parameter is passed over', async () => {
  let r = await run(`${U}/a,b;2024-01-01\n${U}/c,d;2024-01-02\n`);
  assert.deepEqual(r.locs, [`${U}/a,b`, `${U}/c,d`]);
  assert.equal(r.summary.codes['lastmod-invalid'], undefined);
  r = await run(`${U}/a,b\t2024-01-01\n${U}/c,d\t2024-01-02\n`);
  assert.deepEqual(r.locs, [`${U}/a,b`, `${U}/c,d`]);
  r = await run(`${U}/a;jsessionid=1\n${U}/b;jsessionid=2\n`);
  assert.deepEqual(r.locs, [`${U}/a;jsessionid=1`, `${U}/b;jsessionid=2`]);
  assert.equal(r.summary.codes['loc-session-id'], 2);
});

test('a delimiter inside the query of a list of URLs is passed over: facets keep their commas and semicolons', async () => {
  const facets = `${U}/search?brand=nike,adidas\n${U}/search?brand=nike,puma\n${U}/p/1\n`;
  let r = await run(facets);
  assert.deepEqual(r.locs, [`${U}/search?brand=nike,adidas`, `${U}/search?brand=nike,puma`, `${U}/p/1`]);
  assert.deepEqual(Object.keys(r.summary.codes), []);
  r = await run(`${U}/f?ids=1,2,3&x=a;b\n${U}/f?ids=4,5,6&x=c;d\n/g?a=1,2\n`, { baseUrl: `${U}/` });
  assert.deepEqual(r.locs, [`${U}/f?ids=1,2,3&x=a;b`, `${U}/f?ids=4,5,6&x=c;d`, `${U}/g?a=1,2`]);
  // A list value after the query, or words, still make the comma a delimiter.
  const split = splitterOn(new Core(await nodePlatform.wasm()), true);
  assert.equal(detectDelimiter(`${U}/a?x=1,2025-01-01\n${U}/b?x=2,2025-01-02\n`, split), ',');
  assert.equal(detectDelimiter(`${U}/a?x=1,Home page\n${U}/b?x=2,About us\n`, split), ',');
  assert.equal(detectDelimiter(facets, split), 'none');
});

test("lastmod by more names, and of several such columns the most telling: a CMS's Modified Date over its publishing Date", async () => {
  let r = await run(`Page URL,Last updated\n${U}/a,2024-03-05\n`);
  assert.match(r.files['sitemap-1.xml.gz'], /<lastmod>2024-03-05<\/lastmod>/);
  r = await run(`ID,Title,Date,Modified Date,Permalink\n1,Hello,2021-01-01,2024-06-07,${U}/hello/\n`);
  assert.match(r.files['sitemap-1.xml.gz'], /<lastmod>2024-06-07<\/lastmod>/);
  r = await run(`url,post_date,post_modified_gmt\n${U}/a,2021-01-01,2024-06-08\n`);
  assert.match(r.files['sitemap-1.xml.gz'], /<lastmod>2024-06-08<\/lastmod>/);
  // The first of two equally telling names, as before.
  r = await run(`loc,updated,date\n${U}/a,2024-01-02,2024-01-03\n`);
  assert.match(r.files['sitemap-1.xml.gz'], /<lastmod>2024-01-02<\/lastmod>/);
});

test('a pipe-delimited dump is read by its columns; pipes inside URLs stay in them', async () => {
  let r = await run(`url|title|updated|status\n${U}/|Home|2024-11-01|published\n${U}/shoes/runner?c=red|Runner 2|2024-10-20|published\n`);
  assert.deepEqual(r.locs, [`${U}/`, `${U}/shoes/runner?c=red`]);
  assert.deepEqual(r.files['sitemap-1.xml.gz'].match(/<lastmod>[^<]*/g), ['<lastmod>2024-11-01', '<lastmod>2024-10-20']);
  assert.deepEqual(Object.keys(r.summary.codes), ['column-ignored'], 'title and status are not read');
  r = await run(`${U}/f?tags=a|b\n${U}/f?tags=c|d\n${U}/g\n`);
  assert.deepEqual(r.locs, [`${U}/f?tags=a%7Cb`, `${U}/f?tags=c%7Cd`, `${U}/g`], "kept whole, in the written form");
  // A comma still wins over pipes in the values.
  r = await run(`loc,title\n${U}/a,A|B\n${U}/b,C|D\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`]);
});

test('a first row that does not parse, or is longer than a line, does not hide the delimiter of the rest', async () => {
  let r = await run(`"${U}/a,2024-01-01\n${U}/b,2024-01-02\n${U}/c,2024-01-03\n`);
  assert.deepEqual(r.locs, [`${U}/b`, `${U}/c`]);
  assert.deepEqual(r.findings.filter((f) => f.severity === 'error').map((f) => [f.line, f.code]), [[1, 'row-malformed']]);
  r = await run(`${U}/${'a'.repeat(70_000)},2024-01-01\n${U}/b,2024-01-02\n`);
  assert.deepEqual(r.locs, [`${U}/b`]);
  assert.deepEqual(r.findings.filter((f) => f.severity === 'error').map((f) => [f.line, f.code]), [[1, 'loc-too-long']]);
});

test("a Redirect Type column is a URL rewrite's kind only when it holds Magento's codes: Screaming Frog's says how a page redirects", () => {
  const sf = rolesFromHeader(['Address', 'Status Code', 'Redirect URL', 'Redirect Type'], [['https://a/', '200', '', ''], ['https://a/b', '301', 'https://a/c', 'HTTP Redirect']]);
  assert.deepEqual(sf, ['loc', 'status', 'redirect', 'ignore']);
  const magento = rolesFromHeader(['request_path', 'target_path', 'redirect_type'], [['a', 'x/y', '0'], ['b', 'a', '301']]);
  assert.deepEqual(magento.slice(1), ['redirect', 'redirect-type']);
});
