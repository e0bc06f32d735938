// The browser's gzip as a file is written (platform/browser-deflate.ts StreamedGzip over the gzip
// pool, here on this thread as where no worker starts): whatever header it guessed, each file is the
// CompressionStream gzip of the whole file, byte for byte, and node:zlib inflates it to the file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { StreamedGzip } from '../src/platform/browser-deflate.ts';
import { GzipPool } from '../src/compress/gzip-pool.ts';
import { gzipHere } from '../src/compress/gzip-stream.ts';
import { PIECE } from '../src/compress/piece-size.ts';
import { urlsetHeader } from '../src/output/urlset.ts';
import { Namespace } from '../src/core/status.ts';
import { PiecedGzip } from '../src/compress/gzip-pieces.ts';
import { generate } from '../src/index.ts';
import { mulberry32, testSeed } from './random.ts';

const random = mulberry32(testSeed('gzip-as-written'));

function body(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let i = 0;
  while (i < n) for (const b of Buffer.from(`<url><loc>https://www.example.com/shop/item-${(random() * 1e6) | 0}</loc></url>\n`)) if (i < n) out[i++] = b;
  return out;
}

/** Writes one file as the engine does: whole pieces while more than a piece is left, then the close. */
async function write(gzip: StreamedGzip, header: Uint8Array, file: Uint8Array) {
  let at = 0;
  while (file.length - at > PIECE) {
    gzip.body(file.subarray(at, at + PIECE));
    at += PIECE;
  }
  const rest = new Uint8Array(header.length + file.length - at);
  rest.set(header);
  rest.set(file.subarray(at), header.length);
  const closed = gzip.finish(rest, header.length);
  return { ...closed, gz: await closed.gzip };
}

test('each file is the gzip of the whole file, with the guess right, wrong, or no header at all', async () => {
  assert.equal(typeof Worker, 'undefined', 'Node has no global Worker: the pool compresses on this thread');
  const plain = urlsetHeader(0);
  const images = urlsetHeader(1);
  const files: [string, Uint8Array, number][] = [
    ['first file, plain header as guessed', plain, 2 * PIECE + 777],
    ['header other than the one before', images, 3 * PIECE],
    ['same header as the one before', images, PIECE + 1],
    ['smaller than a piece', plain, 1000],
    ['exactly a piece: never handed over', plain, PIECE],
    ['back to the plain header', plain, 2 * PIECE + 5],
    ['a text sitemap: no header', new Uint8Array(0), PIECE + 99],
  ];
  let gzip = new StreamedGzip(new GzipPool(2), plain);
  for (const [what, header, n] of files) {
    const file = body(n);
    const { gz, size, head } = await write(gzip, header, file);
    gzip = gzip.next();
    const whole = new Uint8Array(header.length + n);
    whole.set(header);
    whole.set(file, header.length);
    assert.equal(size, whole.length, what);
    assert.ok(Buffer.from(head).equals(Buffer.from(whole.subarray(0, head.length))), `${what}: its head`);
    assert.ok(Buffer.from(gunzipSync(gz)).equals(whole), `${what}: inflates to the file`);
    assert.ok(Buffer.from(gz).equals(await gzipHere(whole.slice())), `${what}: the bytes of the whole file's gzip`);
  }
});

test('a file let go unfinished (a run that ended early) leaves the next one whole', async () => {
  const plain = urlsetHeader(0);
  const dropped = new StreamedGzip(new GzipPool(2), plain);
  dropped.body(body(PIECE));
  dropped.drop();
  const file = body(PIECE + 10);
  const { gz } = await write(dropped.next(), plain, file);
  assert.ok(Buffer.from(gunzipSync(gz)).equals(Buffer.concat([plain, file])));
});

test('the first file starts with the header its input\'s extension columns call for', async () => {
  const opened: Uint8Array[] = [];
  class Recording extends GzipPool {
    open(guess: Uint8Array) {
      opened.push(guess.slice());
      return super.open(guess);
    }
  }
  const plain = urlsetHeader(0);
  const gzip = new StreamedGzip(new Recording(1), plain);
  gzip.expect(urlsetHeader(Namespace.Image | Namespace.Xhtml));
  const file = body(PIECE + 1);
  await write(gzip, urlsetHeader(Namespace.Image | Namespace.Xhtml), file);
  assert.deepEqual(opened, [urlsetHeader(Namespace.Image | Namespace.Xhtml)], 'the stream opened on the expected header');
  // Once the body has gone ahead, what is learned later changes nothing.
  const next = gzip.next();
  next.body(body(PIECE));
  next.expect(plain);
  assert.equal(opened.length, 2);
  assert.deepEqual(opened[1], urlsetHeader(Namespace.Image | Namespace.Xhtml), 'the next file opens on the header the one before had');
  next.drop();
});

test('generate tells the output the namespaces of the input\'s extension columns', async () => {
  const expected: string[] = [];
  const original = PiecedGzip.prototype.expect;
  PiecedGzip.prototype.expect = function (header: Uint8Array) {
    expected.push(Buffer.from(header).toString());
  };
  try {
    const list = 'loc,image,hreflang:de,video:title\nhttps://www.example.com/a,https://www.example.com/a.jpg,https://www.example.com/de/a,\n';
    await generate(new TextEncoder().encode(list), { baseUrl: 'https://www.example.com/', now: '2026-01-01T00:00:00Z' });
  } finally {
    PiecedGzip.prototype.expect = original;
  }
  assert.deepEqual(expected, [Buffer.from(urlsetHeader(Namespace.Image | Namespace.Xhtml | Namespace.Video)).toString()]);
});
