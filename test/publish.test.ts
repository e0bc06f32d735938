// The publish lines (src/output/publish.ts) against what a run writes: the robots.txt line is the
// zip's robots-sitemap.txt, the file to submit is its index; with a previous set, what changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unzipSync } from 'fflate';
import { generate } from '../src/generate/engine.ts';
import { publishLines, publishText } from '../src/output/publish.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { BASE, NOW, source } from './helpers.ts';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

test('the robots line and the file to submit are the ones the run wrote', async () => {
  const list = Array.from({ length: 5 }, (_, i) => `${BASE}blog/p${i}`).join('\n') + '\n';
  const run = await generate([source('urls.txt', list)], { baseUrl: `${BASE}blog/`, now: NOW, maxUrls: 2, prefix: 'posts' }, nodePlatform);
  const zip = unzipSync(concat(run.zip));
  const lines = publishLines({ baseUrl: run.summary.baseUrl!, files: run.summary.files, prefix: 'posts' });
  assert.deepEqual(lines.map((l) => l.kind), ['upload', 'robots', 'submit']);
  assert.equal(lines[0].value, `${BASE}blog/`);
  assert.equal(lines[1].value + '\n', new TextDecoder().decode(zip['robots-sitemap.txt']));
  assert.equal(lines[2].value, `${BASE}blog/posts-index.xml`);
  assert.ok(zip['posts-index.xml'], 'the index submitted is in the zip');
  assert.match(publishText({ baseUrl: run.summary.baseUrl!, files: run.summary.files, prefix: 'posts' }), /^Upload .* to https:\/\/www\.example\.com\/blog\/\nAdd this line to robots\.txt: Sitemap: /);
});

test('past 50,000 files, every index part; with a previous set, what to upload and delete', () => {
  const files = Array.from({ length: 50_001 }, (_, i) => ({ name: `sitemap-${i + 1}.xml.gz` }));
  const lines = publishLines({ baseUrl: BASE, files, prefix: 'sitemap' });
  assert.equal(lines[1].value, `Sitemap: ${BASE}sitemap-index-1.xml\nSitemap: ${BASE}sitemap-index-2.xml`);
  assert.match(publishText({ baseUrl: BASE, files, prefix: 'sitemap' }), /robots\.txt:\n {2}Sitemap: .*-1\.xml\n {2}Sitemap: .*-2\.xml\n/);
  const change = (name: string, c: 'added' | 'changed' | 'unchanged' | 'removed') => ({ name, change: c, urlsAdded: 0, urlsRemoved: 0, urlsChanged: 0 });
  const changes = [change('a', 'changed'), change('b', 'unchanged'), change('c', 'added'), change('d', 'removed'), change('e', 'unchanged')];
  const last = publishLines({ baseUrl: BASE, files: files.slice(0, 3), prefix: 'sitemap', changes }).at(-1)!;
  assert.equal(last.text, 'Since the previous set: 1 file changed, 1 added, 2 unchanged, 1 removed; upload the 2 files changed or added and the index, and delete the 1 file removed.');
  assert.deepEqual(publishLines({ baseUrl: BASE, files: [], prefix: 'sitemap' }), []);
});

test('a set as published has nothing to upload; one with files gone has the index to upload', () => {
  const change = (name: string, c: 'unchanged' | 'removed') => ({ name, change: c, urlsAdded: 0, urlsRemoved: 0, urlsChanged: 0 });
  const files = [{ name: 'sitemap-1.xml.gz' }];
  const same = publishLines({ baseUrl: BASE, files, prefix: 'sitemap', changes: [change('sitemap-1.xml.gz', 'unchanged')] }).at(-1)!;
  assert.equal(same.text, 'Since the previous set: 0 files changed, 0 added, 1 unchanged, 0 removed; nothing to upload: the set is as published.');
  const gone = publishLines({ baseUrl: BASE, files, prefix: 'sitemap', changes: [change('sitemap-1.xml.gz', 'unchanged'), change('sitemap-2.xml.gz', 'removed')] }).at(-1)!;
  assert.equal(gone.text, 'Since the previous set: 0 files changed, 0 added, 1 unchanged, 1 removed; upload the index, and delete the 1 file removed.');
});
