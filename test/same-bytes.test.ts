// sameBytes, four bytes at a time, against a byte loop: random ranges at every alignment, equal and
// differing at each position, over views into larger buffers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameBytes } from '../src/output/same-bytes.ts';
import { mulberry32, testSeed } from './random.ts';

function byteLoop(a: Uint8Array, from: number, to: number, b: Uint8Array, at: number): boolean {
  for (let i = from; i < to; i++) if (a[i] !== b[at + i - from]) return false;
  return true;
}

test('sameBytes agrees with a byte loop at every alignment and length', () => {
  const seed = testSeed('same-bytes');
  const rand = mulberry32(seed);
  const backing = new Uint8Array(4096).map(() => Math.floor(rand() * 4));
  let equal = 0;
  let differ = 0;
  for (let n = 0; n < 20_000; n++) {
    // Views at odd offsets, so neither side is aligned as a whole buffer would be.
    const a = backing.subarray(Math.floor(rand() * 7), 2048);
    const b = new Uint8Array(backing.buffer, 2048 + Math.floor(rand() * 7), 1024);
    const len = Math.floor(rand() * 40);
    const from = Math.floor(rand() * (a.length - len));
    const at = Math.floor(rand() * (b.length - len));
    if (rand() < 0.5) {
      b.set(a.subarray(from, from + len), at);
      if (len > 0 && rand() < 0.5) b[at + Math.floor(rand() * len)] ^= 1;
    }
    const want = byteLoop(a, from, from + len, b, at);
    assert.equal(sameBytes(a, from, from + len, b, at), want, `seed ${seed}, case ${n}`);
    if (want) equal++;
    else differ++;
  }
  assert.ok(equal > 5000 && differ > 5000, `both answers came up (${equal} equal, ${differ} differ)`);
});
