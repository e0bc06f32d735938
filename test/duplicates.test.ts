// The duplicate set: no false duplicates across millions of look-alike URLs (a weak hash once
// made 4,000 of them in five million), and every real one caught.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testCore } from './helpers/test-core.ts';
import { mulberry32, testSeed } from './random.ts';

test('five million look-alike URLs: none taken for a duplicate; each again: all caught', async () => {
  const core = await testCore();
  core.x.configure(0, 50000, 52428800, 0, 0, 0);
  const encoder = new TextEncoder();
  const url = (i: number) => `https://www.example.com/section-${i % 50}/item/${i}?ref=x&amp;y=${i % 7}`;
  let falseDuplicates = 0;
  const add = (s: string) => {
    const ptr = core.x.scratchPtr(s.length);
    const { written } = encoder.encodeInto(s, core.bytes().subarray(ptr, ptr + s.length));
    return core.x.addToDuplicateSet(written!) === 1;
  };
  const n = 5_000_000;
  for (let i = 0; i < n; i++) if (!add(url(i))) falseDuplicates++;
  assert.equal(falseDuplicates, 0);
  let caught = 0;
  for (let i = 0; i < n; i += 997) if (!add(url(i))) caught++;
  assert.equal(caught, Math.ceil(n / 997));
});

for (const reserveAt of [-1, 150_000]) {
  test(`the duplicate set against a JS Set: adds, lookups and removals in any order, runs of collisions included${reserveAt < 0 ? '' : `, told its size after ${reserveAt} operations`}`, async () => {
    const core = await testCore();
    core.x.configure(0, 50000, 52428800, 0, 0, 0);
    const encoder = new TextEncoder();
    const put = (s: string) => {
      const ptr = core.x.scratchPtr(s.length);
      return encoder.encodeInto(s, core.bytes().subarray(ptr, ptr + s.length)).written!;
    };
    const seed = testSeed('duplicates.test.ts');
    const rand = mulberry32(seed);
    const model = new Set<string>();
    // A pool small enough that keys come back, large enough that the tables grow and runs form.
    for (let op = 0; op < 400_000; op++) {
      // Told mid-way (its tables hold runs by then), the set moves every hash to its new place.
      if (op === reserveAt) core.x.expectUrls(1_000_000);
      const key = `https://www.example.com/${Math.floor(rand() * 60_000)}`;
      const k = rand();
      if (k < 0.5) assert.equal(core.x.addToDuplicateSet(put(key)) === 1, !model.has(key), `seed ${seed}, op ${op}: add ${key}`);
      else if (k < 0.7) core.x.removeFromDuplicateSet(put(key));
      else assert.equal(core.x.duplicateSetHas(put(key)) === 1, model.has(key), `seed ${seed}, op ${op}: has ${key}`);
      if (k < 0.5) model.add(key);
      else if (k < 0.7) model.delete(key);
    }
    for (let i = 0; i < 60_000; i++) {
      const key = `https://www.example.com/${i}`;
      assert.equal(core.x.duplicateSetHas(put(key)) === 1, model.has(key), `seed ${seed}: at the end, ${key}`);
    }
  });
}
