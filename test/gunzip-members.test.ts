// gzip input read member by member (the shared framing over Node's raw inflater), held to the gzip
// program on generated files (test/helpers/gzip-cases.ts), read in chunks of any size.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipMembers } from '../src/input/gunzip-members.ts';
import { GzipTrailingData } from '../src/input/gzip-trailing-data.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { assertReadAsGzip, chunked, gzipCase, gzipProgram, type Read } from './helpers/gzip-cases.ts';
import { mulberry32, testSeed } from './random.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 150);

async function ours(chunks: Uint8Array[]): Promise<Read> {
  let size = 0;
  let crc = 0;
  try {
    for await (const c of gunzipMembers((async function* () { yield* chunks; })(), nodePlatform)) {
      size += c.length;
      crc = crc32(c, crc);
    }
    return { size, crc, failure: null, message: '' };
  } catch (e) {
    return { size, crc, failure: e instanceof GzipTrailingData ? 'trailing' : 'error', message: (e as Error).message };
  }
}

test(`gzip data read as the gzip program reads it (${CASES} cases)`, { timeout: 300_000 }, async () => {
  const seed = testSeed('gunzip-members.test.ts');
  const r = mulberry32(seed);
  const dir = mkdtempSync(join(tmpdir(), 'sitemill-gunzip-'));
  try {
    for (let i = 0; i < CASES; i++) {
      const c = gzipCase(r);
      assertReadAsGzip(c, gzipProgram(c, dir), await ours(chunked(c.file, c.sizes)), `seed ${seed}, case ${i}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bomb is inflated as it is read: a few output chunks ahead of the reader, never the whole input chunk', async () => {
  const zeros = new Uint8Array(128 << 20);
  const bomb = gzipSync(zeros, { level: 9 }); // about 130 KB: one chunk that inflates to 128 MiB
  const before = process.memoryUsage().arrayBuffers;
  const it = gunzipMembers((async function* () { yield bomb; })(), nodePlatform)[Symbol.asyncIterator]();
  const first = await it.next();
  assert.ok(!first.done && first.value.length > 0);
  const held = process.memoryUsage().arrayBuffers - before;
  await it.return?.(undefined);
  assert.ok(held < 16 << 20, `${(held / 2 ** 20).toFixed(0)} MiB held after the first output chunk`);
});
