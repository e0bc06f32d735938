// The pieced gzip (and the pieced raw deflate of the zip's report) against inflaters we did not write: node:zlib and the system's `gzip -t`, over
// sizes around the piece boundaries, every level, and data from random bytes to long repeats (where
// matches reach back across pieces through the primed window).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gunzipSync, gzipSync, crc32, inflateRawSync } from 'node:zlib';
import { gzipInPieces, PiecedGzip } from '../src/compress/gzip-pieces.ts';
import { PIECE } from '../src/compress/deflate-bytes.ts';
import { crc32Combine } from '../src/compress/crc32-combine.ts';
import { deflateRawInPieces } from '../src/compress/deflate-pieces.ts';
import { mulberry32, testSeed } from './random.ts';
import { tempFile } from './helpers.ts';

const random = mulberry32(testSeed('gzip-pieces'));

function data(n: number, kind: 'random' | 'text' | 'repeat'): Uint8Array {
  const out = new Uint8Array(n);
  if (kind === 'random') for (let i = 0; i < n; i++) out[i] = (random() * 256) | 0;
  else if (kind === 'repeat') out.fill(0x61);
  else {
    const words = ['<url>', '<loc>https://www.example.com/', 'shop/', 'item-', '</loc>', '</url>\n', '&amp;'];
    let i = 0;
    while (i < n) for (const b of Buffer.from(words[(random() * words.length) | 0] + ((random() * 1e6) | 0))) if (i < n) out[i++] = b;
  }
  return out;
}

test('inflates to the input, at every size around a piece and every level', async () => {
  const sizes = [0, 1, 100, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 12345, 3 * PIECE];
  for (const n of sizes) {
    for (const kind of ['random', 'text', 'repeat'] as const) {
      const input = data(n, kind);
      for (const level of n > PIECE ? [1, 6, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
        const out = await gzipInPieces(input.slice(), level, crc32);
        assert.ok(Buffer.from(gunzipSync(out)).equals(input), `${kind} ${n} level ${level}`);
      }
    }
  }
});

test('one piece is exactly what zlib writes; many stay within 0.5% of its size', async () => {
  const small = data(PIECE, 'text');
  assert.ok(Buffer.from(await gzipInPieces(small.slice(), 6, crc32)).equals(gzipSync(small, { level: 6 })));
  const big = data(8 * PIECE + 7, 'text');
  const pieced = await gzipInPieces(big.slice(), 6, crc32);
  const one = gzipSync(big, { level: 6 });
  assert.ok(pieced.length < one.length * 1.005, `${pieced.length} vs ${one.length}`);
});

test('a whole file is taken, not copied: its buffer goes to a worker (a view of part of a buffer is copied)', async () => {
  const file = data(PIECE + 99, 'text');
  const expected = file.slice();
  const out = gzipInPieces(file, 6, crc32);
  assert.equal(file.byteLength, 0, 'transferred');
  assert.ok(Buffer.from(gunzipSync(await out)).equals(expected));
  const within = data(1000, 'text');
  const part = within.subarray(10, 500);
  assert.ok(Buffer.from(gunzipSync(await gzipInPieces(part, 6, crc32))).equals(Buffer.from(within.subarray(10, 500))));
  assert.equal(within.byteLength, 1000, 'left as it was');
});

test('the system gzip finds nothing wrong with it', async () => {
  const input = data(3 * PIECE + 5, 'text');
  const path = tempFile('pieces.gz', await gzipInPieces(input.slice(), 6, crc32));
  execFileSync('gzip', ['-t', path]);
  assert.ok(execFileSync('gzip', ['-dc', path], { maxBuffer: 8 * PIECE }).equals(input));
});

test('files compressed side by side each come out whole', async () => {
  const inputs = Array.from({ length: 6 }, (_, i) => data(PIECE + i * 300_001, 'text'));
  const outs = await Promise.all(inputs.map((d) => gzipInPieces(d.slice(), 6, crc32)));
  outs.forEach((o, i) => assert.ok(Buffer.from(gunzipSync(o)).equals(inputs[i]), `file ${i}`));
});

test('a body handed over in pieces while it is written: the same bytes however many went ahead', async () => {
  for (let round = 0; round < 8; round++) {
    const header = data(1 + ((random() * 600) | 0), 'text');
    const body = data((random() * 4 * PIECE) | 0, round % 3 === 0 ? 'random' : 'text');
    const footer = data(round % 4 === 0 ? 0 : 11, 'text');
    const file = new Uint8Array(header.length + body.length + footer.length);
    file.set(header);
    file.set(body, header.length);
    file.set(footer, header.length + body.length);
    // Whole pieces with bytes after them can go ahead: none, some, or all of them.
    const most = Math.max(0, Math.ceil((body.length + footer.length) / PIECE) - 1);
    let first: Buffer | null = null;
    for (const ahead of new Set([0, most >> 1, most])) {
      const gz = new PiecedGzip(6, crc32);
      // Each piece is read during the call only, and files after it reuse its buffers.
      const scratch = new Uint8Array(PIECE);
      for (let k = 0; k < ahead; k++) {
        scratch.set(file.subarray(header.length + k * PIECE, header.length + (k + 1) * PIECE));
        gz.body(scratch);
        scratch.fill(0x7a);
      }
      const rest = new Uint8Array(header.length + file.length - header.length - ahead * PIECE);
      rest.set(header);
      rest.set(file.subarray(header.length + ahead * PIECE), header.length);
      const closed = gz.finish(rest, header.length);
      rest.fill(0); // read during the call only
      assert.equal(closed.size, file.length);
      assert.ok(Buffer.from(closed.head).equals(file.subarray(0, header.length + Math.min(1 << 16, body.length + footer.length))), 'the head');
      const out = Buffer.from(await closed.gzip);
      const what = `round ${round}: header ${header.length}, body ${body.length}, footer ${footer.length}, ${ahead} pieces ahead`;
      assert.ok(Buffer.from(gunzipSync(out)).equals(file), what);
      if (first) assert.ok(out.equals(first), `${what}: the same bytes as with none ahead`);
      first ??= out;
    }
  }
});

test('a piece of any other size is refused', () => {
  assert.throws(() => new PiecedGzip(6, crc32).body(new Uint8Array(PIECE - 1)), /a body piece of/);
});

test('files one after another share piece buffers, and each comes out whole', async () => {
  let gz = new PiecedGzip(6, crc32);
  const files: Uint8Array[] = [];
  const outs: Promise<Uint8Array>[] = [];
  const scratch = new Uint8Array(PIECE);
  for (let f = 0; f < 6; f++) {
    const file = data(3 * PIECE + ((random() * PIECE) | 0), f % 2 ? 'random' : 'text');
    const header = 40 + f;
    const ahead = Math.ceil((file.length - header) / PIECE) - 1;
    for (let k = 0; k < ahead; k++) {
      scratch.set(file.subarray(header + k * PIECE, header + (k + 1) * PIECE));
      gz.body(scratch);
    }
    const rest = new Uint8Array(file.length - ahead * PIECE);
    rest.set(file.subarray(0, header));
    rest.set(file.subarray(header + ahead * PIECE), header);
    outs.push(gz.finish(rest, header).gzip);
    files.push(file);
    gz = gz.next();
  }
  (await Promise.all(outs)).forEach((o, i) => assert.ok(Buffer.from(gunzipSync(o)).equals(files[i]), `file ${i}`));
});

test('crc32Combine agrees with the CRC of the bytes joined', () => {
  for (let t = 0; t < 300; t++) {
    const a = data((random() * 700) | 0, 'random');
    const b = data(t < 6 ? t * 1_000_003 : (random() * 70_000) | 0, t % 2 ? 'random' : 'text');
    const joined = new Uint8Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    assert.equal(crc32Combine(crc32(a), crc32(b), b.length), crc32(joined), `${a.length} + ${b.length}`);
  }
});

test('a raw deflate stream in pieces (report.csv) inflates to its input and is the same bytes however the input is pushed', async () => {
  for (const size of [0, 1, PIECE - 1, PIECE, PIECE + 1, 3 * PIECE + 777]) {
    for (const kind of ['text', 'random', 'repeat'] as const) {
      const input = data(size, kind);
      const outputs: Uint8Array[] = [];
      for (const pushes of ['whole', 'random']) {
        const chunks: Uint8Array[] = [];
        const z = deflateRawInPieces(6, (c) => chunks.push(c.slice()), crc32);
        for (let at = 0; at < size; ) {
          const n = pushes === 'whole' ? size : Math.min(size - at, 1 + ((random() * PIECE * 0.7) | 0));
          await z.write(input.subarray(at, at + n));
          at += n;
        }
        await z.end();
        const out = Buffer.concat(chunks);
        assert.ok(Buffer.from(inflateRawSync(out)).equals(Buffer.from(input)), `${size} ${kind} bytes pushed ${pushes}: inflates to the input`);
        outputs.push(out);
      }
      assert.ok(Buffer.from(outputs[0]).equals(Buffer.from(outputs[1])), `${size} ${kind} bytes: the same deflate pushed whole and in parts`);
    }
  }
});
