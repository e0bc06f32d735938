// The CRC-32 in JavaScript (browsers, and Node before 20.15) against zlib's, on data of every length
// class the eight-byte steps meet (0 to 7 bytes over a whole step), continued from earlier CRCs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { crc32Table } from '../src/compress/crc32-table.ts';
import { mulberry32, testSeed } from './random.ts';

test('crc32Table gives zlib.crc32, whole and continued', () => {
  const seed = testSeed('crc32-table.test.ts');
  const r = mulberry32(seed);
  for (let i = 0; i < 300; i++) {
    const n = i < 40 ? i : Math.floor(r() * 70_000);
    const data = Uint8Array.from({ length: n }, () => Math.floor(r() * 256));
    const cut = Math.floor(r() * (n + 1));
    assert.equal(crc32Table(data), crc32(data), `seed ${seed}: ${n} bytes`);
    assert.equal(crc32Table(data.subarray(cut), crc32Table(data.subarray(0, cut))), crc32(data), `seed ${seed}: ${n} bytes, cut at ${cut}`);
  }
  assert.equal(crc32Table(new TextEncoder().encode('123456789')), 0xcbf43926, 'the check value of CRC-32');
});
