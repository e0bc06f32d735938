// report.csv is written as bytes from the findings store: the same bytes, block for block, as the
// text each finding's fields make (the cells quoted and neutralised by csvCell).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '../src/generate/engine.ts';
import type { FindingStore } from '../src/generate/findings.ts';
import { csvCell, REPORT_HEADER, reportBlocks } from '../src/output/report.ts';
import { ByteBlock } from '../src/output/byte-block.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { BASE, NOW, source } from './helpers.ts';

const U = 'https://www.example.com';

/** The report as text, cut into blocks where a block passes `blockSize` characters. */
function* textBlocks(store: FindingStore, blockSize: number): Generator<string> {
  let block = REPORT_HEADER;
  for (let i = 0; i < store.length; i++) {
    const f = store.at(i);
    const line = f.input ? csvCell(`${f.input}:${f.line}`) : String(f.line);
    block += `${line},${f.column},${f.severity},${f.code},${csvCell(f.message)},${csvCell(f.value)},${csvCell(f.fixed)}\n`;
    if (block.length >= blockSize) {
      yield block;
      block = '';
    }
  }
  if (block) yield block;
}

const ROWS = [
  'loc,lastmod,priority',
  `${U}/a#top,2025-1-1,0.5`,
  `=HYPERLINK("x"),2025-01-01,1`,
  `"${U}/b?utm_source=x&q=""quoted"",comma",2025-01-01,+1`,
  `${U}/é ü/ñ#frag,-2025-01-01,@x`,
  `"${U}/multi\nline",\t2025,\r`,
  `${U}/long/${'x'.repeat(40_000)}#f,2025-01-01,0.5`,
  `/relative/path?utm_medium=y#z,2025-02-30,2`,
  `${U}/c,2025-01-01,0.5`,
];

test('report.csv as bytes: the text of every finding, in blocks that end where the text blocks end', async () => {
  const text = new TextEncoder().encode(ROWS.join('\n') + '\n');
  // Bytes that are not UTF-8 in a value: the report shows them as the text decoder reads them.
  // (A UTF-8 sequence elsewhere keeps the file UTF-8: that row alone is row-encoding.)
  const broken = Uint8Array.from([...new TextEncoder().encode(`loc\n${U}/café\n${U}/bad-`), 0xff, 0xfe, ...new TextEncoder().encode('#x\n')]);
  const result = await generate([source('one, "two".csv', text), source('=three.csv', broken)], { baseUrl: BASE, now: NOW }, nodePlatform);
  const store = result.findings;
  assert.ok(store.length >= 15, `${store.length} findings`);
  const values = Array.from({ length: store.length }, (_, i) => store.at(i).value);
  assert.deepEqual([values.some((v) => v.endsWith("…")), values.some((v) => v.includes("\ufffd")), values.some((v) => /[éü]/.test(v))], [true, true, true], JSON.stringify(values.map((v) => v.slice(0, 80))));
  for (const blockSize of [1, 64, 1000, 1 << 20]) {
    const expected = [...textBlocks(store, blockSize)].map((b) => new TextEncoder().encode(b));
    const actual = [...reportBlocks(store, blockSize)];
    assert.equal(actual.length, expected.length, `blocks of ${blockSize}`);
    for (const [k, block] of actual.entries()) assert.deepEqual(Buffer.from(block), Buffer.from(expected[k]), `block ${k} of ${blockSize}`);
  }
});

test('a run that keeps no findings writes them into report.csv as it goes: the zip is the same bytes, the summary the same', async () => {
  const text = new TextEncoder().encode(ROWS.join('\n') + '\n');
  // Enough findings for many drains and many report blocks: paths, fragments, hosts in capitals, duplicates.
  const many = ['loc', ...Array.from({ length: 60_000 }, (_, i) => [`/p/${i}#x`, `HTTPS://WWW.EXAMPLE.COM/q/${i % 20_000}`, `${U}/é/${i}`, `/d/${i % 7}`][i % 4])].join('\n');
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from({ length: 300 }, (_, i) => `  <url>\n    <loc>${U}/s/${i % 250}#top</loc>\n    <priority>${i % 3 ? '0.5' : '7'}</priority>\n  </url>`).join('\n')}\n</urlset>\n`;
  // Values with each byte a cell must quote, neutralise or decode, at each place around the core's
  // eight-byte steps (what it copies unseen must be plain).
  const tricky = ['loc'];
  for (const c of ['"', ',', '\t', '\r', '=', '+', '-', '@', '\x7f', '\x01', 'é', '#', ' ']) {
    for (const at of [0, 1, 7, 8, 9, 15, 16, 23]) {
      const path = 'abcdefghijklmnopqrstuvwxyz';
      const value = path.slice(0, at) + c + path.slice(at);
      tricky.push(`"${value.replace(/"/g, '""')}"`, `"/${value.replace(/"/g, '""')}"`);
    }
  }
  // The same bytes in a cell kept as read (an invalid lastmod), where the trimming of a loc cannot take them.
  const trickyDates = ['loc,lastmod', ...tricky.slice(1).map((v, i) => `${U}/t/${i},${v}`)];
  const inputs = () => [
    source('one, "two".csv', text, 4096),
    source('many.csv', many, 4096),
    source('published.xml', sitemap, 1000),
    source('tricky.csv', tricky.join('\n') + '\n', 512),
    source('tricky-dates.csv', trickyDates.join('\n') + '\n', 512),
  ];
  const kept = await generate(inputs(), { baseUrl: BASE, now: NOW }, nodePlatform);
  const streamed = await generate(inputs(), { baseUrl: BASE, now: NOW }, nodePlatform, { keepFindings: false });
  assert.ok(kept.findings.length > 60_000, `${kept.findings.length} findings`);
  assert.equal(streamed.findings.length, 0);
  assert.deepEqual(streamed.summary, kept.summary);
  assert.ok(Buffer.concat(streamed.zip).equals(Buffer.concat(kept.zip)), 'the same zip, byte for byte');
  // One input alone: its findings are told at their own lines, so the core writes the rows whose
  // texts are plain cells (a cut one too) and leaves the others, in their turn, to the engine.
  for (const one of inputs()) {
    const alone = () => [inputs().find((s) => s.name === one.name)!];
    const keptAlone = await generate(alone(), { baseUrl: BASE, now: NOW }, nodePlatform);
    const streamedAlone = await generate(alone(), { baseUrl: BASE, now: NOW }, nodePlatform, { keepFindings: false });
    assert.deepEqual(streamedAlone.summary, keptAlone.summary, one.name);
    assert.ok(Buffer.concat(streamedAlone.zip).equals(Buffer.concat(keptAlone.zip)), `${one.name}: the same zip, byte for byte`);
  }
});

test('a number in a report block is what String() writes, whole ones digit by digit', () => {
  const numbers = [0, 1, 9, 10, 99, 100, 12_345, 2 ** 32 - 1, 2 ** 32, -1, 1.5, NaN, 1e21];
  const block = new ByteBlock(8);
  for (const n of numbers) {
    block.number(n);
    block.ascii(',');
  }
  assert.equal(new TextDecoder().decode(block.bytes()), numbers.map((n) => `${n},`).join(''));
  assert.equal(block.units, block.bytes().length);
});
