// The XML escaper (assembly/escape.ts) against a plain JS reference, on random Unicode strings.
// Seeded: set SEED to replay a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testCore } from './helpers/test-core.ts';
import { mulberry32, testSeed } from './random.ts';
import { NOW } from './helpers/run-values.ts';

const SEED = testSeed('escape.test.ts');

const encoder = new TextEncoder();
const STRINGS = 25_000;
const SPECIALS = '&<>"\'';

function reference(s: string): Uint8Array {
  return encoder.encode(
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
  );
}

function randomString(rand: () => number): string {
  const int = (n: number) => Math.floor(rand() * n);
  // Mostly short strings, some long ones.
  const len = rand() < 0.02 ? int(20_000) : rand() < 0.3 ? int(8) : int(200);
  const specialShare = rand() < 0.1 ? 0.9 : rand() * 0.5;
  let s = '';
  for (let i = 0; i < len; i++) {
    const r = rand();
    if (r < specialShare) s += SPECIALS[int(5)];
    else if (r < specialShare + (1 - specialShare) * 0.45) s += String.fromCharCode(int(0x80)); // any ASCII, controls and NUL too
    else if (r < specialShare + (1 - specialShare) * 0.75) {
      let c = 0x80 + int(0xffff - 0x80);
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      s += String.fromCharCode(c);
    } else if (r < specialShare + (1 - specialShare) * 0.97) s += String.fromCodePoint(0x10000 + int(0x10ffff - 0x10000));
    else s += String.fromCharCode(0xd800 + int(0x800)); // a lone surrogate: U+FFFD once encoded
  }
  return s;
}

function hex(b: Uint8Array, at: number): string {
  return Array.from(b.subarray(Math.max(0, at - 8), at + 8), (x) => x.toString(16).padStart(2, '0')).join(' ');
}

test(`escaper equals the JS reference on ${STRINGS} random strings (seed ${SEED})`, async () => {
  const core = await testCore();
  core.x.configure(0, 50000, 52428800, 0, Date.parse(NOW), 0);
  const rand = mulberry32(SEED);
  const fixed = ['', '&', '<', '>', '"', "'", SPECIALS, SPECIALS.repeat(1000), 'a&b<c>d"e\'f', '&amp;', 'é&ü<𝄞>"\'\u0000'];
  // Every ASCII character at every place of two eight-byte words: each lane of the word-at-a-time test.
  for (let c = 1; c < 0x80; c++) for (let at = 0; at < 16; at++) fixed.push('a'.repeat(at) + String.fromCharCode(c) + 'a'.repeat(15 - at));
  let bytesIn = 0;
  let specials = 0;
  for (let n = 0; n < STRINGS + fixed.length; n++) {
    const s = n < fixed.length ? fixed[n] : randomString(rand);
    const want = reference(s);
    const [len] = core.putScratch(s);
    bytesIn += len;
    for (const ch of s) if (SPECIALS.includes(ch)) specials++;
    const measured = core.x.escapedLengthOfScratch(len);
    const written = core.x.escapeScratch(len);
    const got = core.copy(core.x.entryPtr(), written);
    assert.equal(measured, want.length, `escapedLengthOfScratch for string #${n} ${JSON.stringify(s.slice(0, 80))} (seed ${SEED})`);
    assert.equal(written, want.length, `escapeScratch's byte count for string #${n} ${JSON.stringify(s.slice(0, 80))} (seed ${SEED})`);
    if (Buffer.compare(got, want) !== 0) {
      let at = 0;
      while (got[at] === want[at]) at++;
      assert.fail(`escaped bytes differ for string #${n} at byte ${at}: got [${hex(got, at)}], want [${hex(want, at)}] (seed ${SEED})`);
    }
  }
  console.log(`escape: ${STRINGS + fixed.length} strings, ${bytesIn} bytes, ${specials} special characters`);
});
