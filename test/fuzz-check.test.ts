// Random and mutated XML into the audit: for every input, findings instead of a crash or a hang.
// `npm run fuzz` runs many more cases (FUZZ_CASES, SEED).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { checkFiles } from '../src/check/index.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { mulberry32, testSeed } from './random.ts';
import { NOW } from './helpers/run-values.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 150);
const SEED = testSeed('fuzz-check.test.ts');
const U = 'https://www.example.com';

const VALID = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ...Array.from({ length: 20 }, (_, i) => `<url><loc>${U}/p/${i}?a=1&amp;b=2</loc><lastmod>2025-01-0${1 + (i % 9)}</lastmod><changefreq>daily</changefreq><priority>0.${i % 10}</priority><image:image><image:loc>${U}/i/${i}.png</image:loc></image:image></url>`),
  '</urlset>',
  '',
].join('\n');

const SNIPPETS = ['<', '>', '&', '&amp;', '&#0;', ']]>', '<![CDATA[x]]>', '<!DOCTYPE x [<!ENTITY a "b">]>', '<!--', '-->', '<?pi x?>',
  '</url>', '<url>', '<loc>', '</loc>', '<sitemapindex>', 'xmlns="x"', '"', "'", '\0', '\uffff', '\ud800', 'é', '\r\n', ' ', '='];

function mutate(rand: () => number, text: string): string {
  let s = text;
  const edits = 1 + Math.floor(rand() * 8);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rand() * (s.length + 1));
    const k = rand();
    if (k < 0.35) s = s.slice(0, at) + SNIPPETS[Math.floor(rand() * SNIPPETS.length)] + s.slice(at);
    else if (k < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 40));
    else if (k < 0.75) s = s.slice(0, at);
    else if (k < 0.9) s = s.slice(0, at) + s.slice(Math.floor(rand() * s.length), Math.floor(rand() * s.length)) + s.slice(at);
    else s = s.slice(0, at) + String.fromCharCode(Math.floor(rand() * 0x3000)) + s.slice(at);
  }
  return s;
}

function randomBytes(rand: () => number): Uint8Array {
  return Uint8Array.from({ length: Math.floor(rand() * 3000) }, () => (rand() < 0.6 ? 0x20 + Math.floor(rand() * 95) : Math.floor(rand() * 256)));
}

test(`mutated and random XML through the audit: findings, never a crash (${CASES} cases, seed ${SEED})`, { timeout: 300_000 }, async () => {
  for (let c = 0; c < CASES; c++) {
    const seed = (SEED + c) >>> 0;
    const rand = mulberry32(seed);
    const kind = rand();
    let bytes: Uint8Array =
      kind < 0.7 ? new TextEncoder().encode(mutate(rand, VALID)) : kind < 0.85 ? randomBytes(rand) : new TextEncoder().encode('<' + mutate(rand, '?xml version="1.0"?><rss><channel><item><link>https://www.example.com/x</link></item></channel></rss>'));
    if (rand() < 0.2) {
      const gz = gzipSync(bytes);
      bytes = rand() < 0.5 ? gz : gz.subarray(0, Math.floor(rand() * gz.length));
    }
    const chunk = 1 + Math.floor(rand() * 4096);
    let readings = 0;
    let pulled = 0;
    const source = {
      name: `case-${seed}.xml`,
      async *chunks() {
        readings++;
        for (let i = 0; i < bytes.length; i += chunk) {
          pulled += Math.min(chunk, bytes.length - i);
          yield bytes.subarray(i, i + chunk);
        }
      },
    };
    let result;
    try {
      result = await checkFiles([source], { now: NOW }, nodePlatform);
    } catch (e) {
      assert.fail(`seed ${seed}: the audit threw ${(e as Error).stack}`);
    }
    // No input is read over and over: a survey, the check, and a reading to place duplicates at most.
    // (A hang in the scanner itself is stopped by the test's timeout.)
    assert.ok(readings <= 3 && pulled <= 3 * bytes.length, `seed ${seed}: ${readings} readings, ${pulled} bytes of ${bytes.length}`);
    assert.equal(result.files.length, 1, `seed ${seed}`);
    const counted = Object.values(result.codes).reduce((a, b) => a + b, 0);
    assert.equal(counted, result.findings.length, `seed ${seed}: codes add up to the findings`);
  }
});
