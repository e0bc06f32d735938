// Where report.csv's compressed bytes wait for their place in the zip: in Node a temporary file that
// is out of the temporary folder at once, gives the bytes back as they went in, and is closed
// however the run ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { heldInTempFile } from '../src/platform/node-held.ts';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { mulberry32, testSeed } from './random.ts';
import { BASE, NOW } from './helpers.ts';

const SEED = testSeed('held-bytes.test.ts');

/** How many of this process's open files are a holder's temporary file (open, or open and deleted). */
const openHeld = (): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return /\/sitemill-[^/]+\/aside/.test(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      return false; // closed meanwhile (the listing's own)
    }
  }).length;
const ours = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith('sitemill-') && !n.startsWith('sitemill-gunzip'));

test(`a temporary file gives back the bytes pushed, in order, and leaves nothing behind (seed ${SEED})`, () => {
  const rand = mulberry32(SEED);
  const before = ours();
  const held = heldInTempFile();
  assert.ok(held, 'a temporary file can be made here');
  assert.equal(openHeld(), 1, 'its file is open');
  assert.deepEqual(ours(), before, 'the file is out of the temporary folder while it is open');
  // Random bytes in chunks of random sizes (empty ones too), kept whole to compare.
  const all = new Uint8Array(5 << 20);
  for (let i = 0; i < all.length; i++) all[i] = rand() * 256;
  for (let at = 0; at < all.length; ) {
    const n = Math.min(all.length - at, Math.floor(rand() * 400_000));
    held.push(all.slice(at, at + n));
    at += n;
  }
  let at = 0;
  for (const chunk of held.read()) {
    assert.ok(chunk.length > 0 && chunk.length <= 1 << 20, `a chunk of ${chunk.length} bytes`);
    assert.ok(Buffer.from(chunk).equals(all.subarray(at, at + chunk.length)), `the bytes from ${at}`);
    at += chunk.length;
  }
  assert.equal(at, all.length);
  assert.equal(openHeld(), 0, 'closed once read');
});

test('a temporary file let go unread is closed, and closing it twice is harmless', () => {
  const held = heldInTempFile()!;
  held.push(new Uint8Array(1000));
  assert.equal(openHeld(), 1);
  held.close();
  held.close();
  assert.equal(openHeld(), 0);
});

test('a run that keeps no findings and fails after its report began leaves no file open and none behind', async () => {
  const before = ours();
  let made = 0;
  const platform = { ...nodePlatform, holdAside: () => (made++, heldInTempFile()) };
  const rows = ['loc', ...Array.from({ length: 50_000 }, (_, i) => `/p/${i}#x`)].join('\n') + '\n';
  const bytes = new TextEncoder().encode(rows);
  const failing = {
    name: 'list.csv',
    async *chunks() {
      for (let i = 0; i < bytes.length; i += 1 << 16) yield bytes.subarray(i, i + (1 << 16));
      throw new Error('the disk went away');
    },
  };
  await assert.rejects(generate([failing], { baseUrl: BASE, now: NOW }, platform, { keepFindings: false }), /the disk went away/);
  assert.equal(made, 1, 'the run made its report a holder');
  assert.equal(openHeld(), 0);
  assert.deepEqual(ours(), before);
});
