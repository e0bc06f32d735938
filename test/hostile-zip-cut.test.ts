// A zip cut short where one entry ends and the next begins reads as a smaller, whole zip: the audit
// said 0 errors for 6 of its 10 lists. The end record, and its count of entries, tell.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync, strToU8 } from 'fflate';
import { check, U, url, urlset } from './check-helpers.ts';

const N = 10;
const files: Record<string, Uint8Array> = {};
for (let i = 0; i < N; i++) files[`s-${i}.xml`] = strToU8(urlset(url(`${U}/p${i}`)));
const whole = zipSync(files, { level: 0 });

/** Where each local header starts (PK\3\4 followed by a name we wrote). */
function headerOffsets(zip: Uint8Array): number[] {
  const at: number[] = [];
  for (let i = 0; i + 30 < zip.length; i++) {
    if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 3 && zip[i + 3] === 4) at.push(i);
  }
  return at;
}

function centralDirectory(zip: Uint8Array): number {
  for (let i = 0; i + 4 < zip.length; i++) if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2) return i;
  throw new Error('no central directory');
}

test('the zip is whole: its 10 sitemaps, no finding', async () => {
  const r = await check({ 'set.zip': whole });
  assert.equal(r.files.length, N);
  assert.deepEqual(r.findings, []);
});

test('a zip cut at an entry boundary is an error, not a smaller zip', async () => {
  const cut = whole.subarray(0, headerOffsets(whole)[6]);
  const r = await check({ 'set.zip': cut });
  const errors = r.findings.filter((f) => f.severity === 'error');
  assert.equal(errors.length, 1, JSON.stringify(r.findings));
  assert.equal(errors[0].file, 'set.zip');
  assert.match(errors[0].message, /cut short \(its end record is missing\)/);
});

test('a zip whose directory lists entries that are not in it is an error', async () => {
  // Entries 6 to 9 taken out, their directory kept: 6 entries found where 10 are listed.
  const offsets = headerOffsets(whole);
  const cd = centralDirectory(whole);
  const holed = new Uint8Array([...whole.subarray(0, offsets[6]), ...whole.subarray(cd)]);
  const r = await check({ 'set.zip': holed });
  const errors = r.findings.filter((f) => f.severity === 'error');
  assert.equal(errors.length, 1, JSON.stringify(r.findings));
  assert.match(errors[0].message, /directory lists 10 entries; 6 are in the archive/);
});
