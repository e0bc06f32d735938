// The audit's rules about a set of files (SPEC section 7 and its corrections of 2026-12): an index
// that lists another index (judged by URL path, not by file name), a sitemap no index lists, and a
// URL listed again in a news, image or video sitemap beside the web sitemap.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, index, only, places, U, url, urlset } from './check-helpers.ts';

const sm = (path: string) => `<sitemap><loc>${U}/${path}</loc></sitemap>\n`;
const NEWS_NS = ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';
const IMAGE_NS = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';

function news(loc: string): string {
  return url(
    loc,
    '<news:news><news:publication><news:name>The Daily</news:name><news:language>en</news:language></news:publication>' +
      '<news:publication_date>2020-01-01</news:publication_date><news:title>News</news:title><news:keywords>a, b</news:keywords></news:news>',
  );
}

test('index-nested compares URL paths: /blog/sitemap.xml beside /sitemap.xml is not the index itself', async () => {
  // The index is sitemap.xml at the root (line 3 lists a sibling, line 4 a sitemap a folder down).
  const idx = index(sm('sitemap-pages.xml') + sm('blog/sitemap.xml'));
  const pages = urlset(url(`${U}/a`));
  const alone = await check({ 'public/sitemap.xml': idx, 'public/sitemap-pages.xml': pages });
  assert.deepEqual(places(alone, 'index-nested'), []);
  assert.deepEqual(places(alone, 'index-missing-file'), ['public/sitemap.xml:4']);
  assert.match(only(alone, 'index-missing-file').message, /^blog\/sitemap\.xml is listed, but no file of that name given to check is at that path/);
  // Given, the blog's sitemap is the file listed: a sitemap, or an index.
  const blog = await check({ 'public/sitemap.xml': idx, 'public/sitemap-pages.xml': pages, 'public/blog/sitemap.xml': urlset(url(`${U}/blog/a`)) });
  assert.deepEqual(places(blog, 'index-nested'), []);
  assert.deepEqual(places(blog, 'index-missing-file'), []);
  const inner = await check({ 'public/sitemap.xml': idx, 'public/sitemap-pages.xml': pages, 'public/blog/sitemap.xml': index(sm('blog/posts.xml')) });
  assert.deepEqual(places(inner, 'index-nested'), ['public/sitemap.xml:4']);
  assert.match(only(inner, 'index-nested').message, /^sitemap\.xml is itself a sitemap index/);
  // An index whose entries put it where a listed path names it lists itself.
  const self = await check({ 'sitemap.xml': index(sm('sitemap-pages.xml') + sm('sitemap.xml')), 'sitemap-pages.xml': pages });
  assert.deepEqual(places(self, 'index-nested'), ['sitemap.xml:4']);
  assert.match(only(self, 'index-nested').message, /^sitemap\.xml is this index itself; an index may list only sitemaps$/);
  assert.equal(only(self, 'index-nested').severity, 'error');
  // An index of one entry is not taken to sit in that entry's folder and list itself.
  const one = await check({ 'sitemap.xml': index(sm('blog/sitemap.xml')) });
  assert.deepEqual(places(one, 'index-nested'), []);
  assert.deepEqual(places(one, 'index-missing-file'), ['sitemap.xml:3']);
  // But it may list a real inner index there.
  const innerOne = await check({ 'sitemap.xml': index(sm('blog/index.xml')), 'index.xml': index(sm('blog/posts.xml')) });
  assert.deepEqual(places(innerOne, 'index-nested'), ['sitemap.xml:3']);
});

test('index-orphan: in a set with an index, a sitemap that no index lists', async () => {
  const files = {
    'site/sitemap-index.xml': index(sm('sitemap-1.xml')),
    'site/sitemap-1.xml.gz': urlset(url(`${U}/a`)),
    'site/sitemap-2.xml': urlset(url(`${U}/b`) + url(`${U}/c`)),
  };
  const r = await check(files);
  const orphan = only(r, 'index-orphan');
  assert.deepEqual([orphan.file, orphan.line, orphan.severity], ['site/sitemap-2.xml', 0, 'warning']);
  assert.equal(orphan.message, 'no index given lists sitemap-2.xml: a search engine that starts at the index never finds its 2 entries');
  // Without an index there is no set to be outside of; a live check reads what robots.txt names too.
  assert.deepEqual(places(await check({ 'site/sitemap-1.xml': files['site/sitemap-1.xml.gz'], 'site/sitemap-2.xml': files['site/sitemap-2.xml'] }), 'index-orphan'), []);
  assert.deepEqual(places(await check(files, { unreadUrls: new Set() }), 'index-orphan'), []);
  // An index listed by none is the top of the set, not an orphan.
  assert.deepEqual(places(await check({ ...files, 'site/sitemap-index.xml': index(sm('sitemap-1.xml') + sm('sitemap-2.xml')) }), 'index-orphan'), []);
});

test('a URL in a news or image sitemap and in the web sitemap is no duplicate; twice in one kind it is', async () => {
  const pages = urlset(url(`${U}/a`) + url(`${U}/b`) + url(`${U}/c`) + url(`${U}/a`)); // lines 3-6: /a again on 6
  const newsFile = urlset(news(`${U}/a`) + news(`${U}/b`) + news(`${U}/b`), NEWS_NS); // lines 3-5: /b again on 5
  const images = urlset(url(`${U}/c`, '<image:image><image:loc>https://cdn.example.net/c.png</image:loc></image:image>'), IMAGE_NS);
  for (const files of [
    { 'sitemap-pages.xml': pages, 'sitemap-news.xml': newsFile, 'sitemap-images.xml': images },
    { 'sitemap-news.xml': newsFile, 'sitemap-images.xml': images, 'sitemap-pages.xml': pages },
  ]) {
    const order = Object.keys(files).join(', ');
    const r = await check(files);
    const dups = r.findings.filter((f) => f.code === 'loc-duplicate').map((f) => `${f.file}:${f.line} ${f.message}`);
    assert.deepEqual(dups.sort(), [`sitemap-news.xml:5 the same URL as sitemap-news.xml:4: ${U}/b`, `sitemap-pages.xml:6 the same URL as sitemap-pages.xml:3: ${U}/a`], order);
    // The news is still judged on the entries the web sitemap lists too.
    assert.equal(places(r, 'news-stale').length, 3, order);
  }
  // Two web sitemaps listing one URL: the duplicate it always was, naming the first of its kind.
  const two = await check({ 'sitemap-news.xml': newsFile, 'a.xml': urlset(url(`${U}/b`)), 'b.xml': urlset(url(`${U}/b`)) });
  assert.deepEqual(
    two.findings.filter((f) => f.code === 'loc-duplicate').map((f) => `${f.file}:${f.line} ${f.message}`),
    [`sitemap-news.xml:5 the same URL as sitemap-news.xml:4: ${U}/b`, `b.xml:3 the same URL as a.xml:3: ${U}/b`],
  );
});
