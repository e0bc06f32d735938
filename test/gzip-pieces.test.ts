// The pieced gzip against inflaters we did not write: node:zlib and the system's `gzip -t`, over
// sizes around the piece boundaries, every level, and data from random bytes to long repeats (where
// matches reach back across pieces through the primed window). Each runs with the pieces deflated on
// libuv's pool and on the deflate threads (from the build: a thread cannot load TypeScript source).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { gunzipSync, gzipSync, crc32 } from 'node:zlib';
import { deflateOnPool, gzipInPieces, PiecedGzip, PIECE, type DeflatePiece } from '../src/gzip-pieces.ts';
import { DeflateThreads } from '../lib/deflate-threads.js';
import { crc32Combine } from '../src/crc32-combine.ts';
import { mulberry32, testSeed } from './random.ts';
import { tempFile } from './helpers.ts';

const random = mulberry32(testSeed('gzip-pieces'));

const threads = new DeflateThreads(2);
const deflaters: [string, DeflatePiece][] = [
  ['on the pool', deflateOnPool(crc32)],
  ['on threads', (data, level, dictionary, last) => threads.deflate(data, level, dictionary, last)],
];

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

for (const [where, deflate] of deflaters) {
  test(`inflates to the input, at every size around a piece and every level, ${where}`, async () => {
    const sizes = [0, 1, 100, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 12345, 3 * PIECE];
    for (const n of sizes) {
      for (const kind of ['random', 'text', 'repeat'] as const) {
        const input = data(n, kind);
        for (const level of n > PIECE ? [1, 6, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
          const out = await gzipInPieces(input.slice(), level, deflate);
          assert.ok(Buffer.from(gunzipSync(out)).equals(input), `${kind} ${n} level ${level}`);
        }
      }
    }
  });
}

for (const [where, deflate] of deflaters) {
  test(`one piece is exactly what zlib writes; many stay within 0.5% of its size, ${where}`, async () => {
    const small = data(PIECE, 'text');
    assert.ok(Buffer.from(await gzipInPieces(small.slice(), 6, deflate)).equals(gzipSync(small, { level: 6 })));
    const big = data(8 * PIECE + 7, 'text');
    const pieced = await gzipInPieces(big.slice(), 6, deflate);
    const one = gzipSync(big, { level: 6 });
    assert.ok(pieced.length < one.length * 1.005, `${pieced.length} vs ${one.length}`);
  });
}

for (const [where, deflate] of deflaters) {
  test(`the system gzip finds nothing wrong with it, ${where}`, async () => {
    const input = data(3 * PIECE + 5, 'text');
    const path = tempFile('pieces.gz', await gzipInPieces(input.slice(), 6, deflate));
    execFileSync('gzip', ['-t', path]);
    assert.ok(execFileSync('gzip', ['-dc', path], { maxBuffer: 8 * PIECE }).equals(input));
  });
}

for (const [where, deflate] of deflaters) {
  test(`files compressed side by side each come out whole, ${where}`, async () => {
    const inputs = Array.from({ length: 6 }, (_, i) => data(PIECE + i * 300_001, 'text'));
    const outs = await Promise.all(inputs.map((d) => gzipInPieces(d.slice(), 6, deflate)));
    outs.forEach((o, i) => assert.ok(Buffer.from(gunzipSync(o)).equals(inputs[i]), `file ${i}`));
  });
}

for (const [where, deflate] of deflaters) {
  test(`a body handed over in pieces while it is written: the same bytes however many went ahead, ${where}`, async () => {
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
        const gz = new PiecedGzip(6, deflate);
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
}

for (const [where, deflate] of deflaters) {
  test(`a piece of any other size is refused, ${where}`, () => {
    assert.throws(() => new PiecedGzip(6, deflate).body(new Uint8Array(PIECE - 1)), /a body piece of/);
  });
}

for (const [where, deflate] of deflaters) {
  test(`files one after another share piece buffers, and each comes out whole, ${where}`, async () => {
    let gz = new PiecedGzip(6, deflate);
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
}

test('a thread that cannot deflate a piece refuses it in words', async () => {
  await assert.rejects(threads.deflate(new Uint8Array(100), 42, null, true), /gzip failed/);
  const d = await threads.deflate(new Uint8Array(PIECE), 6, null, true);
  assert.equal(d.crc, crc32(new Uint8Array(PIECE)), 'the threads still work after a refusal');
});

test('threads with nothing to do leave the process free to end', () => {
  // One job, then two at once (a second thread starts): the process must end by itself after both.
  const script = `
    import { DeflateThreads } from ${JSON.stringify(new URL('../lib/deflate-threads.js', import.meta.url).href)};
    const threads = new DeflateThreads(2);
    await threads.deflate(new Uint8Array(1 << 20), 6, null, true);
    await Promise.all([threads.deflate(new Uint8Array(1 << 20), 6, null, true), threads.deflate(new Uint8Array(1 << 20), 6, null, true)]);
    console.log('deflated');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.signal, null, 'the process did not end by itself');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'deflated');
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
