// Rows refused for another host cost no more when each is on a host of its own than when all are on
// one: list-mixed-hosts counts the first hosts met one by one and the rest together. Peak RSS of the
// CLI as a child is compared between the two lists, not timed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, peakRssFlags, tempDir, tempFile, readZip } from './helpers.ts';

const ROWS = 300_000;
const MB = 1 << 20;

function list(hostOf: (i: number) => string): string {
  const lines = ['https://www.example.com/'];
  for (let i = 0; i < ROWS; i++) lines.push(`https://${hostOf(i)}/page-${i}`);
  return lines.join('\n') + '\n';
}

function generate(name: string, text: string) {
  const dir = tempDir();
  const rss = join(dir, 'rss');
  const out = join(dir, 'out.zip');
  const r = cli(['generate', tempFile(name, text), '--base-url', 'https://www.example.com/', '-o', out, '--json'], undefined, [...peakRssFlags(rss), '--max-old-space-size=256']);
  assert.equal(r.status, 0, r.stderr);
  const report = readZip(new Uint8Array(readFileSync(out)))['report.csv'];
  return { json: JSON.parse(r.stdout), rss: Number(readFileSync(rss, 'utf8')), report };
}

test(`${ROWS} rows rejected on distinct hosts cost what they cost on one host`, () => {
  const one = generate('one.txt', list(() => 'other.example.org'));
  const many = generate('many.txt', list((i) => `h${i}.example.org`));
  for (const r of [one, many]) {
    assert.equal(r.json.rejected, ROWS);
    assert.equal(r.json.codes['loc-host'], ROWS);
  }
  console.log(`peak RSS: one host ${(one.rss / MB).toFixed(0)} MiB, ${ROWS} hosts ${(many.rss / MB).toFixed(0)} MiB`);
  assert.ok(many.rss < one.rss + 40 * MB, `one host ${(one.rss / MB).toFixed(0)} MiB, distinct hosts ${(many.rss / MB).toFixed(0)} MiB`);
  // The hosts past those counted one by one are counted together, and said to be more.
  const tail = many.report.split('\n').find((l) => l.includes('more hosts'));
  assert.match(tail ?? '', new RegExp(`over 9,?900 more hosts: ${ROWS - 100} rows`));
});
