// The shared gzip framing over the browser's raw inflater (DecompressionStream), in Chromium, held
// to the gzip program on the cases the Node test reads (test/helpers/gzip-cases.ts): members, header
// fields, zero padding, junk after the data, cut and corrupted files, in chunks of any size.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launch, type Browser } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/cli.ts';
import { assertReadAsGzip, gzipCase, gzipProgram, type Read } from '../helpers/gzip-cases.ts';
import { mulberry32, testSeed } from '../random.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 80);

let browser: Browser;
let page: Page;
let work: string;

/** test/helpers/gunzip-page.ts and what it imports, as one script. */
async function bundle(): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: path.join(ROOT, 'test/helpers/gunzip-page.ts'), formats: ['iife'], name: 'gunzipPageBundle' } },
  });
  const output = (Array.isArray(built) ? built[0] : built) as { output: { type: string; code?: string }[] };
  const chunk = output.output.find((o) => o.type === 'chunk');
  assert.ok(chunk?.code, 'the bundle has its script');
  return chunk.code;
}

describe('gzip read in the browser as the gzip program reads it', { timeout: 600_000 }, () => {
  before(async () => {
    const code = await bundle();
    work = await mkdtemp(path.join(tmpdir(), 'sitemill-gunzip-browser-'));
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
  });

  after(async () => {
    await browser?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(`reads ${CASES} generated files as gzip -dc does`, async () => {
    const seed = testSeed('browser/gunzip-members.test.ts');
    const r = mulberry32(seed);
    for (let i = 0; i < CASES; i++) {
      const c = gzipCase(r);
      const got = (await page.evaluate(
        ([b64, sizes]) => (globalThis as unknown as { gunzipPage: { read(b64: string, sizes: number[]): Promise<Read> } }).gunzipPage.read(b64, sizes),
        [Buffer.from(c.file).toString('base64'), c.sizes] as const,
      )) as Read;
      assertReadAsGzip(c, gzipProgram(c, work), got, `seed ${seed}, case ${i}`);
    }
  });

  it('inflates a bomb as it is read: a few KiB of input pulled for the first output chunk', async () => {
    const bomb = gzipSync(new Uint8Array(128 << 20), { level: 9 }); // about 130 KB that inflate to 128 MiB
    const got = (await page.evaluate(
      (b64) => (globalThis as unknown as { gunzipPage: { pulledForFirstChunk(b64: string): Promise<{ pulled: number; total: number; first: number }> } }).gunzipPage.pulledForFirstChunk(b64),
      bomb.toString('base64'),
    )) as { pulled: number; total: number; first: number };
    assert.ok(got.first > 0, 'a first chunk came out');
    assert.equal(got.total, bomb.length);
    // The header, and a piece or two written before the reads waiting ran short: not the 130 KB.
    assert.ok(got.pulled <= 4096, `${got.pulled} of ${got.total} bytes pulled`);
  });
});
