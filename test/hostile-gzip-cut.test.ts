// A .gz list that breaks off mid-row keeps the rows before the break, but never the row it cut:
// `…/g492` cut to `…/g` was written as a URL of its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cli, tempDir, tempFile, readZip, locsOf } from './helpers.ts';

const U = 'https://www.example.com';
const URLS = Array.from({ length: 3000 }, (_, i) => `${U}/g${i}`);
const GZ = gzipSync('loc\n' + URLS.join('\n') + '\n', { level: 1 });

function generate(bytes: Uint8Array) {
  const out = join(tempDir(), 'out.zip');
  const r = cli(['generate', tempFile('cut.csv.gz', bytes), '--base-url', `${U}/`, '-o', out, '--json']);
  assert.equal(r.status, 0, r.stderr);
  return { ...r, json: JSON.parse(r.stdout), locs: locsOf(readZip(new Uint8Array(readFileSync(out)))) };
}

test('a gzip cut mid-row writes only whole rows, and names the row it cut', () => {
  const known = new Set(URLS);
  let cutRows = 0;
  for (const at of [0.3, 0.45, 0.6, 0.75, 0.9]) {
    const r = generate(GZ.subarray(0, Math.floor(GZ.length * at)));
    const strays = r.locs.filter((l) => !known.has(l));
    assert.deepEqual(strays, [], `cut at ${at}: no URL the list does not hold`);
    assert.ok(r.locs.length > 100, `${r.locs.length} rows kept`);
    // The rows kept are the list's first ones, in order.
    assert.deepEqual(r.locs, URLS.slice(0, r.locs.length));
    assert.match(r.stderr, /breaks off/);
    const m = /the row it cut \(([^)]*)\) was left out/.exec(r.stderr);
    if (m) {
      cutRows++;
      assert.ok(URLS[r.locs.length].startsWith(m[1]), `${m[1]} is the start of ${URLS[r.locs.length]}`);
    }
  }
  assert.ok(cutRows >= 3, `${cutRows} of 5 cuts fell inside a row`);
});
