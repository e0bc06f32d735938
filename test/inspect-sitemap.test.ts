// The column preview of a sitemap: its extension columns, as far as its first MiB shows them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { inspect } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { source } from './helpers.ts';

const U = 'https://www.example.com';
const OPEN = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
`;
const withExtensions = (i: number) =>
  `<url><loc>${U}/${i}</loc><image:image><image:loc>${U}/${i}.jpg</image:loc></image:image><xhtml:link rel="alternate" hreflang="de" href="${U}/de/${i}"/></url>\n`;
const plain = (i: number) => `<url><loc>${U}/${i}</loc><lastmod>2025-01-01</lastmod></url>\n`;
const SITEMAP = OPEN + [0, 1, 2].map(withExtensions).join('') + '</urlset>\n';
const enc = new TextEncoder();

for (const [kind, bytes] of [
  ['XML', enc.encode(SITEMAP)],
  ['gzip', new Uint8Array(gzipSync(SITEMAP))],
  ['a zip', zipSync({ 'a.xml': enc.encode(SITEMAP) })],
] as const) {
  test(`the preview of a sitemap (${kind}) shows its image and alternate columns`, async () => {
    const ins = await inspect(source('s', bytes), nodePlatform);
    assert.equal(ins.fromSitemap, true);
    assert.deepEqual(ins.header, ['loc', 'lastmod', 'changefreq', 'priority', 'image', 'hreflang:de']);
    assert.deepEqual(ins.rows[0], [`${U}/0`, '', '', '', `${U}/0.jpg`, `${U}/de/0`]);
    assert.deepEqual(ins.roles.slice(4), ['image', 'hreflang:de']);
  });
}

test('the preview reads the first MiB for its columns: an extension first used after it is not listed', async () => {
  // 20,000 plain <url>s (about 1.3 MB), then one with extensions.
  const big = OPEN + Array.from({ length: 20000 }, (_, i) => plain(i)).join('') + withExtensions(20000) + '</urlset>\n';
  for (const bytes of [enc.encode(big), new Uint8Array(gzipSync(big)), zipSync({ 'a.xml': enc.encode(big) })]) {
    const ins = await inspect(source('s', bytes), nodePlatform);
    const gzipped = bytes[0] === 0x1f || bytes[0] === 0x50;
    // Compressed, the first MiB holds the whole file.
    assert.deepEqual(ins.header, gzipped ? ['loc', 'lastmod', 'changefreq', 'priority', 'image', 'hreflang:de'] : ['loc', 'lastmod', 'changefreq', 'priority']);
    assert.deepEqual(ins.rows[0].slice(0, 2), [`${U}/0`, '2025-01-01']);
  }
});

test('a stream that can be read once is previewed with its core columns', async () => {
  const ins = await inspect({ ...source('s', SITEMAP), once: true }, nodePlatform);
  assert.deepEqual(ins.header, ['loc', 'lastmod', 'changefreq', 'priority']);
});

test("the preview of a WordPress export shows the columns that decide its items, with the roles the run gives them", async () => {
  const wxr = readFileSync(new URL('./fixtures/wordpress/garden.WordPress.2026-11-29.xml', import.meta.url));
  const ins = await inspect(source('export.xml', wxr), nodePlatform);
  assert.deepEqual(ins.header, ['loc', 'lastmod', 'changefreq', 'priority', 'post_status', 'post_type', 'password protected', 'robots', 'canonical']);
  assert.deepEqual(ins.roles.slice(4), ['publication', 'post-type', 'protected', 'robots', 'canonical']);
  assert.deepEqual(ins.rows[1].slice(0, 2).concat(ins.rows[1].slice(4)), ['https://garden.example.org/?p=12', '2026-11-20T08:00:00Z', 'draft', 'post', 'no', '', '']);
});
