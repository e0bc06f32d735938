// The core's first look at a row's bytes (assembly/utf8.ts `hasNulOrNonAscii`, sixteen bytes a step):
// any NUL or byte past ASCII sends the row to the exact UTF-8 and NUL checks, wherever it lies. Held
// to the plain JavaScript answer on seeded byte strings of every length and alignment up to 300 bytes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testCore } from './helpers/test-core.ts';
import { mulberry32, testSeed } from './random.ts';

const SEED = testSeed('row-bytes.test.ts');
const CASES = 200_000;

test(`hasNulOrNonAscii: true exactly when a byte is 0 or past 0x7f (${CASES} strings, seed ${SEED})`, async () => {
  const core = await testCore();
  const rand = mulberry32(SEED);
  const int = (n: number) => Math.floor(rand() * n);
  const ptr = core.x.scratchPtr(512);
  let flagged = 0;
  const wrong: string[] = [];
  for (let c = 0; c < CASES && wrong.length < 10; c++) {
    const from = int(16);
    const len = int(301);
    const bytes = new Uint8Array(len);
    for (let i = 0; i < len; i++) bytes[i] = 0x01 + int(0x7f);
    // None, one or two bytes that are 0 or past ASCII, anywhere; the bytes just outside the string are such bytes too.
    const specials = int(3);
    for (let k = 0; k < specials && len > 0; k++) bytes[int(len)] = rand() < 0.4 ? 0 : 0x80 + int(0x80);
    const mem = core.bytes();
    mem.fill(0, ptr, ptr + 512);
    mem.set(bytes, ptr + from);
    if (from > 0) mem[ptr + from - 1] = 0xff;
    const expected = bytes.some((b) => b === 0 || b >= 0x80);
    if (expected) flagged++;
    if ((core.x.nulOrNonAsciiAt(from, len) === 1) !== expected) wrong.push(`${len} bytes at +${from}: ${Buffer.from(bytes).toString('hex')}`);
  }
  assert.deepEqual(wrong, [], `hasNulOrNonAscii differs from the bytes (seed ${SEED})`);
  assert.ok(flagged > CASES / 3 && flagged < CASES, `${flagged} flagged: the cases show little`);
});
