// sitemapRows: a checked set as rows for the generator, so sitemaps, text sitemaps and feeds can be
// regenerated with the fixes applied.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { isSitemapInput, sitemapRows } from '../src/check/index.ts';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { InputSource } from '../src/types.ts';
import { concatParts, locsOf, readZip, source, BASE, NOW } from './helpers.ts';
import { DECL, index, U, url, urlset } from './check-helpers.ts';
import { utf8Name } from '../src/check/zip-entries.ts';

async function rowsText(input: InputSource, notes: string[] = []): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of sitemapRows(input, nodePlatform, (n) => notes.push(n))) parts.push(chunk);
  return new TextDecoder().decode(concatParts(parts));
}

/** The generator run on a sitemap through sitemapRows. */
async function regenerate(name: string, data: string | Uint8Array) {
  const rows: InputSource = { name, chunks: () => sitemapRows(source(name, data), nodePlatform) };
  const result = await generate([rows], { baseUrl: BASE, now: NOW }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  return { summary: result.summary, findings, locs: locsOf(readZip(concatParts(result.zip))) };
}

test('rows: a TSV with a header, values unescaped and trimmed, each row on its entry’s line', async () => {
  const xml = urlset(
    url(`${U}/a?x=1&amp;y=2`, '<lastmod> 2025-01-01 </lastmod><changefreq>daily</changefreq><priority>0.5</priority>') +
      `<url>\n  <loc>\n    ${U}/b\n  </loc>\n  <priority>1</priority>\n</url>\n` +
      url(`${U}/c\ttab`, '<lastmod>"quoted"</lastmod>'),
  );
  assert.equal(
    await rowsText(source('a.xml', xml)),
    'loc\tlastmod\tchangefreq\tpriority\n' +
      '\n' +
      `${U}/a?x=1&y=2\t2025-01-01\tdaily\t0.5\n` +
      `${U}/b\t\t\t1\n` +
      '\n\n\n\n\n' +
      `"${U}/c\ttab"\t"""quoted"""\t\t\n`,
  );
});

test('generate from a sitemap: fixes applied, findings at the lines of the <url>s', async () => {
  const xml = urlset(url(`${U}/a b`, '<lastmod>2025-01-01 10:00</lastmod>') + url(`${U}/b`, '<changefreq>DAILY</changefreq>') + url(`${U}/a%20b`));
  const r = await regenerate('old.xml', gzipSync(xml));
  assert.deepEqual(r.locs, [`${U}/a%20b`, `${U}/b`]);
  assert.deepEqual(
    r.findings.map((f) => `${f.line} ${f.code}`),
    ['3 loc-normalized', '3 lastmod-normalized', '4 changefreq-normalized', '5 loc-duplicate'],
  );
});

test('generate from a pretty-printed sitemap: a finding on a value is at the value\'s line', async () => {
  const xml = urlset(`<url>\n  <loc>${U}/a b</loc>\n  <lastmod>2025-13-01</lastmod>\n  <priority>7</priority>\n</url>\n`);
  const { findings } = await generate([source('pretty.xml', xml)], { baseUrl: BASE, now: NOW }, nodePlatform);
  const all = Array.from({ length: findings.length }, (_, i) => findings.at(i));
  assert.deepEqual(all.map((f) => `${f.line} ${f.code}`), ['4 loc-normalized', '5 lastmod-invalid', '6 priority-invalid']);
});

test('the blank lines that keep rows on their <url>s are not counted as skipped rows; an empty <url> is', async () => {
  const entries = Array.from({ length: 5 }, (_, i) => `  <url>\n    <loc>${U}/p/${i}</loc>\n    <lastmod>2025-01-01</lastmod>\n  </url>\n`).join('');
  const pretty = urlset(entries + '<url><loc> </loc></url>\n<url><loc></loc><lastmod>2025-01-01</lastmod></url>\n');
  const { summary, findings } = await generate([source('pretty.xml', pretty)], { baseUrl: BASE, now: NOW }, nodePlatform);
  // Every <url> is accounted for: the empty one skipped, the one with a lastmod and no URL rejected.
  assert.deepEqual([summary.rows, summary.accepted, summary.rejected, summary.skipped], [6, 5, 1, 1]);
  const missing = Array.from({ length: findings.length }, (_, i) => findings.at(i)).filter((f) => f.code === 'loc-missing');
  assert.deepEqual(missing.map((f) => f.line), [24]);
});

test('text sitemaps, RSS, Atom and zips give rows; an index gives none', async () => {
  // A line that is no URL still comes as a row, for the generator to reject and count.
  assert.equal(await rowsText(source('u.txt', `${U}/a\n\nnope\n${U}/b\n`)), `loc\tlastmod\tchangefreq\tpriority\n${U}/a\t\t\t\n\nnope\t\t\t\n${U}/b\t\t\t\n`);
  const rss = `${DECL}\n<rss version="2.0"><channel><item><link>${U}/r</link><pubDate>Tue, 15 Nov 1994 08:12:31 GMT</pubDate></item></channel></rss>\n`;
  assert.match(await rowsText(source('f.rss', rss)), new RegExp(`\n${U}/r\t1994-11-15T08:12:31Z\t\t\n$`));
  const atom = `${DECL}\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="${U}/t"/><updated>2025-01-01T00:00:00Z</updated></entry></feed>\n`;
  assert.match(await rowsText(source('f.atom', atom)), new RegExp(`\n${U}/t\t2025-01-01T00:00:00Z\t\t\n$`));
  const zip = zipSync({ 'a.xml': new TextEncoder().encode(urlset(url(`${U}/z1`))), 'b.xml.gz': gzipSync(urlset(url(`${U}/z2`))) });
  assert.deepEqual((await regenerate('set.zip', zip)).locs, [`${U}/z1`, `${U}/z2`]);
  assert.equal(await rowsText(source('i.xml', index(`<sitemap><loc>${U}/s.xml</loc></sitemap>\n`))), 'loc\tlastmod\tchangefreq\tpriority\n');
});

test('what stops a file is passed on as a note; the rows before it are kept', async () => {
  const notes: string[] = [];
  const text = await rowsText(source('bad.xml', urlset(url(`${U}/a`) + `<url><loc>${U}/b</url>\n` + url(`${U}/c`))), notes);
  assert.equal(text, `loc\tlastmod\tchangefreq\tpriority\n\n${U}/a\t\t\t\n`);
  assert.deepEqual(notes, ['bad.xml:4: </url> does not match <loc> (opened on line 4)']);
});

test('every entry is counted: a <url> without <loc>, a feed item without a link, a text line that is no URL', async () => {
  const count = async (name: string, data: string | Uint8Array) => {
    const { summary } = await generate([source(name, data)], { baseUrl: BASE, now: NOW }, nodePlatform);
    return [summary.rows, summary.accepted, summary.rejected, summary.skipped];
  };
  // A <url> with only a lastmod is a row without a URL (rejected); one with nothing is a blank row (skipped).
  assert.deepEqual(await count('a.xml', urlset(url(`${U}/a`) + '<url><lastmod>2025-01-01</lastmod></url>\n<url></url>\n')), [2, 1, 1, 1]);
  const rss = `<?xml version="1.0"?>\n<rss version="2.0"><channel>\n<item><link>${U}/a</link></item>\n<item><title>No link</title><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>\n<item><link></link></item>\n</channel></rss>\n`;
  assert.deepEqual(await count('feed.rss', rss), [2, 1, 1, 1]);
  const text = zipSync({ 'urls.txt': new TextEncoder().encode(`${U}/a\n\nnot a url\n${U}/b\n`) });
  assert.deepEqual(await count('urls.zip', text), [3, 2, 1, 0], 'the rows of the same lines given as a file (a blank line in a zip is no row)');
  assert.deepEqual(await count('urls.txt', `${U}/a\n\nnot a url\n${U}/b\n`), [3, 2, 1, 1]);
});

test('findings on rows from a zip of sitemaps name the entry and its line', async () => {
  const a = urlset(url(`${U}/a`) + url(`${U}/b`, '<changefreq>Daily</changefreq>'));
  const b = urlset(url(`${U}/c`) + url(`${U}/d`, '<priority>1</priority>'));
  const result = await generate([source('set.zip', zipSync({ 'a.xml': new TextEncoder().encode(a), 'b.xml': new TextEncoder().encode(b) }))], { baseUrl: BASE, now: NOW }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  const at = (code: string) => findings.filter((f) => f.code === code).map((f) => `${f.input}:${f.line}`);
  assert.deepEqual(at('changefreq-normalized'), ['set.zip/a.xml:4']);
  assert.deepEqual(at('priority-normalized'), ['set.zip/b.xml:4']);
  const report = readZip(concatParts(result.zip))['report.csv'];
  assert.match(report, /\nset\.zip\/b\.xml:4,\d+,fix,priority-normalized,/);
  // A sitemap of its own keeps the plain line, as any single input does.
  const single = await generate([source('b.xml', b)], { baseUrl: BASE, now: NOW }, nodePlatform);
  assert.deepEqual([single.findings.at(0).input, single.findings.at(0).line], ['', 4]);
});

test('a zip that holds only a list gives no rows and says why; a zip of sitemaps says nothing of its companions', async () => {
  const notes: string[] = [];
  const listOnly = zipSync({ 'list.csv': new TextEncoder().encode(`loc\n${U}/a\n`) });
  assert.equal(await rowsText(source('only.zip', listOnly), notes), 'loc\tlastmod\tchangefreq\tpriority\n');
  assert.deepEqual(notes, ['only.zip: list.csv passed over: a zip is read for the sitemaps in it; give a list as a file of its own (gzipped or not)']);
  // A name in UTF-8 without the zip's UTF-8 flag (as many tools write it) reads as UTF-8.
  const unflagged = zipSync({ 'Geräte.csv': new TextEncoder().encode(`loc\n${U}/a\n`) });
  const view = new DataView(unflagged.buffer);
  for (let i = 0; i + 4 <= unflagged.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint16(i + 6, view.getUint16(i + 6, true) & ~0x800, true);
    if (sig === 0x02014b50) view.setUint16(i + 8, view.getUint16(i + 8, true) & ~0x800, true);
  }
  notes.length = 0;
  await rowsText(source('gsc.zip', unflagged), notes);
  assert.deepEqual(notes, ['gsc.zip: Geräte.csv passed over: a zip is read for the sitemaps in it; give a list as a file of its own (gzipped or not)']);
  assert.equal(utf8Name('Geräte.csv'), 'Geräte.csv', 'a name read as UTF-8 stays');
  assert.equal(utf8Name('Ger\u00c3\u00a4te.csv'), 'Geräte.csv', 'read as Latin-1, its bytes are UTF-8');
  assert.equal(utf8Name('日本.csv'), '日本.csv');
  const withSitemap = zipSync({ 'sitemap-1.xml': new TextEncoder().encode(urlset(url(`${U}/a`))), 'report.csv': new Uint8Array(0), 'manifest.json': new TextEncoder().encode('{}') });
  notes.length = 0;
  await rowsText(source('set.zip', withSitemap), notes);
  assert.deepEqual(notes, []);
});

test('isSitemapInput: XML and zips, by their first bytes', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  assert.equal(isSitemapInput(enc(`\uFEFF  \n${DECL}`)), true);
  assert.equal(isSitemapInput(enc('<urlset>')), true);
  assert.equal(isSitemapInput(new Uint8Array([0x50, 0x4b, 3, 4, 0])), true);
  assert.equal(isSitemapInput(enc('loc,lastmod\n')), false);
  assert.equal(isSitemapInput(enc(`${U}/\n`)), false);
});

test('a value the schema refuses is also an xml-schema error; one it takes is not', async () => {
  const { checkFiles } = await import('../src/check/index.ts');
  const { nodePlatform } = await import('../src/platform/node.ts');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    '<url><loc>https://www.example.com/a</loc><changefreq>Daily</changefreq></url>',
    '<url><loc>https://www.example.com/b</loc><priority>2</priority></url>',
    '<url><loc>https://www.example.com/c</loc><lastmod>2025-01-02T03:04Z</lastmod></url>',
    // In the schema's order (<lastmod> before <priority>), so that the only question on line 6 is the values.
    '<url><loc>https://www.example.com/d</loc><lastmod>2025-01-02T03:04:05</lastmod><priority>1</priority></url>',
    '</urlset>',
  ].join('\n');
  const source = { name: 's.xml', chunks: async function* () { yield new TextEncoder().encode(xml); } };
  const r = await checkFiles([source], { now: NOW }, nodePlatform);
  const schema = r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.line);
  assert.deepEqual(schema, [3, 4, 5]);
  assert.ok(r.findings.some((f) => f.line === 6 && f.code === 'priority-normalized'));
});

test('the schema, not the stricter row rules, decides xml-schema: dates with zones, 24:00:00 and +0.5 pass it', async () => {
  const { checkFiles } = await import('../src/check/index.ts');
  const { nodePlatform } = await import('../src/platform/node.ts');
  const url = (inner: string) => `<url><loc>https://www.example.com/${Math.random().toString(36).slice(2)}</loc>${inner}</url>`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('<lastmod>2025-01-02Z</lastmod>'),
    url('<lastmod>2025-01-02T24:00:00Z</lastmod>'),
    url('<priority>+0.5</priority>'),
    url('<lastmod>2025-02-30</lastmod>'),
    url('<priority>1.5</priority>'),
    '</urlset>',
  ].join('\n');
  const source = { name: 's.xml', chunks: async function* () { yield new TextEncoder().encode(xml); } };
  const r = await checkFiles([source], { now: NOW }, nodePlatform);
  assert.deepEqual(r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.line), [6, 7]);
});
