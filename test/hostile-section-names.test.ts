// A section named `index` wrote `sitemap-index-1.xml` …, the names of the index's parts once it is
// split: with 50,000 files and more, an index part overwrote a sitemap (two URLs lost, the index
// listing itself), exit 0. A named section may not be called so; a name found in the URLs is renamed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isIndexFileName } from '../src/output/index-names.ts';
import { cli, tempDir, tempFile, readZip } from './helpers.ts';

const U = 'https://www.example.com';
const LIST = 'url\n' + Array.from({ length: 6 }, (_, i) => `${U}/index/p${i}`).join('\n') + `\n${U}/blog/a\n`;

function generate(...args: string[]) {
  const out = join(tempDir(), 'out.zip');
  const r = cli(['generate', tempFile('list.csv', LIST), '--base-url', `${U}/`, '-o', out, '--no-gzip', '--max-urls', '2', ...args]);
  return { ...r, files: r.status === 0 ? readZip(new Uint8Array(readFileSync(out))) : {} };
}

test('--section index=… is refused: its files would be named as the index parts', () => {
  const r = generate('--section', 'index=/*');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /section may not be named "index"/);
});

test('a section found in the URLs as "index" is written as index-section, never as an index part', () => {
  const r = generate('--section-by', 'path:1');
  assert.equal(r.status, 0, r.stderr);
  const names = Object.keys(r.files).filter((n) => n.endsWith('.xml'));
  assert.deepEqual(names.filter((n) => isIndexFileName(n, 'sitemap')), ['sitemap-index.xml']);
  assert.ok(names.includes('sitemap-index-section-1.xml'), names.join(' '));
  const locs = names.filter((n) => n !== 'sitemap-index.xml').flatMap((n) => [...r.files[n].matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
  assert.equal(new Set(locs).size, 7, 'every URL is written');
});
