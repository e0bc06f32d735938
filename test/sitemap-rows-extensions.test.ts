// sitemapRows carries the extension elements of a <url> (images, hreflang alternates, news, video)
// as the extension columns of SPEC section 5, so a sitemap the generator wrote reads back into the
// sitemap it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { sitemapRows } from '../src/check/index.ts';
import { decodeInput } from '../src/input/decode.ts';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { concatParts, readZip, run, source, tempDir, xmllint, BASE, NOW } from './helpers.ts';
import { url, urlset, U } from './check-helpers.ts';

const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const VIDEO = ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
const CORE = 'loc\tlastmod\tchangefreq\tpriority';

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new TextDecoder().decode(concatParts(parts));
}

async function rowsOf(name: string, data: string | Uint8Array, notes: string[] = []): Promise<string> {
  return text(sitemapRows(source(name, data), nodePlatform, (n) => notes.push(n)));
}

/** The generator run on a sitemap, a .gz or a zip of them, read through sitemapRows. */
async function regenerate(name: string, data: Uint8Array, notes: string[]) {
  const rows = { name, chunks: () => sitemapRows(source(name, data, 4096), nodePlatform, (n) => notes.push(n)) };
  const result = await generate([rows], { baseUrl: BASE, now: NOW, maxUrls: 10 }, nodePlatform);
  return readZip(concatParts(result.zip));
}

function csvCell(v: string): string {
  return /[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Thirty rows, ten to a file: the first file plain, the second with images and alternates (the first
 * of its rows without English), the third with news, video and alternates in another mix.
 */
function list(): string {
  const head = ['loc', 'image', 'hreflang:en', 'hreflang:de', 'hreflang:fr', 'news:publication_name', 'news:publication_language',
    'news:publication_date', 'news:title', 'video:thumbnail_loc', 'video:title', 'video:description', 'video:content_loc',
    'video:duration', 'video:restriction', 'video:restriction_relationship', 'video:tag'];
  const rows = [head.join(',')];
  for (let i = 0; i < 30; i++) {
    const loc = `${U}/p${i}`;
    const cells = Array<string>(head.length).fill('');
    cells[0] = loc;
    if (i >= 10 && i < 20) {
      cells[1] = i % 3 ? `https://cdn.example.net/${i}.png | https://cdn.example.net/${i}b.png` : '';
      if (i !== 10) cells[2] = loc;
      cells[3] = `${U}/de/p${i}`;
      if (i % 2) cells[4] = `${U}/fr/p${i}`;
    }
    if (i >= 20) {
      if (i % 2) cells.splice(5, 4, 'The Daily & Co', 'en', '2025-12-31T10:00:00Z', `Story "${i}" | part <b>`);
      if (i % 3) {
        cells.splice(9, 8, 'https://cdn.example.net/t.jpg', `Video ${i}`, `About\tthis\nand that`, 'https://cdn.example.net/v.mp4', '60',
          'IE GB', 'deny', 'bbq | summer');
      }
      if (i > 24) cells[4] = `${U}/fr/p${i}`;
    }
    rows.push(cells.map(csvCell).join(','));
  }
  return rows.join('\n') + '\n';
}

/** The sitemaps and index of a run, inflated. */
function sitemaps(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).filter(([n]) => n.startsWith('sitemap-')));
}

test('a set the generator wrote, read back as the input, gives the same sitemaps byte for byte', async () => {
  const first = await run(list(), { maxUrls: 10 });
  // Every value is written: the only findings are rows whose alternates leave their own URL out.
  assert.deepEqual([...new Set(first.findings.map((f) => f.code))], ['hreflang-missing-self']);
  const written = sitemaps(first.files);
  assert.deepEqual(Object.keys(written).sort(), ['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-3.xml.gz', 'sitemap-index.xml']);
  assert.ok(!written['sitemap-1.xml.gz'].includes('xmlns:image'), 'the first file is plain');
  assert.ok(written['sitemap-3.xml.gz'].includes('<video:description>About\tthis\nand that</video:description>'));
  const zipped = unzipSync(first.zip);
  const inputs: [string, Uint8Array][] = [
    ['set.zip', first.zip],
    ['sitemap-2.xml.gz', zipped['sitemap-2.xml.gz']],
    ['sitemap-3.xml', gunzipSync(zipped['sitemap-3.xml.gz'])],
  ];
  const dir = tempDir();
  for (const [name, data] of inputs) {
    const notes: string[] = [];
    const again = sitemaps(await regenerate(name, data, notes));
    assert.deepEqual(notes, [], name);
    if (name === 'set.zip') assert.deepEqual(again, written);
    else assert.equal(again['sitemap-1.xml.gz'], written[name.replace(/(\.gz)?$/, '.gz')], name);
    for (const [file, xml] of Object.entries(again)) {
      const path = join(dir, `${name}-${file}`.replace(/\.gz$/, ''));
      writeFileSync(path, xml);
      const v = xmllint(file.startsWith('sitemap-index') ? 'siteindex.xsd' : 'all.xsd', path);
      assert.equal(v.status, 0, v.output);
    }
  }
});

test('the rows: extension columns after the core ones, hreflang codes in the order the <url>s give them', async () => {
  const xml = urlset(
    url(`${U}/a`, `<xhtml:link rel="alternate" hreflang="de" href="${U}/de/a"/><image:image><image:loc>https://cdn.example.net/a&amp;b.png</image:loc></image:image>`) +
      url(`${U}/b`, `<xhtml:link rel="alternate" hreflang="en" href="${U}/b"/><xhtml:link rel="alternate" hreflang="de" href="${U}/de/b"/>`) +
      url(`${U}/c`, '<video:video><video:title>Tab\there</video:title><video:tag>x</video:tag><video:tag>y</video:tag></video:video>'),
    XHTML + IMAGE + VIDEO,
  );
  assert.equal(
    await rowsOf('a.xml', xml),
    `${CORE}\timage\threflang:en\threflang:de\tvideo:title\tvideo:tag\n\n` +
      `${U}/a\t\t\t\thttps://cdn.example.net/a&b.png\t\t${U}/de/a\t\t\n` +
      `${U}/b\t\t\t\t\t${U}/b\t${U}/de/b\t\t\n` +
      `${U}/c\t\t\t\t\t\t\t"Tab\there"\tx | y\n`,
  );
});

test('a plain sitemap gives the rows it always gave, whatever namespaces its root declares', async () => {
  const body = url(`${U}/a`, '<lastmod>2025-01-01</lastmod>') + url(`${U}/b`, '<priority>0.5</priority>');
  const rows = `${CORE}\n\n${U}/a\t2025-01-01\t\t\n${U}/b\t\t\t0.5\n`;
  assert.equal(await rowsOf('plain.xml', urlset(body)), rows);
  assert.equal(await rowsOf('declared.xml', urlset(body, IMAGE + XHTML + VIDEO)), rows);
});

test('a value holding " | " cannot share a cell: it is left out and counted in one note', async () => {
  const xml = urlset(
    url(`${U}/a`, '<image:image><image:loc>https://cdn.example.net/a | b.png</image:loc></image:image>' +
      '<image:image><image:loc>https://cdn.example.net/ok.png</image:loc></image:image>' +
      `<xhtml:link rel="alternate" hreflang="en" href="${U}/a?x= | y"/>`) +
      url(`${U}/b`, '<video:video><video:title>One | two</video:title><video:tag>bbq | grill</video:tag></video:video>'),
    IMAGE + XHTML + VIDEO,
  );
  const notes: string[] = [];
  const rows = await rowsOf('pipes.xml', xml, notes);
  assert.equal(rows.split('\n')[0], `${CORE}\timage\tvideo:title`);
  assert.ok(rows.includes(`${U}/a\t\t\t\thttps://cdn.example.net/ok.png\t\n`), rows);
  assert.ok(rows.includes(`${U}/b\t\t\t\t\tOne | two\n`), 'a column of one value takes it whole');
  assert.deepEqual(notes, ['pipes.xml: 3 extension elements not carried into the rows: 3 holding " | ", which separates the values of a cell']);
});

test('a value that starts with `| `, or is `|`, would part at the cell’s edge: left out with a note, never read as another URL', async () => {
  const xml = urlset(
    url(`${U}/a`, '<image:image><image:loc>| https://cdn.example.net/x.png</image:loc></image:image>' +
      '<image:image><image:loc>|</image:loc></image:image>' +
      '<image:image><image:loc>https://cdn.example.net/ok.png</image:loc></image:image>'),
    IMAGE,
  );
  const notes: string[] = [];
  const rows = await rowsOf('edges.xml', xml, notes);
  assert.ok(rows.includes(`${U}/a\t\t\t\thttps://cdn.example.net/ok.png\n`), rows);
  assert.deepEqual(notes, ['edges.xml: 2 extension elements not carried into the rows: 2 holding " | ", which separates the values of a cell']);
});

test('what no column holds is counted: a second video, a field without a column, a namespace declared below the root', async () => {
  const video = (title: string) => `<video:video><video:title>${title}</video:title></video:video>`;
  const a = urlset(url(`${U}/a`, `${video('First')}${video('Second')}<image:image><image:loc>https://cdn.example.net/a.png</image:loc><image:caption>Old</image:caption></image:image>`), VIDEO + IMAGE);
  // b.xml declares its namespaces on the <url>: its image has a column (a.xml uses it), its alternate none.
  const b = urlset(`<url${IMAGE + XHTML}><loc>${U}/b</loc><image:image><image:loc>https://cdn.example.net/b.png</image:loc></image:image>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${U}/b"/></url>\n`);
  const notes: string[] = [];
  const { zipSync } = await import('fflate');
  const rows = await rowsOf('set.zip', zipSync({ 'a.xml': new TextEncoder().encode(a), 'b.xml': new TextEncoder().encode(b) }), notes);
  assert.equal(rows.split('\n')[0], `${CORE}\timage\tvideo:title`);
  assert.ok(rows.includes(`${U}/a\t\t\t\thttps://cdn.example.net/a.png\tFirst\n`), rows);
  assert.ok(rows.includes(`${U}/b\t\t\t\thttps://cdn.example.net/b.png\t\n`), rows);
  assert.equal(notes.length, 1);
  assert.match(notes[0], /^set\.zip: 3 extension elements not carried into the rows: /);
  for (const reason of ['1 a second <video:video> in one <url>', '1 <image:caption>, which has no column', '1 under a column the first reading did not find']) {
    assert.ok(notes[0].includes(reason), `${reason} in ${notes[0]}`);
  }
});

test('decodeInput reads a sitemap twice when it can, and says what it left out when it cannot', async () => {
  const xml = urlset(url(`${U}/a`, '<image:image><image:loc>https://cdn.example.net/a.png</image:loc></image:image>'), IMAGE);
  const input = source('a.xml', xml);
  const notes: string[] = [];
  const twice = await text(decodeInput('a.xml', input.chunks(), nodePlatform, (n) => notes.push(n), () => {}, () => input.chunks()));
  assert.equal(twice, await rowsOf('a.xml', xml));
  assert.deepEqual(notes, []);
  const onceNotes: string[] = [];
  const once = await text(decodeInput('a.xml', input.chunks(), nodePlatform, (n) => onceNotes.push(n)));
  assert.equal(once, `${CORE}\n\n${U}/a\t\t\t\n`);
  assert.deepEqual(onceNotes, ['a.xml: 1 extension element not carried into the rows: 1 as the input could be read only once']);
});

test('an hreflang that is no language code is left out and counted, and cannot take over the columns', async () => {
  const links = [
    `<xhtml:link rel="alternate" hreflang="${'x'.repeat(1000)}" href="${U}/long"/>`,
    `<xhtml:link rel="alternate" hreflang="x,url" href="${U}/comma"/>`,
    `<xhtml:link rel="alternate" hreflang="de" href="${U}/de/a"/>`,
  ].join('');
  const xml = urlset(url(`${U}/a`, links) + url(`${U}/b`), XHTML);
  const notes: string[] = [];
  const result = await generate([source('a.xml', xml)], { baseUrl: BASE, now: NOW }, nodePlatform, {});
  assert.equal(result.summary.accepted, 2, JSON.stringify(result.summary.codes));
  assert.deepEqual(Object.keys(result.summary.codes).filter((c) => c.startsWith('row-') || c.startsWith('loc-')), []);
  const rows = await rowsOf('a.xml', xml, notes);
  assert.equal(rows.split('\n')[0], `${CORE}\threflang:de`);
  assert.match(notes[0], /2 <xhtml:link> whose hreflang is no language code/);
});

test('the extension text one <url> may carry is counted in UTF-8 bytes, and the loc is kept past it', async () => {
  const image = (i: number) => `<image:image><image:loc>https://cdn.example.net/${'語'.repeat(1500)}/${i}.png</image:loc></image:image>`;
  const xml = urlset(url(`${U}/a`, Array.from({ length: 1500 }, (_, i) => image(i)).join('')) + url(`${U}/b`), IMAGE);
  const notes: string[] = [];
  const result = await generate([source('a.xml', xml)], { baseUrl: BASE, now: NOW }, nodePlatform, {});
  assert.equal(result.summary.accepted, 2, JSON.stringify(result.summary.codes));
  assert.equal(result.summary.codes['row-malformed'], undefined);
  await rowsOf('a.xml', xml, notes);
  assert.match(notes[0], /past the 6 MiB of extension text one <url> may carry/);
});

test('a source that hands out one stream twice keeps every row: the extension columns are left out and said', async () => {
  const xml = urlset(Array.from({ length: 5000 }, (_, i) => url(`${U}/p${i}`, `<image:image><image:loc>https://cdn.example.net/${i}.png</image:loc></image:image>`)).join(''), IMAGE);
  const stream = source('a.xml', xml, 4096).chunks();
  const result = await generate([{ name: 'a.xml', chunks: () => stream }], { baseUrl: BASE, now: NOW }, nodePlatform, {});
  assert.equal(result.summary.accepted, 5000);
  assert.deepEqual(result.summary.notes, ['a.xml: 5000 extension elements not carried into the rows: 5000 as the input could be read only once']);
});

test('cancelling a gzipped input mid-run rejects with an AbortError, and nothing is left unhandled', async () => {
  const { gzipSync } = await import('node:zlib');
  const gz = gzipSync('loc\n' + Array.from({ length: 300_000 }, (_, i) => `${U}/p/${i}`).join('\n'));
  for (const name of ['list.csv.gz', 'sitemap.xml.gz']) {
    const data = name.startsWith('list') ? gz : gzipSync(urlset(Array.from({ length: 100_000 }, (_, i) => url(`${U}/p${i}`)).join('')));
    const controller = new AbortController();
    const run = generate([source(name, data, 4096)], { baseUrl: BASE, now: NOW }, nodePlatform, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.bytesRead > 0) controller.abort();
      },
    });
    await assert.rejects(run, (e: Error) => e.name === 'AbortError', name);
  }
});

test('progress counts the reading ahead on both sides: it ends at its total, and the manifest keeps the input size', async () => {
  const xml = urlset(Array.from({ length: 2000 }, (_, i) => url(`${U}/p/${i}`, `<image:image><image:loc>https://cdn.example.net/${i}.png</image:loc></image:image>`)).join(''), IMAGE);
  const input = { ...source('with-images.xml', xml, 4096), size: Buffer.byteLength(xml) };
  const seen: { bytesRead: number; bytesTotal: number | undefined }[] = [];
  const result = await generate([input], { baseUrl: BASE, now: NOW }, nodePlatform, { onProgress: (p) => seen.push(p) });
  const last = seen[seen.length - 1];
  assert.deepEqual(last, { ...last, bytesRead: 2 * input.size, bytesTotal: 2 * input.size }, 'read twice, and the total says so');
  assert.ok(seen.every((p) => p.bytesRead <= p.bytesTotal!), 'never past the total');
  assert.equal(result.summary.accepted, 2000);
  const manifest = JSON.parse(readZip(concatParts(result.zip))['manifest.json']);
  assert.deepEqual(manifest.inputs, [{ name: 'with-images.xml', bytes: input.size, rows: 2000 }]);
  // A sitemap whose root declares no extension is left at its root: the reading ahead costs next to nothing.
  const plain = urlset(Array.from({ length: 30000 }, (_, i) => url(`${U}/p/${i}`)).join(''));
  const seenPlain: { bytesRead: number }[] = [];
  await generate([{ ...source('plain.xml', plain, 1 << 16), size: plain.length }], { baseUrl: BASE, now: NOW }, nodePlatform, { onProgress: (p) => seenPlain.push(p), onZipChunk: () => {} });
  const plainRead = seenPlain[seenPlain.length - 1].bytesRead;
  assert.ok(plainRead < plain.length * 1.1, `${plainRead} bytes counted for ${plain.length}`);
});

test('generating from a sitemap, a finding on an image or an alternate is on its element\'s line', async () => {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${IMAGE}${XHTML}>`,
    '  <url>',
    `    <loc>${U}/a</loc>`,
    '    <image:image>',
    '      <image:loc>https://cdn.example.net/a.png</image:loc>',
    '    </image:image>',
    '    <image:image>',
    '      <image:loc>ftp://cdn.example.net/b.png</image:loc>', // line 9
    '    </image:image>',
    `    <xhtml:link rel="alternate" hreflang="en" href="${U}/a"/>`,
    '    <xhtml:link rel="alternate" hreflang="de" href="nowhere"/>', // line 12
    '  </url>',
    '</urlset>',
    '',
  ].join('\n');
  const result = await generate([source('a.xml', xml)], { baseUrl: BASE, now: NOW }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  const at = (code: string) => findings.filter((f) => f.code === code).map((f) => f.line);
  assert.deepEqual(at('image-invalid'), [9]);
  assert.deepEqual(at('hreflang-url-invalid'), [12]);
});
