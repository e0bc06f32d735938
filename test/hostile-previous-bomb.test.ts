// A previous set (--previous) whose sitemap inflates far past what a sitemap may hold is refused
// with one message, after inflating no more than that: a 3 MB zip that inflated to 1 GB took 6.1 GB.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, peakRssFlags, tempDir, tempFile } from './helpers.ts';
import { gzipBomb, zipOf } from './helpers/bombs.ts';

const MB = 1 << 20;
const SM = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://www.example.com/a</loc></url>\n';

function generateAgainst(previous: string) {
  const dir = tempDir();
  const rss = join(dir, 'rss');
  const list = tempFile('list.txt', 'https://www.example.com/a\nhttps://www.example.com/b\n');
  const r = cli(['generate', list, '--base-url', 'https://www.example.com/', '-o', join(dir, 'out.zip'), '--previous', previous], undefined, [...peakRssFlags(rss), '--max-old-space-size=256']);
  return { ...r, rss: Number(readFileSync(rss, 'utf8')) };
}

test('a previous zip whose sitemap inflates to 120 MiB is refused at the protocol limit', () => {
  const zip = zipOf({ 'sitemap-1.xml': { head: SM, fill: 0x20, mb: 120, tail: '</urlset>\n' } });
  assert.ok(zip.length < 1 * MB, `${zip.length} bytes`);
  const r = generateAgainst(tempFile('previous.zip', zip));
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^sitemill: the previous set's sitemap-1\.xml inflates past 52,428,800 bytes[^\n]*\n$/);
  assert.ok(r.rss < 200 * MB, `peak RSS ${(r.rss / MB).toFixed(0)} MiB`);
});

test('a previous .xml.gz that inflates to 120 MiB is refused the same way', async () => {
  const gz = await gzipBomb(SM, 0x20, 120, '</urlset>\n');
  const dir = tempDir();
  const r = generateAgainst(tempFile('sitemap-1.xml.gz', gz));
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^sitemill: the previous set's sitemap-1\.xml\.gz inflates past 52,428,800 bytes[^\n]*\n$/);
  assert.ok(r.rss < 200 * MB, `peak RSS ${(r.rss / MB).toFixed(0)} MiB`);
  void dir;
});
