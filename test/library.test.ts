// The library, imported by the package's own name, writes the zip the CLI writes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, inspect, CODE_INFO } from 'sitemill';
import { cli, concatParts, tempDir, tempFile, NOW, BASE } from './helpers.ts';

const LIST = 'url,lastmod,title\nhttps://www.example.com/,2025-01-01,Home\n/about,2025/02/03,About\nftp://x/,,Bad\n';

test('generate(path) gives the zip the CLI gives, byte for byte', async () => {
  const path = tempFile('list.csv', LIST);
  const out = join(tempDir(), 'cli.zip');
  const c = cli(['generate', path, '--base-url', BASE, '--now', NOW, '-o', out, '--quiet']);
  assert.equal(c.status, 0, c.stderr);
  const progress: number[] = [];
  const r = await generate(path, { baseUrl: BASE, now: NOW }, { onProgress: (p) => progress.push(p.rows) });
  assert.deepEqual(concatParts(r.zip), new Uint8Array(readFileSync(out)));
  assert.equal(r.summary.accepted, 2);
  assert.equal(progress.at(-1), 3);
  assert.equal(r.findings.at(0).code, 'column-ignored');
  assert.ok(CODE_INFO['loc-scheme']);
});

test('an aborted signal cancels with an AbortError', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(generate(new TextEncoder().encode(LIST), { baseUrl: BASE }, { signal: controller.signal }), { name: 'AbortError' });
});

test('inspect shows the delimiter, header, first rows and roles', async () => {
  const i = await inspect(new TextEncoder().encode(LIST));
  assert.equal(i.delimiter, ',');
  assert.deepEqual(i.header, ['url', 'lastmod', 'title']);
  assert.deepEqual(i.roles, ['loc', 'lastmod', 'ignore']);
  assert.equal(i.rows.length, 3);
});

test('check() audits sitemaps by the package name', async () => {
  const { check } = await import('sitemill');
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://www.example.com/a</loc></url>\n<url><lastmod>2025-01-01</lastmod></url>\n</urlset>\n';
  const r = await check(new TextEncoder().encode(xml));
  assert.equal(r.files[0].kind, 'urlset');
  assert.equal(r.codes['xml-schema'], 1);
  assert.deepEqual(r.findings.map((f) => [f.line, f.code]), [[4, 'xml-schema']]);
});
