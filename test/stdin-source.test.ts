// Standard input: a list streams through once; an input that may be a sitemap is copied so it can be
// read twice, and the copy is removed at the close.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { stdinInput } from '../src/input/stdin-source.ts';
import { tempDir } from './helpers.ts';

async function* inPieces(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('latin1');
}

const enc = new TextEncoder();
const URLSET = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  Array.from({ length: 400 }, (_, i) => `<url><loc>https://www.example.com/${i}</loc></url>`).join('\n') + '\n</urlset>\n';

test('a list streams through once, with nothing copied', async () => {
  const folder = tempDir();
  const list = 'loc\n' + Array.from({ length: 2000 }, (_, i) => `https://www.example.com/${i}`).join('\n');
  const input = await stdinInput(inPieces(enc.encode(list)), folder);
  assert.equal(input.source.once, true);
  assert.deepEqual(readdirSync(folder), []);
  assert.equal(await read(input.source.chunks()), list);
  await input.close();
});

for (const [kind, bytes] of [
  ['a sitemap', enc.encode(URLSET)],
  ['a sitemap after a byte order mark and blank lines', enc.encode('\ufeff\n\n' + URLSET)],
  ['gzip (which may hold a sitemap)', new Uint8Array(gzipSync(URLSET))],
] as const) {
  test(`${kind} is copied, read twice alike, and the copy is gone at the close`, async () => {
    const folder = tempDir();
    const input = await stdinInput(inPieces(bytes), folder);
    assert.ok(!input.source.once);
    assert.equal(input.source.size, bytes.length);
    assert.equal(readdirSync(folder).length, 1);
    const first = await read(input.source.chunks());
    assert.equal(first, Buffer.from(bytes).toString('latin1'));
    assert.equal(await read(input.source.chunks()), first);
    await input.close();
    assert.deepEqual(readdirSync(folder), []);
  });
}

test('a folder the copy cannot go to is said in words, and so is a failing input', async () => {
  await assert.rejects(stdinInput(inPieces(enc.encode(URLSET)), '/nonexistent/sitemill'), {
    message: 'standard input looks like a sitemap, which is read twice, so it is copied to a temporary folder first; that failed in /nonexistent/sitemill (ENOENT): set TMPDIR to another folder',
  });
  const folder = tempDir();
  async function* breaking() {
    yield* inPieces(enc.encode(URLSET));
    throw Object.assign(new Error('i/o error'), { code: 'EIO' });
  }
  await assert.rejects(stdinInput(breaking(), folder), { message: 'cannot read standard input: EIO' });
  assert.deepEqual(readdirSync(folder), []);
});

test('a list is told from a sitemap on as many bytes as the input decoder looks at', async () => {
  // 5,000 blank lines before the root: past a first look of 4 KiB, within the decoder's.
  const input = await stdinInput(inPieces(enc.encode('\n'.repeat(5000) + URLSET), 4096), tempDir());
  assert.ok(!input.source.once);
  await input.close();
});
