// Deflate workers against node:zlib itself: a piece deflated on a worker is the same bytes as on
// libuv's pool (the fallback) and as deflateRawSync, and inflates back through its dictionary; the
// CRC that comes with it is zlib.crc32's. A failed piece fails alone, and idle workers let the
// process end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { deflateWorkers } from '../src/compress/deflate-workers.ts';
import { deflateOnLibuvPool } from '../src/compress/deflate-on-pool.ts';
import { deflateBytes, own, PIECE } from '../src/compress/deflate-bytes.ts';
import { mulberry32, testSeed } from './random.ts';
import { ROOT } from './helpers/cli.ts';

const random = mulberry32(testSeed('deflate-workers'));

function text(n: number): Uint8Array {
  const words = ['<url><loc>https://www.example.com/', 'shop/', 'item-', '</loc>', '<lastmod>2025-01-0', '</url>\n'];
  const parts: string[] = [];
  let length = 0;
  while (length < n) {
    const w = words[(random() * words.length) | 0] + ((random() * 1e4) | 0);
    parts.push(w);
    length += w.length;
  }
  return new TextEncoder().encode(parts.join('')).slice(0, n);
}

test('workers are there on this Node, so the pieced gzip tests run on them', () => {
  assert.equal(deflateWorkers.ready(), true);
});

test('a piece deflates to the same bytes on a worker, on libuv pool and in deflateRawSync, with zlib.crc32 as the CRC', async () => {
  for (let round = 0; round < 24; round++) {
    const n = [0, 1, 500, 40_000, 300_000][round % 5] + ((random() * 1000) | 0);
    const input = text(n);
    const dictionary = round % 3 === 0 ? null : text(1 << 15);
    const last = round % 2 === 0;
    const level = 1 + (round % 9);
    const expected = deflateRawSync(input, {
      level,
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary ? { dictionary } : {}),
    });
    const sent = own(input);
    const onWorker = await deflateBytes(sent, level, dictionary, last, crc32);
    assert.equal(sent.byteLength, 0, 'the piece went to the worker');
    const onPool = await deflateOnLibuvPool(own(input), level, dictionary, last, crc32);
    for (const [where, done] of [['worker', onWorker], ['libuv pool', onPool]] as const) {
      const what = `${where}, round ${round}: ${n} bytes, level ${level}, last ${last}`;
      assert.ok(Buffer.from(done.deflated).equals(expected), what);
      assert.equal(done.length, input.length, what);
      assert.equal(done.crc, crc32(input), what);
      assert.equal(done.buffer.byteLength, input.length, `${what}: the buffer comes back`);
      assert.ok(Buffer.from(new Uint8Array(done.buffer)).equals(input), `${what}: unchanged`);
      const back = inflateRawSync(done.deflated, { finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
      assert.ok(back.equals(input), `${what}: inflates back`);
    }
  }
});

test('bytes longer than a piece: the worker and libuv pool cut them at the same offsets, to the same stream', async () => {
  // The last: pieces that deflate to a few bytes each, joined in a buffer small enough for Node's pool.
  for (const [n, input] of [PIECE, PIECE + 1, 2 * PIECE + 12_345].map((n) => [n, text(n)] as const).concat([[PIECE + 1, new Uint8Array(PIECE + 1).fill(0x61)]])) {
    const dictionary = text(1 << 15);
    for (const last of [true, false]) {
      const onWorker = await deflateBytes(own(input), 6, dictionary, last, crc32);
      const onPool = await deflateOnLibuvPool(own(input), 6, dictionary, last, crc32);
      const what = `${n} bytes, last ${last}`;
      assert.ok(Buffer.from(onWorker.deflated).equals(onPool.deflated), what);
      assert.equal(onWorker.crc, crc32(input), what);
      assert.equal(onPool.crc, crc32(input), what);
      const back = inflateRawSync(onWorker.deflated, { finishFlush: constants.Z_SYNC_FLUSH, dictionary });
      assert.ok(back.equals(input), `${what}: inflates back`);
    }
  }
});

test('a piece zlib refuses fails alone; the workers go on', async () => {
  await assert.rejects(deflateWorkers.deflate(own(text(100)).buffer, 100, 42, null, true), /deflate failed/);
  const input = text(5000);
  const done = await deflateBytes(own(input), 6, null, true, crc32);
  assert.ok(inflateRawSync(done.deflated).equals(input));
});

test('a process whose pieces are done ends on its own (idle workers do not hold it)', () => {
  const script = `
    import { deflateBytes } from './src/compress/deflate-bytes.ts';
    import { crc32 } from 'node:zlib';
    const done = await deflateBytes(new Uint8Array(1 << 20).fill(97), 6, null, true, crc32);
    console.log(done.deflated.length > 0 ? 'deflated' : 'empty');
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.signal, null, 'ended before the timeout');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'deflated');
});
