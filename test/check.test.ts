// The audit (SPEC section 7): every finding code with a crafted file, asserting code, file and line;
// the row rules of section 4 mapped back to the line of their <url>; feeds, text sitemaps and zips.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { check, checkCounted, DECL, index, only, places, SM_NS, U, url, urlset } from './check-helpers.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, xmllint, xmlWellFormed } from './helpers.ts';
import { auditCodeInfo } from '../src/check/audit-words.ts';
import { mulberry32, testSeed } from './random.ts';

test('a clean sitemap has no findings', async () => {
  const r = await check({ 'a.xml': urlset(url(`${U}/a`, '<lastmod>2025-01-01</lastmod>') + url(`${U}/b`, '<lastmod>2025-01-02</lastmod>')) });
  assert.deepEqual(r.findings, []);
  assert.deepEqual(r.codes, {});
  assert.deepEqual(r.files, [{ name: 'a.xml', kind: 'urlset', urls: 2, bytes: r.files[0].bytes, findings: 0 }]);
});

test('a sitemap whose locs are all relative, checked with no base URL: each loc is invalid, the audit goes on', async () => {
  const r = await check({ 'a.xml': urlset(url('/shop/a') + url('httpsle.c/x') + url('./b.html')) });
  assert.deepEqual(places(r, 'loc-invalid'), ['a.xml:3', 'a.xml:4', 'a.xml:5']);
});

test('xml-malformed: the parser message and line; entries before it are still checked', async () => {
  const r = await check({ 'a.xml': urlset(url(`${U}/a`, '<lastmod>2024-02-30</lastmod>') + `<url><loc>${U}/b</loc></lastmod></url>\n` + url(`${U}/c`, '<lastmod>2024-02-30</lastmod>')) });
  const f = only(r, 'xml-malformed');
  assert.equal(`${f.file}:${f.line}`, 'a.xml:4');
  assert.equal(f.severity, 'error');
  assert.match(f.message, /<\/lastmod> does not match <url>/);
  assert.deepEqual(places(r, 'xml-schema'), ['a.xml:3'], 'the entry before the fault is checked, none after');
});

test('xml-malformed: unclosed root, undefined entity, text after the root, declaration not at the start', async () => {
  const cases: [string, number, RegExp][] = [
    [`${DECL}\n<urlset xmlns="${SM_NS}">\n${url(`${U}/a`)}`, 4, /ends before <\/urlset> \(opened on line 2\)/],
    [urlset(url(`${U}/&nbsp;`)), 3, /&nbsp; is not defined/],
    [urlset(url(`${U}/a`)) + 'junk\n', 5, /text after the root element/],
    [`\n${urlset(url(`${U}/a`))}`, 2, /XML declaration must be at the very start/],
    [urlset(`<url><loc a=1>${U}/a</loc></url>\n`), 3, /attribute value must be quoted/],
    [urlset(`<url><loc>${U}/\u0001</loc></url>\n`), 3, /U\+0001 is not allowed/],
    [urlset(`<p:url><loc>${U}/a</loc></p:url>\n`), 3, /prefix p is not bound/],
  ];
  for (const [xml, line, message] of cases) {
    const r = await check({ 'a.xml': xml });
    const f = only(r, 'xml-malformed');
    assert.equal(f.line, line, xml);
    assert.match(f.message, message);
  }
});

test('xml-doctype: an entity-expansion file is refused at once, never expanded', { timeout: 60_000 }, async () => {
  let entities = '<!ENTITY lol "lol">\n';
  for (let i = 1; i <= 9; i++) entities += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">\n`;
  const laughs = `${DECL}\n<!DOCTYPE urlset [\n${entities}]>\n<urlset xmlns="${SM_NS}"><url><loc>${U}/&lol9;</loc></url></urlset>\n`;
  const { r, work } = await checkCounted({ 'laughs.xml': laughs }, {}, 16);
  // Expanded, &lol9; would be 3 GB: the audit hands on no row, and its memory stays where it was.
  assert.equal(work.rows, (await checkCounted({ 'empty.xml': '' })).work.rows, 'no row past the header');
  assert.ok(work.rssGrowth < 64 << 20, `memory grew by ${work.rssGrowth} bytes`);
  assert.ok(work.pulled <= 2 * laughs.length, `${work.pulled} bytes read: the file once per reading`);
  assert.deepEqual(places(r, 'xml-doctype'), ['laughs.xml:2']);
  assert.equal(r.findings.length, 1, 'nothing after the DOCTYPE is read');
  assert.equal(r.files[0].urls, 0);
  // An entity declaration on its own (no DOCTYPE around it) is refused too.
  assert.deepEqual(places(await check({ 'e.xml': `${DECL}\n<!ENTITY x "y">\n` }), 'xml-doctype'), ['e.xml:2']);
});

test('xml-root and xml-namespace', async () => {
  const html = await check({ 'page.xml': `${DECL}\n<html><body/></html>\n` });
  assert.deepEqual(places(html, 'xml-root'), ['page.xml:2']);
  assert.equal(html.files[0].kind, 'unknown');
  const bare = await check({ 'a.xml': `${DECL}\n<urlset>\n${url(`${U}/a`)}</urlset>\n` });
  assert.deepEqual(places(bare, 'xml-namespace'), ['a.xml:2']);
  assert.equal(bare.findings.length, 1, 'the children are read in the root namespace: one finding, not one per element');
  const old = await check({ 'a.xml': `${DECL}\n<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">\n${url(`${U}/a`)}</urlset>\n` });
  assert.match(only(old, 'xml-namespace').message, /0\.84, not http:\/\/www\.sitemaps\.org/);
  assert.deepEqual(places(await check({ 'x.pdf': '%PDF-1.4 binary' }), 'xml-root'), ['x.pdf:0']);
  assert.deepEqual(places(await check({ 'empty.xml': '' }), 'xml-root'), ['empty.xml:0']);
});

test('xml-schema: unknown and misplaced elements, missing loc, bad values; xml-order: known elements out of order, once a file', async () => {
  const body = [
    url(`${U}/1`, '<foo>x</foo>'), // 3: unknown element
    `<url><lastmod>2025-01-01</lastmod><loc>${U}/2</loc></url>\n`, // 4: loc after lastmod
    `<url><lastmod>2025-01-01</lastmod></url>\n`, // 5: no loc
    url(`${U}/4`, '<priority>0.5</priority><changefreq>daily</changefreq>'), // 6: changefreq after priority
    url(`${U}/5`, '<lastmod></lastmod>'), // 7: empty lastmod
    url('http://a.b/'), // 8: loc shorter than 12 characters
    url(`${U}/7`, `<loc>${U}/7b</loc>`), // 9: a second loc
    `<url>text<loc>${U}/8</loc></url>\n`, // 10: text in <url>
    `<sitemap><loc>${U}/s.xml</loc></sitemap>\n`, // 11: an index's element in a sitemap
    url(`${U}/10`, '<x:thing xmlns:x="urn:x"/>'), // 12: a namespace that is not an extension
    `<url id="1"><loc>${U}/11</loc></url>\n`, // 13: an attribute
    `<url><loc>${U}/<b>12</b></loc></url>\n`, // 14: an element inside loc
    url(`${U}/13`, '<image:image><image:loc>https://cdn.example.com/a.png</image:loc></image:image><lastmod>2025-01-01</lastmod>'), // 15: lastmod after an extension
  ].join('');
  const r = await check({ 'a.xml': urlset(body, ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"') });
  assert.deepEqual(places(r, 'xml-schema'), ['a.xml:3', 'a.xml:5', 'a.xml:7', 'a.xml:8', 'a.xml:9', 'a.xml:10', 'a.xml:11', 'a.xml:12', 'a.xml:13', 'a.xml:14']);
  const messages = r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.message);
  assert.match(messages[1], /<url> has no <loc>/);
  assert.match(messages[2], /<lastmod> is empty/);
  assert.match(messages[3], /shorter than 12 characters/);
  assert.match(messages[4], /a second <loc>/);
  // Lines 4, 6 and 15 have every element, out of order: one warning for the file, at the first.
  const order = only(r, 'xml-order');
  assert.equal(`${order.file}:${order.line} ${order.severity}`, 'a.xml:4 warning');
  assert.match(order.message, /^3 elements out of the schema's order \(first on line 4: <loc> after <lastmod>\); the order is in <url>: <loc>, <lastmod>, <changefreq>, <priority>, then the extensions\./);
  assert.match(order.message, /strict validators \(xmllint --schema\) reject the file; Fix and re-generate writes them in order$/);
  // Misplaced values are still read; the one row rule finding is the short loc's other host.
  assert.deepEqual(Object.keys(r.codes).sort(), ['list-mixed-hosts', 'loc-host', 'xml-order', 'xml-schema']);
});

test('xml-schema: extensions are allowed inside <url>, and an empty <urlset> is not', async () => {
  const ext =
    '<image:image><image:loc>https://cdn.example.com/a.png</image:loc></image:image>' +
    `<xhtml:link rel="alternate" hreflang="en" href="${U}/a"/><xhtml:link rel="alternate" hreflang="de" href="${U}/de/"/>` +
    '<video:video><video:thumbnail_loc>https://cdn.example.com/t.jpg</video:thumbnail_loc><video:title>t</video:title>' +
    '<video:description>d</video:description><video:player_loc allow_embed="yes">https://cdn.example.com/p</video:player_loc></video:video>' +
    '<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication>' +
    '<news:publication_date>2025-12-31</news:publication_date><news:title>n</news:title></news:news>';
  const ns =
    ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"' +
    ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="x y"';
  assert.deepEqual((await check({ 'a.xml': urlset(url(`${U}/a`, `<lastmod>2025-01-01</lastmod>${ext}`), ns) })).findings, []);
  assert.deepEqual(places(await check({ 'a.xml': urlset('') }), 'xml-schema'), ['a.xml:2']);
});

test('xml-unescaped: a bare & or < in a value, read as itself', async () => {
  const r = await check({ 'a.xml': urlset(url(`${U}/a`) + url(`${U}/b?x=1&y=2`) + url(`${U}/c?a<1`)) });
  assert.deepEqual(places(r, 'xml-unescaped'), ['a.xml:4', 'a.xml:5']);
  assert.equal(r.files[0].urls, 3);
  assert.deepEqual(places(r, 'loc-normalized'), ['a.xml:5'], 'the < reached the row rules, which encode it');
});

test('character references with any number of leading zeros are read, in text and in attributes', async () => {
  const zeros = '0'.repeat(60);
  const link = `<xhtml:link rel="alternate" hreflang="de" href="${U}/&#x${zeros}64;e"/>`;
  const xml = urlset(url(`${U}/&#x${zeros}61;`, link) + url(`${U}/de`, `<xhtml:link rel="alternate" hreflang="de" href="${U}/de"/>`) + url(`${U}/&#${zeros}98;`), ` xmlns:xhtml="http://www.w3.org/1999/xhtml"`);
  const r = await check({ 'a.xml': xml });
  // No bare & and nothing malformed: the references name /a, /de (in the attribute) and /b, as the rules' findings show.
  assert.deepEqual(r.findings.map((f) => [f.code, f.message]), [
    ['hreflang-missing-self', `The alternates do not include the entry’s own URL: ${U}/a`],
    ['hreflang-not-reciprocal', `<xhtml:link hreflang="de">: The alternate is listed but does not link back: ${U}/de`],
  ]);
  assert.equal(r.files[0].urls, 3);
  assert.deepEqual(places(r, 'loc-duplicate'), []);
  const big = await check({ 'b.xml': urlset(url(`${U}/&#x${zeros}110000;`)) });
  assert.deepEqual(places(big, 'xml-malformed'), ['b.xml:3']);
});

test('an element of another namespace directly in <urlset> is a schema fault before the first <url> too', async () => {
  const r = await check({ 'a.xml': urlset(`<f:meta>x</f:meta>\n${url(`${U}/a`)}<f:more/>\n`, ' xmlns:f="urn:f"') });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]), [
    [3, 'xml-schema', '<f:meta> (namespace urn:f) is not an element of <urlset>, which holds <url> elements only'],
    [5, 'xml-schema', '<f:more> after the first <url>: only <url> elements may follow it'],
  ]);
});

test('values the schema refuses though the row rules read them: xml-schema, as xmllint says', async () => {
  const long = `${U}/${'a/../'.repeat(420)}x`;
  const cases: [string, string][] = [
    [url(`${U}/a`, '<changefreq> daily </changefreq>'), '<changefreq> holds white space around "daily": the schema\'s words are exact'],
    [url(`${U}/a`, '<priority>1.0000000000000000001</priority>'), 'bad value for <priority>: 1.0000000000000000001'],
    [url(`${U}/a`, '<lastmod>0000-01-01</lastmod>'), 'bad value for <lastmod>: 0000-01-01'],
    [url(long), '<loc> is longer than 2,048 characters, the schema\'s maximum'],
  ];
  const dir = tempDir();
  for (const [body, message] of cases) {
    const xml = urlset(body);
    const r = await check({ 'a.xml': xml });
    assert.deepEqual(r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.message), [message]);
    const file = join(dir, 'a.xml');
    writeFileSync(file, xml);
    assert.notEqual(xmllint('sitemap.xsd', file).status, 0, `xmllint refuses ${body}`);
  }
  const fine = urlset(url(`${U}/a`, '<changefreq>daily</changefreq><priority>1.000</priority>'));
  assert.deepEqual((await check({ 'a.xml': fine })).findings, []);
});

test('comments: -- inside one, or a control character, is not well-formed; a comment split across reads is read whole', async () => {
  for (const [comment, message] of [
    ['<!-- a -- b -->', '-- inside a comment (a comment ends at the first --, which must be followed by >)'],
    ['<!-- a --->', '-- inside a comment (a comment ends at the first --, which must be followed by >)'],
    ['<!-- a \u0001 b -->', 'character U+0001 is not allowed in XML'],
  ]) {
    const r = await check({ 'a.xml': urlset(`${comment}\n${url(`${U}/a`)}`) });
    assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]), [[3, 'xml-malformed', message]], comment);
  }
  const fine = urlset('<!-- a - b - >x -->\n' + url(`${U}/a`));
  for (const chunk of [1, 2, 3, 7, 1 << 16]) assert.deepEqual((await check({ 'a.xml': fine }, {}, chunk)).findings, [], `chunks of ${chunk}`);
});

test('UTF-8 in text, CDATA, comments, processing instructions and names: the audit and libxml2 agree, at any read size', async () => {
  const seed = testSeed('check.test.ts');
  const rand = mulberry32(seed);
  const hex = (s: string) => s.split(' ').map((h) => parseInt(h, 16));
  // Well-formed characters (letters, so a name takes them too), characters XML refuses, and bytes that are no UTF-8.
  const letters = ['61', 'c3 a9', 'e4 b8 ad', 'f0 a0 80 80', 'c3 bc'].map(hex);
  const others = ['e2 82 ac', 'f0 9f 98 80', 'ef bf bd', 'ed 9f bf', 'ee 80 80', 'f4 8f bf bf', 'ef bf be', 'ef bf bf'].map(hex);
  const broken = ['80', 'bf', 'c0 80', 'c1 bf', 'e0 80 80', 'ed a0 80', 'f0 80 80 80', 'f4 90 80 80', 'f5 80 80 80', 'ff', 'c3', 'e2 82', 'f0 9f 98'].map(hex);
  const dir = tempDir();
  const enc = new TextEncoder();
  for (let i = 0; i < 150; i++) {
    const where = i % 5;
    const pool = where === 2 ? [...letters, ...letters, ...broken] : [...letters, ...others, ...broken];
    const bytes = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pool[Math.floor(rand() * pool.length)]).flat();
    const [before, after] = [
      [`<!-- x`, ` -->`],
      [`<?pi x`, ` ?>`],
      [`<url><loc>${U}/a</loc><f:n`, ` xmlns:f="urn:f"/></url>`],
      [`<url><loc>${U}/a</loc><f:t xmlns:f="urn:f">x`, `</f:t></url>`],
      [`<url><loc>${U}/a</loc><f:t xmlns:f="urn:f"><![CDATA[x`, `]]></f:t></url>`],
    ][where];
    const doc = Uint8Array.from([...enc.encode(`${DECL}<urlset xmlns="${SM_NS}">\n${where < 2 ? url(`${U}/a`) : ''}`), ...enc.encode(before), ...bytes, ...enc.encode(`${after}\n</urlset>\n`)]);
    const file = join(dir, `${i}.xml`);
    writeFileSync(file, doc);
    const libxml2 = xmlWellFormed(file);
    for (const chunk of [1, 2, 3, 1 << 16]) {
      const r = await check({ 'a.xml': doc }, {}, chunk);
      const malformed = r.findings.filter((f) => f.code === 'xml-malformed');
      assert.equal(malformed.length === 0, libxml2, `seed ${seed}, case ${i}, chunks of ${chunk}: bytes ${bytes.map((b) => b.toString(16)).join(' ')}: ${malformed[0]?.message ?? 'read as well-formed'}`);
    }
  }
});

test('bindings Namespaces in XML reserves are not well-formed', async () => {
  for (const attr of ['xmlns:xml="urn:bad"', 'xmlns:x="http://www.w3.org/XML/1998/namespace"', 'xmlns:xmlns="urn:x"', 'xmlns:x="http://www.w3.org/2000/xmlns/"']) {
    const r = await check({ 'a.xml': urlset(url(`${U}/a`), ` ${attr}`) });
    assert.deepEqual(r.findings.map((f) => f.code), ['xml-malformed'], attr);
  }
  assert.deepEqual((await check({ 'a.xml': urlset(url(`${U}/a`), ' xmlns:xml="http://www.w3.org/XML/1998/namespace"') })).findings, []);
});

test('U+FFFE and U+FFFF in text are not well-formed; other characters from U+F000 up are read', async () => {
  for (const c of ['\ufffe', '\uffff']) {
    const r = await check({ 'a.xml': urlset(url(`${U}/a${c}`)) });
    assert.deepEqual(r.findings.map((f) => [f.line, f.code]), [[3, 'xml-malformed']]);
  }
  const r = await check({ 'a.xml': urlset(url(`${U}/\uff21\uf8ff\ufffd`)) });
  assert.deepEqual(r.findings.map((f) => f.code), ['loc-normalized']);
});

test('an attribute value that is not valid UTF-8 is not well-formed; one in UTF-8 is read', async () => {
  const enc = new TextEncoder();
  const [before, after] = urlset(url(`${U}/a`), ' xmlns:f="urn:caf@"').split('@');
  const bad = new Uint8Array([...enc.encode(before), 0xe9, ...enc.encode(after)]);
  const r = await check({ 'a.xml': bad });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]), [[2, 'xml-malformed', '<urlset>: an attribute value that is not valid UTF-8']]);
  assert.deepEqual((await check({ 'b.xml': urlset(url(`${U}/a`), ' xmlns:f="urn:café"') })).findings, []);
});

test('file-too-many-urls: the 50,001st entry', async () => {
  let body = '';
  for (let i = 0; i < 50001; i++) body += `<url><loc>${U}/p${i}</loc></url>\n`;
  const r = await check({ 'big.xml': urlset(body) });
  assert.deepEqual(places(r, 'file-too-many-urls'), ['big.xml:50003']);
  assert.equal(r.files[0].urls, 50001);
  assert.equal(r.findings.length, 1);
});

test('file-too-large: more than 52,428,800 bytes, at the line where the limit is passed', async () => {
  const line = `<url><loc>${U}/${'x'.repeat(1000)}</loc></url>\n`;
  const n = Math.ceil(52428800 / line.length) + 1;
  const body = Array.from({ length: n }, (_, i) => line.replace('xxxx', String(i).padStart(4, '0'))).join('');
  const r = await check({ 'huge.xml': urlset(body) }, {}, 1 << 20);
  const f = only(r, 'file-too-large');
  assert.equal(f.file, 'huge.xml');
  assert.ok(f.line > 3 && f.line < n + 3, `line ${f.line}`);
  assert.equal(r.files[0].urls, n, 'an uncompressed file is still read to its end');
  assert.deepEqual(Object.keys(r.codes).sort(), ['file-too-large', 'file-too-many-urls']);
});

test('gzip inside gzip is read, and said to be no sitemap to a search engine, which inflates once', async () => {
  const xml = urlset(url(`${U}/a`));
  const r = await check({ 'a.xml.gz': gzipSync(gzipSync(xml)), 'b.zip': zipSync({ 'b.xml.gz': gzipSync(urlset(url(`${U}/b`))) }) });
  assert.deepEqual(r.findings.map((f) => [f.file, f.line, f.code]), [['a.xml.gz', 0, 'xml-root']]);
  assert.deepEqual(r.files.map((f) => f.urls), [1, 1]);
});

test('gzip: read by content; gzip-broken when it does not inflate or its CRC fails', async () => {
  const xml = urlset(url(`${U}/a`) + url(`${U}/b`, '<lastmod>2024-02-30</lastmod>'));
  const gz = gzipSync(xml);
  const ok = await check({ 'sitemap.xml.gz': gz, 'named-wrongly.xml': gzipSync(xml.replace('/a<', '/c<').replace('/b<', '/d<')) });
  assert.deepEqual(places(ok, 'xml-schema'), ['sitemap.xml.gz:4', 'named-wrongly.xml:4'], 'an impossible date fails the schema: one finding');
  assert.equal(ok.findings.length, 2);

  const badCrc = new Uint8Array(gz);
  badCrc[badCrc.length - 8] ^= 0xff;
  const crc = await check({ 'crc.xml.gz': badCrc });
  assert.equal(only(crc, 'gzip-broken').file, 'crc.xml.gz');

  const cut = await check({ 'cut.xml.gz': gz.subarray(0, gz.length - 20) });
  assert.equal(only(cut, 'gzip-broken').file, 'cut.xml.gz');

  const junk = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3]);
  const j = await check({ 'junk.gz': junk });
  assert.deepEqual(places(j, 'gzip-broken'), ['junk.gz:0']);

  // Bytes after the end of the data: the file is read whole, and still gzip-broken.
  const after = await check({ 'after.xml.gz': Buffer.concat([gz, Buffer.from('junk')]) });
  assert.equal(after.files[0].urls, 2);
  assert.deepEqual(places(after, 'xml-schema'), ['after.xml.gz:4']);
  assert.equal(only(after, 'gzip-broken').message, 'bytes after the end of the gzip data, which gunzip ignores and stricter readers refuse; the data before them was read');
  assert.equal(only(after, 'gzip-broken').line, 0);
  // Zero padding and a second member are gzip as gunzip reads it.
  const padded = await check({ 'padded.xml.gz': Buffer.concat([gz, Buffer.alloc(512)]), 'two.xml.gz': Buffer.concat([gzipSync(xml.slice(0, 200)), gzipSync(xml.slice(200))]) });
  assert.deepEqual(padded.files.map((f) => f.urls), [2, 2]);
  assert.deepEqual(places(padded, 'gzip-broken'), []);
});

test('index-nested, index-missing-file, index-outside-directory, and the row rules on index entries', async () => {
  const idx = index(
    [
      `<sitemap><loc>${U}/sitemaps/a.xml</loc><lastmod>2025-01-01</lastmod></sitemap>\n`, // 3: given
      `<sitemap><loc>${U}/sitemaps/missing.xml.gz</loc><lastmod>2025-13-01</lastmod></sitemap>\n`, // 4: not given, bad lastmod
      `<sitemap><loc>${U}/sitemaps/inner-index.xml</loc></sitemap>\n`, // 5: an index
      `<sitemap><loc>${U}/elsewhere/b.xml</loc></sitemap>\n`, // 6: outside the folder
      `<sitemap><loc>${U}/sitemaps/a.xml</loc></sitemap>\n`, // 7: listed twice
    ].join(''),
  );
  const r = await check(
    {
      'sitemap-index.xml': idx,
      'a.xml.gz': gzipSync(urlset(url(`${U}/sitemaps/page`))),
      'inner-index.xml': index(`<sitemap><loc>${U}/sitemaps/b.xml</loc></sitemap>\n`),
      'b.xml': urlset(url(`${U}/elsewhere/page`)),
    },
    { baseUrl: `${U}/sitemaps/` },
  );
  assert.deepEqual(places(r, 'index-missing-file'), ['sitemap-index.xml:4']);
  assert.deepEqual(places(r, 'index-nested'), ['sitemap-index.xml:5']);
  assert.deepEqual(places(r, 'index-outside-directory'), ['sitemap-index.xml:6']);
  assert.deepEqual(places(r, 'lastmod-invalid'), [], 'the bad lastmod of an index entry is one fault: the schema error');
  assert.deepEqual(places(r, 'xml-schema'), ['sitemap-index.xml:4'], 'the bad lastmod of an index entry fails the schema');
  const dup = only(r, 'loc-duplicate');
  assert.equal(`${dup.file}:${dup.line}`, 'sitemap-index.xml:7');
  assert.match(dup.message, /sitemap-index\.xml:3/);
  assert.equal(only(r, 'index-nested').severity, 'error');
  assert.equal(only(r, 'index-missing-file').severity, 'warning');
  assert.equal(only(r, 'index-outside-directory').severity, 'warning');
  assert.deepEqual(
    r.files.map((f) => [f.name, f.kind, f.urls]),
    [
      ['sitemap-index.xml', 'sitemapindex', 5],
      ['a.xml.gz', 'urlset', 1],
      ['inner-index.xml', 'sitemapindex', 1],
      ['b.xml', 'urlset', 1],
    ],
  );
  // The page in b.xml is outside the base folder too: the row rule's own warning.
  assert.deepEqual(places(r, 'loc-outside-directory'), ['b.xml:3']);
});

test('loc-duplicate: a warning naming both places, across files and forms of the same URL', async () => {
  const r = await check({
    'a.xml': urlset(url(`${U}/x`) + url(`${U}/y#top`)),
    'b.xml': urlset(`\n\n${url(`${U}/y`)}${url(`HTTPS://WWW.EXAMPLE.COM/x`)}`),
  });
  assert.deepEqual(places(r, 'loc-duplicate'), ['b.xml:5', 'b.xml:6']);
  const [first, second] = r.findings.filter((f) => f.code === 'loc-duplicate');
  assert.equal(first.severity, 'warning');
  assert.match(first.message, /same URL as a\.xml:4/);
  assert.match(second.message, /same URL as a\.xml:3/);
});

test('text-not-url, and text sitemaps read line by line', async () => {
  const r = await check({ 'urls.txt': `${U}/a\n\n  ${U}/b  \nwww.example.com/c\r\n/d\n${U}/e\u0000\n${U}/f\n` });
  assert.deepEqual(places(r, 'text-not-url'), ['urls.txt:4', 'urls.txt:5', 'urls.txt:6']);
  assert.equal(r.files[0].kind, 'text');
  assert.equal(r.files[0].urls, 6);
  assert.equal(r.findings.length, 3);
});

test('the row rules on the values found, at the line of their value; generator-only codes left out', async () => {
  const body = [
    url(`${U}/a b`, '<lastmod>2024-01-01 10:00</lastmod><changefreq>Daily</changefreq><priority>1</priority>'), // 3
    '\n',
    `<url>\n  <loc>\n    ftp://www.example.com/\n  </loc>\n</url>\n`, // 5
    url('https://other.example.org/', '<lastmod>2024</lastmod>'), // 10
    url(`${U}/s;jsessionid=1`, '<priority>2</priority><lastmod>2099-01-01</lastmod>'.replace(/(<priority>.*<\/priority>)(<lastmod>.*<\/lastmod>)/, '$2$1')), // 11
  ].join('');
  const r = await check({ 'a.xml': urlset(body) });
  const got = r.findings.map((f) => `${f.line} ${f.code}`);
  assert.deepEqual(got, [
    '3 loc-normalized',
    '3 xml-schema', // 2024-01-01 10:00: no T, no seconds (one finding a fault)
    '3 xml-schema', // Daily
    '3 priority-normalized', // 1: a decimal the schema takes
    '6 loc-scheme', // the <url> starts on line 5, its <loc> on 6
    '10 loc-host',
    '10 xml-schema', // 2024: judged though the loc is refused
    '11 loc-session-id',
    '11 lastmod-future',
    '11 xml-schema', // 2
    '0 list-mixed-hosts',
  ]);
  assert.ok(!('base-url-inferred' in r.codes));
  const normalized = r.findings[0];
  assert.equal(normalized.severity, 'fix');
  assert.match(normalized.message, /a b, would be written as https:\/\/www\.example\.com\/a%20b/);
  assert.equal(r.findings.at(-1)!.file, '', 'a finding about the whole set names no file');
});

test('several entries on one line, and entries spread over lines, map to the right lines', async () => {
  const one = `${DECL}<urlset xmlns="${SM_NS}">${url(`${U}/1`, '<priority>9</priority>')}${url(`${U}/2`)}${url(`${U}/3`, '<priority>9</priority>')}</urlset>`;
  assert.deepEqual(places(await check({ 'one.xml': one.replaceAll('\n', '') }), 'xml-schema'), ['one.xml:1', 'one.xml:1']);
  const spread = urlset(`<url>\n<loc>${U}/1</loc>\n<priority>9</priority>\n</url>\n<url><loc>${U}/2</loc><priority>9</priority></url><url><loc>${U}/3</loc><priority>9</priority></url>\n<url>\n\n\n<loc>${U}/4</loc><priority>9</priority></url>\n`);
  assert.deepEqual(places(await check({ 's.xml': spread }), 'xml-schema'), ['s.xml:5', 's.xml:7', 's.xml:7', 's.xml:11']);
});

test('Atom links resolve against xml:base, the feed\'s and an entry\'s own (RFC 4287)', async () => {
  const atom = `${DECL}
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${U}/blog/"><title>F</title><updated>2025-01-01T00:00:00Z</updated>
<entry><title>A</title><link href="a.html"/></entry>
<entry xml:base="posts/"><title>B</title><link href="b.html"/></entry>
<entry xml:base="https://other.example/"><title>C</title><link href="c.html"/></entry>
<entry><title>D</title><link xml:base="/x/" href="d.html"/></entry>
</feed>
`;
  const r = await check({ 'feed.atom': atom }, { baseUrl: `${U}/` });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]).filter(([, code]) => code !== 'list-mixed-hosts'), [
    [5, 'loc-host', 'Host differs from the base URL https://www.example.com/ (given): https://other.example/c.html'],
  ]);
  assert.equal(r.files[0].urls, 4);
});

test('messages quote what the file holds: a feed date the month lacks as written; bytes that are not UTF-8 stop the file where they are', async () => {
  const rss = `${DECL}\n<rss version="2.0"><channel><item><link>${U}/a</link><pubDate>Tue, 31 Feb 1994 08:12:31 GMT</pubDate></item></channel></rss>\n`;
  let r = await check({ 'feed.rss': rss });
  assert.deepEqual(r.findings.map((f) => f.message), ['lastmod is not a valid date: Tue, 31 Feb 1994 08:12:31 GMT']);
  const bytes = new TextEncoder().encode(urlset(url(`${U}/caf`, '<lastmod>2024-01-01</lastmod>')));
  const at = bytes.indexOf(0x66, bytes.indexOf(0x63, bytes.indexOf(0x61, 80))); // the f of caf
  const bad = new Uint8Array([...bytes.subarray(0, at + 1), 0xe9, ...bytes.subarray(at + 1)]);
  r = await check({ 'a.xml': bad });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]), [[3, 'xml-malformed', 'text that is not valid UTF-8']]);
});

test('RSS 2.0 and Atom 1.0 feeds are read as lists of URLs', async () => {
  const rss = `${DECL}
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>Feed</title><link>${U}/</link><atom:link href="${U}/feed" rel="self"/>
<item><title>A</title><link>${U}/a</link><pubDate>Tue, 15 Nov 1994 08:12:31 GMT</pubDate></item>
<item><title>B</title><link>${U}/b</link><pubDate>Wed, 02 Oct 2002 13:00:00 +0200</pubDate></item>
<item><title>C</title><link>${U}/c</link><pubDate>not a date</pubDate></item>
<item><title>No link</title></item>
</channel></rss>
`;
  const atom = `${DECL}
<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><updated>2025-01-01T00:00:00Z</updated>
<entry><title>A</title><link rel="edit" href="${U}/edit/a"/><link href="${U}/atom/a"/><updated>2025-01-01T00:00:00Z</updated></entry>
<entry><title>B</title><link rel="alternate" href="${U}/atom/b"/><updated>2025-13-01T00:00:00Z</updated></entry>
<entry><title>C</title><link href="${U}/atom/b"/></entry>
<entry><title>D</title><link href="${U}/a"/></entry>
</feed>
`;
  const r = await check({ 'feed.rss': rss, 'feed.atom': atom });
  assert.deepEqual(
    r.files.map((f) => [f.kind, f.urls]),
    [
      ['rss', 4],
      ['atom', 4],
    ],
  );
  assert.deepEqual(
    r.findings.map((f) => `${f.file}:${f.line} ${f.code}`),
    ['feed.rss:6 lastmod-invalid', 'feed.rss:7 loc-missing', 'feed.atom:4 lastmod-invalid', 'feed.atom:5 loc-duplicate', 'feed.atom:6 loc-duplicate'],
  );
  assert.match(r.findings[4].message, /same URL as feed\.rss:4/);
});

test('a zip of sitemaps: its entries are checked as files, gzipped or not', async () => {
  const zip = zipSync({
    'sitemaps/sitemap-1.xml': new TextEncoder().encode(urlset(url(`${U}/a`, '<lastmod>2024-02-30</lastmod>'))),
    'sitemaps/sitemap-2.xml.gz': [gzipSync(urlset(url(`${U}/b`) + url(`${U}/a`))), { level: 0 }],
    'urls.txt': new TextEncoder().encode(`${U}/c\nnot a url\n`),
    'sitemaps/': new Uint8Array(0),
  });
  const r = await check({ 'set.zip': zip });
  assert.deepEqual(
    r.files.map((f) => [f.name, f.kind, f.urls]),
    [
      ['set.zip/sitemaps/sitemap-1.xml', 'urlset', 1],
      ['set.zip/sitemaps/sitemap-2.xml.gz', 'urlset', 2],
      ['set.zip/urls.txt', 'text', 2],
    ],
  );
  assert.deepEqual(
    r.findings.map((f) => `${f.file}:${f.line} ${f.code}`),
    [
      'set.zip/sitemaps/sitemap-1.xml:3 xml-schema',
      'set.zip/sitemaps/sitemap-2.xml.gz:4 loc-duplicate',
      'set.zip/urls.txt:2 text-not-url',
    ],
  );
  assert.match(r.findings[1].message, /set\.zip\/sitemaps\/sitemap-1\.xml:3/);
});

test("a zip the generator wrote checks clean: its robots line, report and manifest are passed over", async () => {
  const { run } = await import('./helpers.ts');
  const list = 'loc,lastmod,image,hreflang:en,hreflang:de\n' + [1, 2, 3].map((i) => `${U}/p/${i},2025-01-0${i},${U}/i/${i}.jpg,${U}/p/${i},${U}/de/p/${i}`).join('\n');
  const written = await run(list, { maxUrls: 2 });
  const r = await check({ 'sitemaps.zip': written.zip });
  assert.deepEqual(r.files.map((f) => f.name), ['sitemaps.zip/sitemap-1.xml.gz', 'sitemaps.zip/sitemap-2.xml.gz', 'sitemaps.zip/sitemap-index.xml']);
  assert.deepEqual(r.findings, []);
  const { isCompanion } = await import('../src/check/companions.ts');
  for (const n of ['robots.txt', 'robots-sitemap.txt', 'ROBOTS.TXT', 'robots.txt.gz', 'a/report.csv', 'manifest.json', 'x.csv.gz']) assert.ok(isCompanion(n), n);
  for (const n of ['sitemap.xml', 'urls.txt', 'robotsfoo.txt', 'sitemap-1.xml.gz', 'news.rss']) assert.ok(!isCompanion(n), n);
  // A companion is passed over by name inside an archive only; given as a file it is read.
  const robots = await check({ 'robots-sitemap.txt': readZipEntry(written.zip, 'robots-sitemap.txt') });
  assert.deepEqual(Object.keys(robots.codes), ['loc-scheme']);
});

test('encodings: a UTF-8 BOM is fine; UTF-16 is read and reported; a declared other encoding is reported', async () => {
  const xml = urlset(url(`${U}/é`));
  const bom = await check({ 'bom.xml': new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(xml)]) });
  assert.deepEqual(places(bom, 'loc-normalized'), ['bom.xml:3']);
  assert.equal(bom.findings.length, 1);
  const utf16 = new Uint8Array(2 + xml.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < xml.length; i++) utf16[2 + 2 * i] = xml.charCodeAt(i);
  const r16 = await check({ 'utf16.xml': utf16 });
  assert.equal(r16.files[0].urls, 1);
  assert.match(only(r16, 'xml-malformed').message, /UTF-16; sitemaps must be UTF-8/);
  const latin = await check({ 'l.xml': xml.replace('UTF-8', 'ISO-8859-1') });
  assert.match(only(latin, 'xml-malformed').message, /ISO-8859-1/);
});

test('the same findings whatever the chunk size', async () => {
  const files = {
    'a.xml': urlset(
      url(`${U}/a`, '<lastmod>2024-13-01</lastmod>') +
        '<!-- a comment - with a dash -->\n<?pi data?>\n' +
        `<url>\n  <loc><![CDATA[${U}/b?x=1&y=2]]></loc>\n</url>\n` +
        url(`${U}/&#x41;&amp;&#66;`, '<foo/>') +
        url(`${U}/c?x&y`),
    ),
    'b.txt': `${U}/c\r\n\r\nwww.example.com/d\r${U}/A&B\n`,
  };
  const whole = await check(files);
  assert.ok(whole.findings.length >= 5);
  for (const size of [1, 2, 3, 5, 17]) assert.deepEqual(await check(files, {}, size), whole, `chunks of ${size}`);
});

test('hostile XML: deep nesting, a giant tag, an endless comment, binary data; a clear finding and no hang', { timeout: 120_000 }, async () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    ['deep.xml', urlset('<a>'.repeat(20000)), /nested deeper than 10000/],
    ['tag.xml', urlset(`<url a="${'x'.repeat(2 << 20)}"><loc>${U}/a</loc></url>\n`), /a tag longer than 1 MiB/],
    ['comment.xml', `${urlset(url(`${U}/a`))}<!-- ${'- '.repeat(100000)}`, /ends inside a comment/],
    ['binary.xml', new Uint8Array([...new TextEncoder().encode(`<urlset xmlns="${SM_NS}">\n`), 0, 1, 2, 3, 0xff]), /U\+0000 is not allowed/],
    ['names.xml', urlset(Array.from({ length: 5000 }, (_, i) => `<n${i}/>`).join('') + '</urlset>'), /a second root element|text after|does not match|closes no element/],
  ];
  for (const [name, data, message] of cases) {
    for (const size of [65536, 1 << 22]) {
      const { r, work } = await checkCounted({ [name]: data }, {}, size);
      assert.match(only(r, 'xml-malformed').message, message, name);
      // The work is bounded by the input: read at most once per reading (a survey, then the check),
      // memory one chunk plus the 1 MiB a token may take, not the file or its nesting.
      assert.ok(work.readings <= 2 && work.pulled <= 2 * data.length, `${name}: ${work.readings} readings, ${work.pulled} bytes`);
      assert.ok(work.rssGrowth < 64 << 20, `${name}: memory grew by ${work.rssGrowth} bytes`);
      // A tag past 1 MiB stops the reading there, in both readings: the rest is never pulled.
      if (name === 'tag.xml' && size < 1 << 20) assert.ok(work.pulled < 2 * ((1 << 20) + 2 * size), `${work.pulled} bytes read`);
    }
  }
});

test('a zip entry in a compression method that cannot be read is reported, and the next entry is read', async () => {
  const zip = zipSync({ 'a.xml': new TextEncoder().encode(urlset(url(`${U}/a`))), 'b.xml': new TextEncoder().encode(urlset(url(`${U}/b`, '<priority>3</priority>'))) }, { level: 0 });
  zip[8] = 12; // the first local header's method: bzip2
  const r = await check({ 'set.zip': zip });
  assert.deepEqual(
    r.findings.map((f) => `${f.file}:${f.line} ${f.code}`),
    ['set.zip/a.xml:0 gzip-broken', 'set.zip/b.xml:3 xml-schema'],
  );
  assert.match(r.findings[0].message, /compression method 12 is not supported/);
});

function readZipEntry(zip: Uint8Array, name: string): Uint8Array {
  return unzipSync(zip, { filter: (f) => f.name === name })[name];
}

test('an entry whose loc is refused still has its other values judged: every fault of an entry is told', async () => {
  const r = await check({
    'a.xml': urlset(
      url(`${U}/a`) + // line 3
        url('ftp://www.example.com/x', '<lastmod>bad</lastmod><priority>5</priority>') + // 4
        url('https://other.example/x', '<changefreq>often</changefreq>') + // 5
        url(`${U}/a`, '<lastmod>2024-02-30</lastmod>'), // 6: a duplicate
    ),
  });
  assert.deepEqual(
    r.findings.filter((f) => f.code !== 'list-mixed-hosts').map((f) => `${f.line} ${f.code}`),
    ['4 loc-scheme', '4 xml-schema', '4 xml-schema', '5 loc-host', '5 xml-schema', '6 xml-schema', '6 loc-duplicate'],
  );
});

test('index entries find their files by as much of the path as the files given hold', async () => {
  const sm = (n: string) => `<sitemap><loc>${U}/${n}</loc></sitemap>\n`;
  const r = await check({
    'site/index.xml': index(sm('en/sitemap.xml') + sm('fr/sitemap.xml') + sm('maps/part-1.xml')), // lines 3, 4, 5
    'site/en/sitemap.xml': urlset(url(`${U}/en/a`)),
    'site/de/sitemap.xml': index(sm('de/part.xml')), // an index of the same name elsewhere
    'site/de/part.xml': urlset(url(`${U}/de/a`)),
    'downloads/part-1.xml': urlset(url(`${U}/b`)), // the only file of its name: found wherever it was saved
  });
  assert.deepEqual(places(r, 'index-nested'), []);
  assert.deepEqual(places(r, 'index-missing-file'), ['site/index.xml:4']);
  assert.match(only(r, 'index-missing-file').message, /^fr\/sitemap\.xml is listed, but no file of that name/);
  // Folders the URL has and the files given lack: the longest shared tail decides.
  const deeper = await check({
    'site/index.xml': index(sm('sitemaps/en/sitemap.xml') + sm('sitemaps/de/sitemap.xml')),
    'site/en/sitemap.xml': urlset(url(`${U}/en/a`)),
    'site/de/sitemap.xml': index(sm('de/part.xml')),
    'site/de/part.xml': urlset(url(`${U}/de/a`)),
  });
  assert.deepEqual(places(deeper, 'index-missing-file'), []);
  assert.deepEqual(places(deeper, 'index-nested'), ['site/index.xml:4']);
});

test('a relative <loc> is an error in a sitemap; a year with a leading zero fails the schema', async () => {
  const r = await check({ 'a.xml': urlset(url(`${U}/a`, '<lastmod>02024-01-01</lastmod>') + url('/products/shoes-red')) });
  assert.deepEqual(r.findings.map((f) => `${f.line} ${f.severity} ${f.code}`), ['3 error xml-schema', '4 error loc-relative']);
  assert.match(only(r, 'loc-relative').message, /^A relative URL: a sitemap’s URLs must be absolute/);
});

test('lines of something else before the XML declaration: the file is XML that breaks at its start, as libxml2 says', async () => {
  const file = `\nWarning: Cannot modify header information in /var/www/sitemap.php on line 3\n${urlset(url(`${U}/a`))}`;
  const r = await check({ 'sitemap.xml': file });
  assert.equal(r.files[0].kind, 'unknown');
  assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.message]), [[2, 'xml-malformed', 'text before the root element: Warning: Cannot modify header information in /var/www/sitemap.php on line 3']]);
  const path = join(tempDir(), 'sitemap.xml');
  writeFileSync(path, file);
  assert.equal(xmlWellFormed(path), false);
  // A text sitemap is still one, whatever its URLs hold.
  const text = await check({ 'urls.txt': `${U}/a\n${U}/b?q=<urlset>\n` });
  assert.equal(text.files[0].kind, 'text');
});

test('a UTF-8 BOM counts in the file size; a file declared US-ASCII is UTF-8 too', async () => {
  const xml = urlset(url(`${U}/a`));
  const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
  const ascii = xml.replace('UTF-8', 'US-ASCII').replace('/a<', '/b<');
  const r = await check({ 'bom.xml': bytes, 'ascii.xml': ascii });
  assert.deepEqual(r.files.map((f) => f.bytes), [bytes.length, ascii.length]);
  assert.deepEqual(r.findings, []);
});

test(']]> in text is not well-formed wherever the reads part it; ]]&gt; and ] ]> are read', async () => {
  // Reads of 64 KiB reach the scanner as they come: the text is padded so that they part it between
  // or after the brackets.
  const doc = (text: string, cut: number) => {
    const head = `${DECL}\n<urlset xmlns="${SM_NS}">\n<url><loc>${U}/a</loc><f:x xmlns:f="urn:f">`;
    const pad = 'a'.repeat((1 << 16) - cut - head.length);
    return `${head}${pad}${text}</f:x></url>\n</urlset>\n`;
  };
  for (const cut of [0, 1, 2, 3]) {
    const r = await check({ 'a.xml': doc(']]>b', cut) }, {}, 1 << 16);
    assert.deepEqual(r.findings.filter((f) => f.code === 'xml-malformed').map((f) => f.message), [']]> is not allowed in text'], `cut ${cut}`);
    for (const fine of [']]&gt;b', '] ]>', ']&#93;>']) {
      const ok = await check({ 'a.xml': doc(fine, cut) }, {}, 1 << 16);
      assert.deepEqual(ok.findings.filter((f) => f.code === 'xml-malformed'), [], `${fine}, cut ${cut}`);
    }
  }
});

test('a code\'s severity in the table of codes is the severity of its findings (loc-relative an error, loc-duplicate a warning, a fix a fix)', async () => {
  const body = [
    url('/relative'),
    url(`${U}/a`),
    url(`${U}/a`),
    url(`${U}/a b`, '<lastmod>2024-01-01 10:00</lastmod><priority>1</priority>'),
    url('https://other.example.org/', '<lastmod>2099-01-01</lastmod>'),
    url(`${U}/s;jsessionid=1`),
  ].join('');
  const r = await check({ 'a.xml': urlset(body) }, { baseUrl: `${U}/` });
  const codes = new Set(r.findings.map((f) => f.code));
  for (const c of ['loc-relative', 'loc-duplicate', 'loc-normalized', 'priority-normalized', 'lastmod-future', 'loc-session-id']) assert.ok(codes.has(c), `${c} is found`);
  for (const f of r.findings) assert.equal(auditCodeInfo(f.code)?.severity, f.severity, `${f.code} at line ${f.line}`);
  assert.equal(auditCodeInfo('loc-relative')?.severity, 'error');
  assert.equal(auditCodeInfo('no-such-code'), undefined);
});

test("an index whose sitemaps share one lastmod is told so on the index, of its sitemaps, not of every entry", async () => {
  const idx = index(`<sitemap><loc>https://www.example.com/a.xml</loc><lastmod>2024-03-05</lastmod></sitemap>\n<sitemap><loc>https://www.example.com/b.xml</loc><lastmod>2024-03-05</lastmod></sitemap>\n`);
  const sitemap = (path: string, day: string) => urlset(url(`https://www.example.com/${path}`, `<lastmod>2024-01-${day}</lastmod>`) + url(`https://www.example.com/${path}x`, `<lastmod>2023-01-${day}</lastmod>`));
  const r = await check({ 'index.xml': idx, 'a.xml': sitemap('p', '01'), 'b.xml': sitemap('q', '02') });
  assert.deepEqual(r.findings.map((f) => [f.file, f.code, f.message]), [
    ['index.xml', 'list-uniform-lastmod', 'Every sitemap listed in the index has the same lastmod: search engines learn nothing from it: 2024-03-05'],
  ]);
});
