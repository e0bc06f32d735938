// gzip input read member by member (the shared framing over Node's raw inflater), held to the gzip program (`gzip -dc`) on generated files: several
// members, header fields (name, comment, extra, header CRC), zero padding, bytes after the end, cut
// and corrupted data, read in chunks of any size. What gzip writes out, we give; where it only warns
// about trailing garbage, we give it all and then say so; where it fails, we fail too (having given
// a prefix of the data, when the file was cut short).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipMembers } from '../src/input/gunzip-members.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { GzipTrailingData } from '../src/input/gzip-trailing-data.ts';
import { concatParts } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 150);

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);

function payload(r: Rand): Uint8Array {
  const kind = int(r, 3);
  const n = kind === 0 ? int(r, 3) : int(r, 200_000);
  if (kind === 2) return Uint8Array.from({ length: n }, () => int(r, 256));
  const lines: string[] = [];
  for (let size = 0; size < n; ) {
    const line = `https://www.example.com/p/${int(r, 1e6)}/${'abcdefgh'.slice(int(r, 8))}`;
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n'));
}

/** A member with a hand-made header: flags for a name, a comment, an extra field, a header CRC. */
function member(r: Rand, data: Uint8Array): Uint8Array {
  if (r() < 0.4) return gzipSync(data, { level: 1 + int(r, 9) });
  const flags = (r() < 0.5 ? 2 : 0) | (r() < 0.5 ? 4 : 0) | (r() < 0.5 ? 8 : 0) | (r() < 0.5 ? 16 : 0);
  const head = [0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 3];
  if (flags & 4) {
    const extra = Array.from({ length: int(r, 40) }, () => int(r, 256));
    head.push(extra.length & 0xff, extra.length >> 8, ...extra);
  }
  if (flags & 8) head.push(...new TextEncoder().encode('list.csv'), 0);
  if (flags & 16) head.push(...new TextEncoder().encode('a comment'), 0);
  if (flags & 2) {
    const c = crc32(Uint8Array.from(head));
    head.push(c & 0xff, (c >>> 8) & 0xff);
  }
  const body = deflateRawSync(data, { level: 1 + int(r, 9) });
  const trailer = new Uint8Array(8);
  new DataView(trailer.buffer).setUint32(0, crc32(data), true);
  new DataView(trailer.buffer).setUint32(4, data.length, true);
  return concatParts([Uint8Array.from(head), body, trailer]);
}

async function ours(file: Uint8Array, r: Rand): Promise<{ out: Uint8Array; error: unknown }> {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < file.length; ) {
    const n = r() < 0.2 ? 1 + int(r, 16) : 1 + int(r, 100_000);
    chunks.push(file.subarray(i, i + n));
    i += n;
  }
  const parts: Uint8Array[] = [];
  try {
    for await (const c of gunzipMembers((async function* () { yield* chunks; })(), nodePlatform)) parts.push(c);
    return { out: concatParts(parts), error: null };
  } catch (error) {
    return { out: concatParts(parts), error };
  }
}

test(`gzip data read as the gzip program reads it (${CASES} cases)`, { timeout: 300_000 }, async () => {
  const seed = testSeed('gunzip-members.test.ts');
  const r = mulberry32(seed);
  const gzPath = join(mkdtempSync(join(tmpdir(), 'sitemill-gunzip-')), 'case.gz');
  for (let i = 0; i < CASES; i++) {
    const data = Array.from({ length: 1 + int(r, 3) }, () => payload(r));
    let file = concatParts(data.map((d) => member(r, d)));
    const tail = int(r, 6);
    if (tail === 1) file = concatParts([file, new Uint8Array(1 + int(r, 5000))]);
    if (tail === 2) file = concatParts([file, Uint8Array.from({ length: 1 + int(r, 50) }, () => 1 + int(r, 255))]);
    if (tail === 3) file = file.subarray(0, int(r, file.length));
    if (tail === 4) {
      file = file.slice();
      file[10 + int(r, file.length - 10)] ^= 1 << int(r, 8);
    }
    // A file, not a pipe: gzip stops reading at bad data, and a pipe it left would fail the write (EPIPE).
    writeFileSync(gzPath, file);
    const gzip = spawnSync('gzip', ['-dc', gzPath], { maxBuffer: 1 << 30 });
    if (gzip.error) throw new Error(`gzip could not run: ${gzip.error.message}`);
    const stderr = gzip.stderr.toString();
    const { out, error } = await ours(file, r);
    const where = `seed ${seed}, case ${i} (tail ${tail}, ${file.length} bytes, ending ${Buffer.from(file.subarray(-6)).toString("hex")}): gzip exit ${gzip.status} ${stderr.trim()}; ours: ${error ? (error as Error).message : 'no error'}`;
    if (gzip.status === 0) {
      assert.equal(error, null, where);
      assert.ok(Buffer.from(out).equals(gzip.stdout), where);
    } else if (/trailing garbage ignored/.test(stderr)) {
      assert.ok(error instanceof GzipTrailingData, where);
      assert.ok(Buffer.from(out).equals(gzip.stdout), where);
    } else if (error instanceof GzipTrailingData) {
      // gzip fails on a single byte after the data (it wants two for the next magic number): the data is whole all the same.
      assert.ok(Buffer.from(out).equals(gzip.stdout) && Buffer.from(out).equals(concatParts(data)), where);
    } else {
      assert.ok(error instanceof Error, where);
      // Cut short, the data is right as far as it goes (a changed bit may spoil what comes before the CRC says so).
      if (tail === 3) assert.ok(Buffer.from(concatParts(data)).subarray(0, out.length).equals(out), `${where}: what came out is a prefix of the data`);
    }
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
