// The duplicate set: no false duplicates across millions of look-alike URLs (a weak hash once
// made 4,000 of them in five million), and every real one caught.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Core } from '../src/core.ts';
import { nodePlatform } from '../src/platform-node.ts';

test('five million look-alike URLs: none taken for a duplicate; each again: all caught', async () => {
  const core = new Core(await nodePlatform.wasm());
  core.x.configure(0, 50000, 52428800, 0, 0);
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
