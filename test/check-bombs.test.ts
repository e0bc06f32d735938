// Hostile archives for the audit: a gzip or zip entry that inflates far past the protocol's limit is
// cut at 52,428,800 bytes (file-too-large) in flat memory, never inflated further. The work is
// counted (bytes pulled and inflated, RSS sampled as they pass), not timed: the machine may be busy.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGzip } from 'node:zlib';
import { Inflate, Zip, ZipDeflate } from 'fflate';
import { check, checkCounted, rssSampler, SM_NS, U, url, urlset } from './check-helpers.ts';

const MB = 1 << 20;
const LIMIT = 52428800;
const OPEN = new TextEncoder().encode(`<urlset xmlns="${SM_NS}">\n<url><loc>${U}/a</loc></url>\n`);

/** `head` then `mb` MiB of one byte, gzipped as a stream (the bomb is never whole in memory). */
async function gzipBomb(head: Uint8Array, fill: number, mb: number): Promise<Uint8Array> {
  const gz = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gz.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((resolve) => gz.on('end', resolve));
  gz.write(head);
  const block = new Uint8Array(MB).fill(fill);
  for (let i = 0; i < mb; i++) if (!gz.write(block)) await new Promise((resolve) => gz.once('drain', resolve));
  gz.end();
  await ended;
  return new Uint8Array(Buffer.concat(out));
}

/** Small slices of the compressed input, so that where its reading stopped shows. */
const SLICE = 4096;

test('a gzip bomb of white space inside <urlset> is cut at the limit: file-too-large, flat memory', async () => {
  const bomb = await gzipBomb(OPEN, 0x20, 200);
  assert.ok(bomb.length < 400_000, `${bomb.length} bytes compressed`);
  const { r, work } = await checkCounted({ 'bomb.xml.gz': bomb, 'after.xml': urlset(url(`${U}/b`)) }, {}, SLICE);
  // Inflated to the limit and a little past it (the inflater's last output), not the 200 MiB in it.
  assert.ok(work.inflated < LIMIT + 4 * MB, `${work.inflated} bytes inflated`);
  assert.ok(work.pulled < bomb.length / 2, `${work.pulled} of ${bomb.length} compressed bytes read: the rest is left unread`);
  assert.ok(work.rssGrowth < 100 * MB, `memory grew by ${(work.rssGrowth / MB).toFixed(0)} MiB`);
  const f = r.findings.find((x) => x.code === 'file-too-large');
  assert.ok(f, JSON.stringify(r.findings));
  assert.equal(f.file, 'bomb.xml.gz');
  assert.equal(f.line, 3);
  assert.match(f.message, /reading stopped/);
  assert.deepEqual(r.files.map((x) => [x.name, x.urls, x.bytes]), [
    ['bomb.xml.gz', 1, LIMIT],
    ['after.xml', 1, r.files[1].bytes],
  ]);
  assert.deepEqual(Object.keys(r.codes), ['file-too-large'], 'the file after the bomb is read as usual');
});

test('a gzip bomb of zeros is refused from its first bytes, without inflating the rest', async () => {
  const bomb = await gzipBomb(new Uint8Array(0), 0, 200);
  const { r, work } = await checkCounted({ 'zeros.gz': bomb }, {}, SLICE);
  // Each reading inflates one output of the inflater (256 KiB) and stops.
  assert.ok(work.inflated <= 2 * MB, `${work.inflated} bytes inflated`);
  assert.ok(work.pulled <= 16 * SLICE, `${work.pulled} of ${bomb.length} compressed bytes read`);
  assert.deepEqual(r.findings.map((f) => `${f.file}:${f.line} ${f.code} ${f.message}`), ['zeros.gz:0 xml-root not a sitemap: the file is binary data']);
  assert.ok(r.files[0].bytes < 2 * MB, `${r.files[0].bytes} bytes inflated`);
  // Zeros after a real start: the scanner stops at the first NUL.
  const late = await check({ 'late.xml.gz': await gzipBomb(OPEN, 0, 200) });
  assert.deepEqual(late.findings.map((f) => `${f.line} ${f.code}`), ['3 xml-malformed']);
});

test('a zip entry that inflates past the limit is cut, and the entries after it are read', async () => {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  const entry = new ZipDeflate('bomb.xml', { level: 1 });
  zip.add(entry);
  entry.push(OPEN);
  const block = new Uint8Array(MB).fill(0x20);
  for (let i = 0; i < 100; i++) entry.push(block);
  entry.push(new Uint8Array(0), true);
  const next = new ZipDeflate('next.xml');
  zip.add(next);
  next.push(new TextEncoder().encode(urlset(url(`${U}/b`, '<priority>7</priority>'))), true);
  zip.end();
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (data.set(p, at), at + p.length), 0);

  // The zip is inflated by fflate, not the platform: its Inflate is counted at the source.
  let inflated = 0;
  const rss = rssSampler();
  const push = Inflate.prototype.push;
  Inflate.prototype.push = function (this: Inflate, chunk: Uint8Array, final?: boolean) {
    const counted = this as Inflate & { counted?: true };
    if (!counted.counted) {
      const ondata = this.ondata;
      this.ondata = (d, f) => {
        inflated += d.length;
        rss.sample();
        ondata(d, f);
      };
      counted.counted = true;
    }
    push.call(this, chunk, final);
  };
  let r;
  try {
    r = await check({ 'set.zip': data });
  } finally {
    Inflate.prototype.push = push;
  }
  // The bomb entry is inflated to the limit and muted there; its other ~50 MiB are skipped.
  assert.ok(inflated < LIMIT + 16 * MB, `${inflated} bytes inflated`);
  assert.ok(rss.growth < 100 * MB, `memory grew by ${(rss.growth / MB).toFixed(0)} MiB`);
  assert.deepEqual(
    r.findings.map((f) => `${f.file}:${f.line} ${f.code}`),
    ['set.zip/bomb.xml:3 file-too-large', 'set.zip/next.xml:3 xml-schema'],
  );
});
