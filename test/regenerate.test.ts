// A checked set written again keeps its shape (SPEC section 7): the news sitemap stays a news
// sitemap with every element it had, the pages stay pages, file names are kept, one index lists
// them, duplicates count within a purpose only, and changes.csv says what changed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { concatParts, readZip, source, tempDir, unescapeXml, BASE, NOW } from './helpers.ts';
import { ROOT } from './helpers/cli.ts';
import { xmllint } from './helpers/xmllint.ts';
import { article, newsSet, pageUrl, readBack, ARTICLES, INDEX, NEWS, PAGE_URLS, PAGES, SITE } from './helpers/news-set.ts';
import type { Options } from '../src/types.ts';

async function regenerate(files: Record<string, string>, options: Partial<Options> = {}) {
  const sources = Object.entries(files).map(([name, text]) => source(name, text));
  const result = await generate(sources, { baseUrl: BASE, now: NOW, keepShape: true, ...options }, nodePlatform);
  return { summary: result.summary, files: readZip(concatParts(result.zip)) };
}

test('an index, its pages and its news sitemap come back as the same three files', async () => {
  const { summary, files } = await regenerate(newsSet());
  const sitemaps = Object.keys(files).filter((n) => n.endsWith('.xml')).sort();
  assert.deepEqual(sitemaps, [NEWS, PAGES, INDEX].sort());

  // The news sitemap: every article, every element as it was.
  const news = readBack(files[NEWS]);
  assert.equal(news.length, ARTICLES);
  news.forEach((entry, i) => {
    const a = article(i);
    assert.deepEqual(entry, {
      loc: a.loc,
      news: { name: a.name, language: a.language, genres: a.genres, publication_date: a.date, title: a.title, keywords: a.keywords },
    });
  });

  // The pages: each page once (the one listed twice is a duplicate there), no news in them.
  const pages = readBack(files[PAGES]);
  assert.deepEqual(
    pages.map((p) => p.loc),
    Array.from({ length: PAGE_URLS }, (_, i) => pageUrl(i)),
  );
  assert.ok(pages.every((p) => p.news === null));
  assert.ok(!files[PAGES].includes('xmlns:news'));

  // One index, listing both files.
  const listed = [...files[INDEX].matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(listed, [`${SITE}/${NEWS}`, `${SITE}/${PAGES}`]);

  // Every row accounted for: the pages' second copy is the one duplicate; the articles are not.
  assert.equal(summary.rows, PAGE_URLS + 1 + ARTICLES);
  assert.equal(summary.accepted, PAGE_URLS + ARTICLES);
  assert.equal(summary.rejected, 1);
  assert.equal(summary.codes['loc-duplicate'], 1);

  // What changed, per file: the pages file lost the second listing of one URL; the news file kept its URLs.
  const changes = files['changes.csv'].trim().split('\n');
  assert.equal(changes[0], 'file,change,urls_added,urls_removed,urls_changed');
  const byFile = new Map(changes.slice(1).map((line) => [line.split(',')[0], line.split(',').slice(1)]));
  assert.deepEqual([...byFile.keys()].sort(), [NEWS, PAGES].sort());
  assert.deepEqual(byFile.get(PAGES)!.slice(0, 3), ['changed', '0', '1']);
  assert.deepEqual(byFile.get(NEWS), ['changed', '0', '0', String(ARTICLES)]);

  // The official schemas hold every file.
  const dir = tempDir();
  for (const name of sitemaps) writeFileSync(join(dir, name), files[name]);
  xmllint('all.xsd', [join(dir, PAGES), join(dir, NEWS)]);
  xmllint('siteindex.xsd', [join(dir, INDEX)]);
});

test('a file past the limit is split under its name, and the index lists the parts', async () => {
  const { files } = await regenerate(newsSet(), { maxUrls: 50 });
  const names = Object.keys(files).filter((n) => n.endsWith('.xml')).sort();
  assert.deepEqual(names, [NEWS, PAGES, 'page-sitemap-2.xml', 'page-sitemap-3.xml', INDEX].sort());
  const listed = [...files[INDEX].matchAll(/<loc>[^<]*\/([^/<]*)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(listed, names.filter((n) => n !== INDEX));
  const pages = [PAGES, 'page-sitemap-2.xml', 'page-sitemap-3.xml'].flatMap((n) => readBack(files[n]).map((e) => e.loc));
  assert.deepEqual(pages, Array.from({ length: PAGE_URLS }, (_, i) => pageUrl(i)));
  assert.match(files['changes.csv'], /^page-sitemap-2\.xml,added,50,0,0$/m);
});

test('gzipped files stay gzipped under their names', async () => {
  const { gzipSync } = await import('node:zlib');
  const set = newsSet();
  const sources = [
    source(INDEX, set[INDEX].replace(/\.xml</g, '.xml.gz<')),
    source(`${PAGES}.gz`, gzipSync(set[PAGES])),
    source(`${NEWS}.gz`, gzipSync(set[NEWS])),
  ];
  const result = await generate(sources, { baseUrl: BASE, now: NOW, keepShape: true }, nodePlatform);
  const files = readZip(concatParts(result.zip));
  assert.deepEqual(Object.keys(files).filter((n) => /\.xml(\.gz)?$/.test(n)).sort(), [`${NEWS}.gz`, `${PAGES}.gz`, INDEX].sort());
  assert.equal(readBack(files[`${NEWS}.gz`])[0].news!.keywords, article(0).keywords);
});

test('an image sitemap beside the pages stays one, its URLs no duplicates of the pages', async () => {
  const set = newsSet();
  const images = Array.from({ length: 10 }, (_, i) => `<url><loc>${pageUrl(60 + i)}</loc><image:image><image:loc>${SITE}/img/${i}.jpg</image:loc></image:image></url>`);
  set['image-sitemap.xml'] =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' +
    images.join('\n') +
    '\n</urlset>\n';
  const { summary, files } = await regenerate(set);
  assert.equal(summary.codes['loc-duplicate'], 1, 'only the page listed twice among the pages');
  const written = [...files['image-sitemap.xml'].matchAll(/<url><loc>([^<]*)<\/loc><image:image><image:loc>([^<]*)<\/image:loc><\/image:image><\/url>/g)];
  assert.deepEqual(
    written.map((m) => [m[1], m[2]]),
    Array.from({ length: 10 }, (_, i) => [pageUrl(60 + i), `${SITE}/img/${i}.jpg`]),
  );
  assert.ok(!files[PAGES].includes('image:'), 'the pages carry no images');
  assert.equal(readBack(files[PAGES]).length, PAGE_URLS);
  const listed = [...files[INDEX].matchAll(/<loc>[^<]*\/([^/<]*)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(listed, ['image-sitemap.xml', NEWS, PAGES].sort());
  const dir = tempDir();
  writeFileSync(join(dir, 'image-sitemap.xml'), files['image-sitemap.xml']);
  xmllint('all.xsd', [join(dir, 'image-sitemap.xml')]);
});

test('a set given as one zip is written as one list, and a note says why', async () => {
  const { zipSync } = await import('fflate');
  const set = newsSet();
  const zip = zipSync(Object.fromEntries(Object.entries(set).map(([name, text]) => [name, new TextEncoder().encode(text)])));
  const result = await generate([source('set.zip', zip)], { baseUrl: BASE, now: NOW, keepShape: true }, nodePlatform);
  assert.ok(result.summary.notes.some((n) => n.includes("the set's shape is not kept: set.zip is not one sitemap file")), result.summary.notes.join('\n'));
  assert.equal(result.summary.rows, PAGE_URLS + 1 + ARTICLES);
  assert.equal(result.summary.accepted + result.summary.rejected + result.summary.excluded, result.summary.rows);
});

// A site's real set (../shared/corpus): an index named sitemap.xml, 275 pages, and 48 news articles
// that are among the pages, each with its keywords; written as one list, the 48 were duplicates.
const CORPUS = resolve(ROOT, '../shared/corpus/real-sitemaps');
const REAL = { 'sitemap.xml': '37-Farrays-culo-sitemap.xml', 'sitemap-pages.xml': '36-Farrays-culo-sitemap-pages.xml', 'sitemap-news.xml': '35-Farrays-culo-sitemap-news.xml' };
const realMissing = Object.values(REAL).find((f) => !existsSync(join(CORPUS, f)));
if (realMissing && process.env.CI) throw new Error(`${join(CORPUS, realMissing)} is missing: the real sets must be re-generated in CI`);

test('a real news site’s set keeps its news sitemap, every news element and alternate kept', { skip: realMissing && `${realMissing} is missing from ${CORPUS}` }, async () => {
  const given = Object.fromEntries(Object.entries(REAL).map(([name, file]) => [name, readFileSync(join(CORPUS, file), 'utf8')]));
  const { summary, files } = await regenerate(given, { baseUrl: 'https://www.farrayscenter.com/', now: '2026-03-16T00:00:00Z' });
  assert.equal(summary.rejected, 0, 'no article is a duplicate of its page');
  assert.deepEqual(Object.keys(files).filter((n) => n.endsWith('.xml')).sort(), Object.keys(REAL).sort(), 'the same names, the index too');
  const listed = [...files['sitemap.xml'].matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(listed, ['https://www.farrayscenter.com/sitemap-news.xml', 'https://www.farrayscenter.com/sitemap-pages.xml']);
  assert.equal(summary.accepted, summary.rows);
  for (const name of ['sitemap-pages.xml', 'sitemap-news.xml']) {
    // The same extension elements, as many of each, and the same entries in the same order.
    const elements = (xml: string) => [...xml.matchAll(/<((?:news|image|video|xhtml):\w+)[\s>]/g)].map((m) => m[1]).sort().join(' ');
    assert.equal(elements(files[name]), elements(given[name]), `${name}: its extension elements`);
    const values = (xml: string) => [...xml.matchAll(/<(loc|news:\w+)>\s*([^<]*?)\s*<\/\1>/g)].map((m) => `${m[1]}=${unescapeXml(m[2])}`);
    assert.deepEqual(values(files[name]), values(given[name]), `${name}: its values`);
  }
  const dir = tempDir();
  for (const name of ['sitemap-pages.xml', 'sitemap-news.xml']) writeFileSync(join(dir, name), files[name]);
  xmllint('all.xsd', [join(dir, 'sitemap-pages.xml'), join(dir, 'sitemap-news.xml')]);
  writeFileSync(join(dir, 'sitemap.xml'), files['sitemap.xml']);
  xmllint('siteindex.xsd', [join(dir, 'sitemap.xml')]);
});
