// SPEC section 5: images, hreflang alternates, news and video — every code, the written elements,
// namespaces only where used, byte counting with extensions, and schema validity (all.xsd).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, NOW, run, source, tempDir, xmllint } from './helpers.ts';
import { testCore } from './helpers/test-core.ts';
import { generateOn } from '../src/generate/engine.ts';
import { resolveOptions } from '../src/generate/options.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { mulberry32, testSeed } from './random.ts';
import { CODE_INFO } from '../src/core/codes.ts';

const SECTION_5 = ['image-invalid', 'image-too-many', 'hreflang-code-invalid', 'hreflang-normalized', 'hreflang-url-invalid', 'hreflang-code-repeated',
  'hreflang-not-reciprocal', 'hreflang-missing-self', 'news-incomplete', 'news-stale', 'video-invalid', 'text-invalid-char'];

test('every section 5 code is known, and tested below', async () => {
  const source = (await import('node:fs')).readFileSync(new URL(import.meta.url), 'utf8');
  for (const code of SECTION_5) {
    assert.ok(CODE_INFO[code], code);
    assert.ok(source.split(`'${code}'`).length > 2, `no test names ${code}`);
  }
});

const U = 'https://www.example.com';
const NEWS = 'news:publication_name,news:publication_language,news:publication_date,news:title';
const VIDEO = 'video:thumbnail_loc,video:title,video:description,video:content_loc,video:player_loc,video:duration';

function codesAt(r: Awaited<ReturnType<typeof run>>, code: string) {
  return r.findings.filter((f) => f.code === code);
}

test('images: several per cell, normalized on any host; bad ones dropped with image-invalid', async () => {
  const r = await run(`loc,image,images\n${U}/a,https://cdn.example.net/a.png | https://CDN.example.net/b c.png,ftp://x/y.png | /rel.png\n`);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.ok(xml.includes('<image:image><image:loc>https://cdn.example.net/a.png</image:loc></image:image><image:image><image:loc>https://cdn.example.net/b%20c.png</image:loc></image:image></url>'));
  assert.ok(xml.includes('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'));
  assert.ok(!xml.includes('xmlns:xhtml'));
  const bad = codesAt(r, 'image-invalid');
  assert.deepEqual(bad.map((f) => [f.line, f.column, f.value]), [[2, 3, 'ftp://x/y.png'], [2, 3, '/rel.png']]);
});

test('cells split on ` | ` wherever the separator falls, a `|` without its spaces kept in the value', async () => {
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const rows: string[] = [];
  const want: string[][] = [];
  for (let i = 0; i < 400; i++) {
    const images = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, k) => {
      const pad = 'x'.repeat(Math.floor(rand() * 24));
      return rand() < 0.2 ? `https://cdn.example.net/${i}/${k}${pad}|y.png` : `https://cdn.example.net/${i}/${k}${pad}.png`;
    });
    const gap = () => ' '.repeat(1 + Math.floor(rand() * 3));
    rows.push(`${U}/p/${i},${images.map((x, k) => (k ? `${gap()}|${gap()}` : '') + x).join('')}`);
    want.push(images.map((x) => x.replace('|', '%7C')));
  }
  const r = await run(`loc,image\n${rows.join('\n')}\n`);
  const xml = r.files['sitemap-1.xml.gz'];
  const got = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => [...m[1].matchAll(/<image:loc>(.*?)<\/image:loc>/g)].map((x) => x[1]));
  assert.deepEqual(got, want);
});

test('a separator at the cell’s edge (`a |`, `| b`) parts an empty value, which is passed over', async () => {
  const cells = ['https://cdn.example.net/a.png |', '| https://cdn.example.net/b.png', '|', ' | https://cdn.example.net/c.png | ', 'https://cdn.example.net/d.png|'];
  const r = await run(`loc,image\n${cells.map((c, i) => `${U}/${i},${c}`).join('\n')}\n`);
  const xml = r.files['sitemap-1.xml.gz'];
  const got = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => [...m[1].matchAll(/<image:loc>(.*?)<\/image:loc>/g)].map((x) => x[1]));
  assert.deepEqual(got, [['https://cdn.example.net/a.png'], ['https://cdn.example.net/b.png'], [], ['https://cdn.example.net/c.png'], ['https://cdn.example.net/d.png%7C']]);
  assert.deepEqual(r.findings.filter((f) => f.code !== 'loc-normalized').map((f) => f.code), []);
});

test('image-too-many: more than 1,000 images for one URL, the extras dropped', async () => {
  const images = Array.from({ length: 1003 }, (_, i) => `https://cdn.example.net/${i}.jpg`).join(' | ');
  const r = await run(`loc,image\n${U}/a,${images}\n`);
  assert.equal((r.files['sitemap-1.xml.gz'].match(/<image:image>/g) ?? []).length, 1000);
  assert.deepEqual(codesAt(r, 'image-too-many').map((f) => [f.line, f.column, f.value]), [[2, 2, '3']], 'told in the column where the dropping began, with how many');
});

test('hreflang codes: validated and written in canonical case, once per column', async () => {
  const r = await run(`loc,hreflang:EN,hreflang:de_at,hreflang:zh-hant-tw,hreflang:x-default,hreflang:english,hreflang:en-XX\n${U}/a,${U}/a,${U}/de/a,${U}/zh/a,${U}/a,${U}/x,${U}/y\n`);
  assert.deepEqual(codesAt(r, 'hreflang-normalized').map((f) => [f.line, f.column, f.value, f.fixed]), [
    [1, 2, 'EN', 'en'],
    [1, 3, 'de_at', 'de-AT'],
    [1, 4, 'zh-hant-tw', 'zh-Hant-TW'],
  ]);
  assert.deepEqual(codesAt(r, 'hreflang-code-invalid').map((f) => [f.column, f.value]), [[6, 'english'], [7, 'en-XX']]);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.ok(xml.includes(`<xhtml:link rel="alternate" hreflang="de-AT" href="${U}/de/a"/>`));
  assert.ok(xml.includes(`<xhtml:link rel="alternate" hreflang="zh-Hant-TW" href="${U}/zh/a"/>`));
  assert.ok(!xml.includes(`${U}/x"`), 'an invalid code\'s column is not written');
});

test('a second column for the same hreflang code is ignored with a note, so one URL never has two alternates of one code', async () => {
  const r = await run(`loc,hreflang:de,hreflang:en,hreflang:DE\n${U}/a,${U}/x,${U}/a,${U}/z\n`);
  assert.deepEqual(codesAt(r, 'column-ignored').map((f) => [f.line, f.column, f.value]), [[1, 4, 'hreflang:DE: the same code as column 2']]);
  assert.deepEqual(codesAt(r, 'hreflang-normalized'), []);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.ok(xml.includes(`<xhtml:link rel="alternate" hreflang="de" href="${U}/x"/><xhtml:link rel="alternate" hreflang="en" href="${U}/a"/></url>`), xml);
});

test('a first row that names columns but no loc is read as a row, and a note says why', async () => {
  const r = await run(`lastmod,image,hreflang:en\n${U}/a,https://cdn.example.net/a.jpg,${U}/a\n`);
  assert.deepEqual(r.summary.notes, [
    'list.csv: the first row names columns (lastmod, image, hreflang:en) but none for the URL, so it was read as a row and column 1 as the URL; name that column loc, url, address, link, href or page',
  ]);
  assert.equal(r.summary.rows, 2);
  const plain = await run(`${U}/a,2025-01-01\n${U}/b,2025-01-02\n`);
  assert.deepEqual(plain.summary.notes, []);
});

test('hreflang-url-invalid drops that alternate; hreflang-missing-self when a row is not in its own cluster', async () => {
  const r = await run(`loc,hreflang:en,hreflang:de\n${U}/a,${U}/a,not a url\n${U}/b,${U}/b-en,${U}/b-de\n`);
  assert.deepEqual(codesAt(r, 'hreflang-url-invalid').map((f) => [f.line, f.column, f.value]), [[2, 3, 'not a url']]);
  assert.deepEqual(codesAt(r, 'hreflang-missing-self').map((f) => f.line), [3]);
});

test('a site whose host holds & or \' is escaped in its locs, images and self links', async () => {
  for (const origin of ["https://a&b.example", "https://a'b.example"]) {
    const list = `loc,image,hreflang:en\n${origin}/x,${origin}/i.png,${origin}/x\n`;
    const r = await run(list, { baseUrl: `${origin}/` });
    const xml = r.files['sitemap-1.xml.gz'];
    const escaped = origin.replace('&', '&amp;').replace("'", '&apos;');
    assert.ok(xml.includes(`<loc>${escaped}/x</loc>`), xml);
    assert.ok(xml.includes(`<image:loc>${escaped}/i.png</image:loc>`), xml);
    assert.ok(xml.includes(`hreflang="en" href="${escaped}/x"/>`), xml);
    assert.ok(!xml.replace(/&(amp|apos);/g, '').includes('&') && !/>[^<]*'/.test(xml), 'no bare & or \' in text');
  }
});

test('with --strict, a loc refused as outside the directory is no row: not for alternates, not for duplicates', async () => {
  const list = ['loc,hreflang:en,hreflang:de', `${U}/en/a,${U}/en/a,${U}/de/a`, `${U}/de/a,,`, `${U}/de/a,,`].join('\n');
  const r = await run(list + '\n', { baseUrl: `${U}/en/`, strict: true });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code]), [[3, 'loc-outside-directory'], [4, 'loc-outside-directory']]);
  assert.deepEqual(r.locs, [`${U}/en/a`]);
  // Without --strict it is a row like any other: written, its copy a duplicate, its missing way back said.
  const lenient = await run(list + '\n', { baseUrl: `${U}/en/` });
  assert.deepEqual(lenient.findings.map((f) => [f.line, f.code]).sort(), [[2, 'hreflang-not-reciprocal'], [3, 'loc-outside-directory'], [4, 'loc-duplicate']]);
});

test('hreflang-not-reciprocal: an alternate that is a row must link back', async () => {
  const list = [
    'loc,hreflang:en,hreflang:de,hreflang:fr',
    `${U}/en,${U}/en,${U}/de,${U}/fr`, // fr is a row that does not link back to en
    `${U}/de,${U}/en,${U}/de,`,
    `${U}/fr,,,${U}/fr`,
    `${U}/x,${U}/x,${U}/elsewhere,`, // elsewhere is not a row: nothing to check
  ].join('\n');
  const r = await run(list + '\n');
  const hits = codesAt(r, 'hreflang-not-reciprocal').map((f) => [f.line, f.column, f.value]);
  assert.deepEqual(hits, [[2, 4, `${U}/fr`]], 'told in the column of the alternate');
});

/** Hash slots the core reads for a list of `pairs` en/de pairs, and what it found. */
async function reciprocityWork(pairs: number): Promise<{ slots: number; notReciprocal: number; accepted: number }> {
  const rows = ['loc,hreflang:en,hreflang:de'];
  for (let i = 0; i < pairs; i++) {
    rows.push(`${U}/en/${i},${U}/en/${i},${U}/de/${i}`);
    rows.push(`${U}/de/${i},${i % 1000 === 0 ? '' : `${U}/en/${i}`},${U}/de/${i}`);
  }
  const core = await testCore();
  const result = await generateOn(core, [source('list.csv', rows.join('\n'))], resolveOptions({ baseUrl: BASE, now: NOW }), nodePlatform, {});
  const notReciprocal = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i)).filter((f) => f.code === 'hreflang-not-reciprocal').length;
  return { slots: core.x.hashSlotsRead(), notReciprocal, accepted: result.summary.accepted };
}

test('hreflang reciprocity over 100,000 rows stays linear and exact', async () => {
  const half = await reciprocityWork(25000);
  const whole = await reciprocityWork(50000);
  assert.equal(whole.notReciprocal, 50);
  assert.equal(whole.accepted, 100000);
  // Each row and each of its links takes a few lookups; a set that degraded (or a pairwise check)
  // would read far more slots, and twice the rows would cost four times the work, not about two
  // (the counts are the same every run: the list and its hashes are fixed).
  const lookups = 100000 + 4 * 200000;
  assert.ok(whole.slots < 4 * lookups, `${whole.slots} slots read for ${lookups} lookups`);
  assert.ok(whole.slots < 3 * half.slots, `${half.slots} slots for half the rows, ${whole.slots} for all`);
});

test('news: all four fields or none; stale after two days; at most 1,000 per file', async () => {
  const head = `loc,${NEWS}\n`;
  let r = await run(`${head}${U}/n1,The Daily,EN,2025-12-31T10:00:00Z,Big <news> & more\n${U}/n2,The Daily,en,,No date\n${U}/n3,The Daily,en,2025-12-01,Old\n${U}/n4,,,,\n`);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.ok(xml.includes('<news:news><news:publication><news:name>The Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2025-12-31T10:00:00Z</news:publication_date><news:title>Big &lt;news&gt; &amp; more</news:title></news:news>'));
  assert.deepEqual(codesAt(r, 'news-incomplete').map((f) => f.line), [3]);
  assert.deepEqual(codesAt(r, 'news-stale').map((f) => f.line), [4]);
  assert.equal((xml.match(/<news:news>/g) ?? []).length, 2);
  const many = Array.from({ length: 2500 }, (_, i) => `${U}/n/${i},The Daily,en,2025-12-31,Story ${i}`).join('\n');
  r = await run(`${head}${many}\n${U}/plain\n`);
  assert.deepEqual(r.summary.files.map((f) => f.urls), [1000, 1000, 501]);
});

test('video: required fields drop the video, optional ones drop themselves; children in order', async () => {
  const head = `loc,${VIDEO},video:rating,video:live,video:tag,video:family_friendly,video:restriction,video:restriction_relationship,video:platform,video:uploader,video:view_count,video:publication_date,video:expiration_date,video:requires_subscription\n`;
  const good = `${U}/v1,https://cdn.example.net/t.jpg,Grilling,"How to grill, well",https://cdn.example.net/v.mp4,,600,4.5,no,bbq | summer,yes,IE GB,allow,web tv,Chef,12345,2025-06-01,2030-01-01,no`;
  const badOptional = `${U}/v2,https://cdn.example.net/t2.jpg,T2,D2,,https://player.example.net/2,99999,7,maybe,,,,,,,,,,`;
  const badRequired = `${U}/v3,,T3,D3,${U}/v3,,,,,,,,,,,,,,`;
  const r = await run(head + [good, badOptional, badRequired].join('\n') + '\n');
  const xml = r.files['sitemap-1.xml.gz'];
  const order = ['thumbnail_loc', 'title', 'description', 'content_loc', 'duration', 'expiration_date', 'rating', 'view_count', 'publication_date', 'family_friendly', 'restriction', 'platform', 'requires_subscription', 'uploader', 'live', 'tag'];
  const v1 = /<video:video>.*?<\/video:video>/.exec(xml)![0];
  const seen = [...v1.matchAll(/<video:([a-z_]+)[ >]/g)].map((m) => m[1]).filter((n, i, a) => a.indexOf(n) === i && n !== 'video');
  assert.deepEqual(seen, order);
  assert.ok(v1.includes('<video:restriction relationship="allow">IE GB</video:restriction>'));
  assert.ok(v1.includes('<video:tag>bbq</video:tag><video:tag>summer</video:tag>'));
  const invalid = codesAt(r, 'video-invalid').map((f) => [f.line, f.value.split(':')[0]]);
  assert.deepEqual(invalid, [[3, 'duration'], [3, 'rating'], [3, 'live'], [4, 'thumbnail_loc'], [4, 'content_loc']]);
  assert.equal((xml.match(/<video:video>/g) ?? []).length, 2);
  assert.ok(xml.includes('<video:player_loc>https://player.example.net/2</video:player_loc></video:video>'));
});

test('video details: ratings as given, tags split before trimming, a bad location dropped while the other holds, line ends as LF', async () => {
  const head = 'loc,video:thumbnail_loc,video:title,video:description,video:content_loc,video:player_loc,video:rating,video:tag\n';
  const T = 'https://cdn.example.net/t.jpg';
  const rows = [
    `${U}/v1,${T},T1,D1,https://cdn.example.net/1.mp4,,0.0000001,x | `,
    `${U}/v2,${T},T2,D2,https://cdn.example.net/2.mp4,,1e-7, | y`,
    `${U}/v3,${T},T3,D3,https://cdn.example.net/3.mp4,,4,`,
    `${U}/v4,${T},T4,D4,ftp://cdn.example.net/4.mp4,https://player.example.net/4,,`,
    `${U}/v5,${T},T5,D5,${U}/v5,https://player.example.net/5,,`,
    `${U}/v6,${T},"Line one\r\nline two\rthree",${'d'.repeat(2047)}\u0001\u0002,https://cdn.example.net/6.mp4,,,`,
  ];
  const r = await run(head + rows.join('\n') + '\n');
  const xml = r.files['sitemap-1.xml.gz'];
  const video = (n: number) => new RegExp(`<loc>${U}/v${n}</loc><video:video>([\\s\\S]*?)</video:video>`).exec(xml)?.[1] ?? '';
  assert.ok(video(1).includes('<video:rating>0.0000001</video:rating><video:tag>x</video:tag>'), video(1));
  assert.ok(video(2).includes('<video:rating>1e-7</video:rating><video:tag>y</video:tag>'), video(2));
  assert.ok(video(3).includes('<video:rating>4</video:rating>'), video(3));
  assert.ok(video(4).includes('<video:description>D4</video:description><video:player_loc>https://player.example.net/4</video:player_loc>'), video(4));
  assert.ok(video(5).includes('<video:description>D5</video:description><video:player_loc>https://player.example.net/5</video:player_loc>'), video(5));
  assert.ok(video(6).includes('<video:title>Line one\nline two\nthree</video:title>'), video(6));
  assert.deepEqual(codesAt(r, 'video-invalid').map((f) => [f.line, f.value]), [
    [5, 'content_loc: not an absolute http(s) URL'],
    [6, 'content_loc: equals the page URL'],
  ]);
  assert.deepEqual(codesAt(r, 'text-invalid-char').map((f) => f.line), [7]);
});

test('codes beyond their pattern: an hreflang script, a news language and video restrictions are looked up', async () => {
  let r = await run(`loc,hreflang:en-Abcd,hreflang:sr-latn,hreflang:en-Qaag\n${U}/a,${U}/x,${U}/sr/a,${U}/q/a\n`);
  assert.deepEqual(codesAt(r, 'hreflang-code-invalid').map((f) => f.value), ['en-Abcd']);
  assert.ok(r.files['sitemap-1.xml.gz'].includes(`hreflang="sr-Latn" href="${U}/sr/a"`));
  r = await run(`loc,${NEWS}\n${U}/n1,Daily,xx,2025-12-31,T\n${U}/n2,Daily,fil,2025-12-31,T\n${U}/n3,Daily,zh-TW,2025-12-31,T\n`);
  assert.deepEqual(codesAt(r, 'news-incomplete').map((f) => [f.line, f.value]), [[2, 'publication_language xx is not an ISO 639 code']]);
  const head = 'loc,video:thumbnail_loc,video:title,video:description,video:content_loc,video:restriction,video:restriction_relationship\n';
  r = await run(`${head}${U}/v1,${U}/t.jpg,T,D,${U}/c.mp4,XX YY,allow\n${U}/v2,${U}/t.jpg,T,D,${U}/c.mp4,US CA,deny\n`);
  assert.deepEqual(codesAt(r, 'video-invalid').map((f) => [f.line, f.value]), [[2, 'restriction: XX YY is not ISO 3166 country codes']]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<video:restriction relationship="deny">US CA</video:restriction>'));
});

test('text-invalid-char: forbidden code points removed from titles', async () => {
  const r = await run(`loc,${NEWS}\n${U}/n1,Daily\u0001 News,en,2025-12-31,Bad\u000bTitle\uffff\n`);
  assert.deepEqual(codesAt(r, 'text-invalid-char').map((f) => [f.column, f.fixed]), [[2, 'Daily News'], [5, 'BadTitle']]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<news:title>BadTitle</news:title>'));
});

test('namespaces are declared per file, only for what the file uses; byte limits count the header', async () => {
  const rows = ['loc,image'];
  for (let i = 0; i < 300; i++) rows.push(`${U}/p${i},${i >= 150 ? `https://cdn.example.net/${i}.png` : ''}`);
  const r = await run(rows.join('\n'), { gzip: false, maxUrls: 100 });
  const names = r.summary.files.map((f) => f.name);
  assert.ok(!r.files[names[0]].includes('xmlns:image'));
  assert.ok(r.files[names[2]].includes('xmlns:image'));
  for (const f of r.summary.files) assert.equal(Buffer.byteLength(r.files[f.name]), f.bytes);
});

test('a list heavy with alternates splits by bytes, not by count', async () => {
  const codes = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da'];
  const rows = [`loc,${codes.map((c) => `hreflang:${c}`).join(',')}`];
  for (let i = 0; i < 400; i++) rows.push([`${U}/en/${i}`, ...codes.map((c) => `${U}/${c}/${i}`)].join(','));
  const r = await run(rows.join('\n'), { gzip: false, maxBytes: 65536 });
  assert.ok(r.summary.files.length > 1);
  for (const f of r.summary.files) {
    assert.ok(f.bytes <= 65536);
    assert.equal(Buffer.byteLength(r.files[f.name]), f.bytes);
  }
  assert.equal(r.locs.length, 400);
});

test('every extension validates against all.xsd (xmllint)', async () => {
  const head = `loc,image,hreflang:en,hreflang:de,${NEWS},${VIDEO}\n`;
  const rows = Array.from({ length: 50 }, (_, i) =>
    [`${U}/a${i}`, `https://cdn.example.net/${i}.png | https://cdn.example.net/${i}b.png`, `${U}/a${i}`, `${U}/de/a${i}`,
      i % 2 ? 'The Daily' : '', i % 2 ? 'en' : '', i % 2 ? '2025-12-31' : '', i % 2 ? `Story & "${i}"` : '',
      i % 3 ? 'https://cdn.example.net/t.jpg' : '', i % 3 ? `Video ${i}` : '', i % 3 ? 'About <this>' : '', i % 3 ? 'https://cdn.example.net/v.mp4' : '', '', i % 3 ? '60' : ''].map((v) => (/[,"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(','),
  );
  const r = await run(head + rows.join('\n') + '\n');
  const dir = tempDir();
  const path = join(dir, 'ext.xml');
  writeFileSync(path, r.files['sitemap-1.xml.gz']);
  const v = xmllint('all.xsd', path);
  assert.equal(v.status, 0, v.output);
  for (const ns of ['image', 'xhtml', 'news', 'video']) assert.ok(r.files['sitemap-1.xml.gz'].includes(`xmlns:${ns}=`), ns);
});

test('a row with several alternates and none of them itself is told once; a link given under two codes is told once', async () => {
  // A news column makes the row pause for the engine, and resume, after its alternates.
  const r = await run(`loc,hreflang:en,hreflang:de,hreflang:x-default,news:title\n${U}/a,${U}/b,${U}/c,${U}/b,\n${U}/b,${U}/b,,${U}/b,\n`);
  assert.deepEqual(codesAt(r, 'hreflang-missing-self').map((f) => f.line), [2]);
  assert.deepEqual(codesAt(r, 'hreflang-not-reciprocal').map((f) => [f.line, f.value]), [[2, `${U}/b`]]);
});

test('the file preview holds the first whole <url> even when it is long', async () => {
  const images = Array.from({ length: 60 }, (_, i) => `https://cdn.example.net/${i}.png`).join(' | ');
  const r = await run(`loc,image\n${U}/a,${images}\n${U}/b,\n`);
  const head = r.summary.files[0].head;
  assert.ok(head.includes(`<url><loc>${U}/a</loc>`) && head.includes('59.png</image:loc></image:image></url>'));
});

test('an image, alternate or video URL written otherwise than given is a fix, told as for a loc', async () => {
  const head = `loc,image,hreflang:en,hreflang:de,${VIDEO}\n`;
  const T = 'https://cdn.example.net/t.jpg';
  const rows = [
    `${U}/a,https://CDN.example.net/a b.png | https://cdn.example.net/ok.png,${U}/a,${U}/de/a#top,${T},T,D,https://cdn.example.net/v.mp4,,`,
    `${U}/b,https://cdn.example.net/b.png#x,${U}/b,${U}/de/b,https://CDN.example.net/t.jpg,T,D,,https://player.example.net/x y,`,
  ];
  const r = await run(head + rows.join('\n') + '\n');
  const fixes = r.findings.filter((f) => f.code === 'loc-normalized' || f.code === 'loc-fragment').map((f) => [f.line, f.column, f.code, f.value, f.fixed]);
  assert.deepEqual(fixes, [
    [2, 2, 'loc-normalized', 'https://CDN.example.net/a b.png', 'https://cdn.example.net/a%20b.png'],
    [2, 4, 'loc-fragment', `${U}/de/a#top`, `${U}/de/a`],
    [3, 2, 'loc-fragment', 'https://cdn.example.net/b.png#x', 'https://cdn.example.net/b.png'],
    [3, 5, 'loc-normalized', 'https://CDN.example.net/t.jpg', T],
    [3, 9, 'loc-normalized', 'https://player.example.net/x y', 'https://player.example.net/x%20y'],
  ]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/a"/>'));
  assert.equal(r.summary.fixed, 2);
});

test('news and video dates written otherwise than given, and a news language lower-cased, are fixes', async () => {
  const r = await run(
    `loc,${NEWS},video:thumbnail_loc,video:title,video:description,video:content_loc,video:publication_date\n` +
      `${U}/n,The Daily,EN,2025-12-31 10:00,Title,,,,,\n` +
      `${U}/v,,,,,https://cdn.example.net/t.jpg,T,D,https://cdn.example.net/v.mp4,2025-06-01T08:00+02:00\n` +
      `${U}/same,The Daily,en,2025-12-31,Title,https://cdn.example.net/t.jpg,T,D,https://cdn.example.net/v.mp4,2025-06-01\n`,
  );
  const fixes = r.findings.filter((f) => f.severity === 'fix').map((f) => [f.line, f.column, f.code, f.value, f.fixed]);
  assert.deepEqual(fixes, [
    [2, 3, 'hreflang-normalized', 'EN', 'en'],
    [2, 4, 'lastmod-normalized', '2025-12-31 10:00', '2025-12-31T10:00:00Z'],
    [3, 10, 'lastmod-normalized', '2025-06-01T08:00+02:00', '2025-06-01T08:00:00+02:00'],
  ]);
  assert.equal(r.summary.fixed, 2);
});

/** The rows a summary counts: lines of accepted rows with a finding at `severity` (the header and the list aside). */
function linesWith(r: Awaited<ReturnType<typeof run>>, severity: string, header: boolean): number {
  const rejected = new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.line));
  const lines = r.findings.filter((f) => f.severity === severity && f.line > (header ? 1 : 0) && !rejected.has(f.line)).map((f) => f.line);
  return new Set(lines).size;
}

test('the summary counts every row with a fix or a warning, extension findings and reciprocity included', async () => {
  const seed = testSeed('extensions.test.ts');
  const rand = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const url = (i: number) => `${U}/${pick(['en', 'de'])}/${i % 40}`;
  const value = (i: number) => pick(['', url(i), `${url(i)}#f`, `${url(i)} x`, 'ftp://x/y', '/rel', `${U}/EN/${i % 40}`]);
  for (let round = 0; round < 30; round++) {
    const rows = ['loc,lastmod,image,hreflang:en,hreflang:de,news:publication_name,news:publication_language,news:publication_date,news:title,video:thumbnail_loc,video:title,video:description,video:content_loc,video:duration'];
    const n = 1 + Math.floor(rand() * 60);
    for (let i = 0; i < n; i++) {
      const news = pick([['', '', '', ''], ['Daily', pick(['en', 'EN', 'xx']), pick(['2025-12-31', '2025-12-31 10:00', '2025-01-01', '']), pick(['T', 'T\u0001'])]]);
      const video = pick([['', '', '', '', ''], [pick(['https://cdn.example.net/t.jpg', 'https://CDN.example.net/t.jpg', '']), 'T', 'D', pick(['https://cdn.example.net/v.mp4', url(i)]), pick(['', '30', '0'])]]);
      rows.push([url(i), pick(['', '2025-01-01', '2025-01-01T10:00', 'x']), pick(['', 'https://cdn.example.net/a.png', 'https://cdn.example.net/a b.png', 'ftp://x']), value(i), value(i), ...news, ...video].map((c) => (c.includes(',') ? `"${c}"` : c)).join(','));
    }
    const r = await run(rows.join('\n') + '\n');
    assert.equal(r.summary.fixed, linesWith(r, 'fix', true), `seed ${seed} round ${round}: rows fixed`);
    assert.equal(r.summary.warnings, linesWith(r, 'warning', true), `seed ${seed} round ${round}: rows with warnings`);
  }
});

test('news and video values kept as given, their faults told at their own columns', async () => {
  const V = `${U}/v`;
  const head = `loc,${NEWS},video:thumbnail_loc,video:title,video:description,video:content_loc,video:duration,video:view_count,video:platform,video:platform_relationship,video:publication_date,video:expiration_date\n`;
  const T = 'https://cdn.example.net/t.jpg,T';
  const M = 'https://cdn.example.net/v.mp4';
  const rows = [
    `${V}/1,,,,,${T},D,${M},0600,007,tv,deny,2025-12-01,2030-01-01`, // 2: as given; deny kept; a future expiry is fine
    `${V}/2,,,,,${T},D,${M},,,web mobile,sometimes,2026-06-01,`, // 3: a bad relationship; published in the future
    `${V}/3,,,,,https://cdn.example.net/t.jpg,\u0001\u0002,D,${M},,,,,,`, // 4: a title of forbidden characters only
    `${V}/4,,,,,${T},"${'a'.repeat(2046)}\r\nb",${M},,,,,,`, // 5–6: 2,048 characters once written
    `${V}/5,Daily,english,2025-12-31,T,,,,,,,,,,`, // 7: a bad language
    `${V}/6,Daily,en,2026-01-05,\u0003,,,,,,,,,,`, // 8: a title of forbidden characters only
    `${V}/7,Daily,en,2026-01-05,T,,,,,,,,,,`, // 9: published days from now
  ];
  const r = await run(head + rows.join('\n') + '\n');
  const xml = r.files['sitemap-1.xml.gz'];
  const entry = (n: number) => new RegExp(`<loc>${V}/${n}</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1] ?? '';
  assert.ok(entry(1).includes('<video:duration>0600</video:duration><video:expiration_date>2030-01-01</video:expiration_date><video:view_count>007</video:view_count>'), entry(1));
  assert.ok(entry(1).includes('<video:platform relationship="deny">tv</video:platform>'), entry(1));
  assert.ok(!entry(2).includes('<video:platform'), entry(2));
  assert.equal(entry(3), '');
  assert.ok(entry(4).includes(`<video:description>${'a'.repeat(2046)}\nb</video:description>`));
  assert.equal(entry(6), '');
  const at = (code: string) => r.findings.filter((f) => f.code === code).map((f) => [f.line, f.column, f.value]);
  assert.deepEqual(at('video-invalid'), [[3, 13, 'platform_relationship: sometimes: must be allow or deny'], [4, 7, 'title: missing']]);
  assert.deepEqual(at('news-incomplete'), [[7, 3, 'publication_language english is not an ISO 639 code'], [8, 5, 'no title']]);
  assert.deepEqual(at('lastmod-future'), [[3, 14, '2026-06-01'], [9, 4, '2026-01-05']]);
  xmllintAll(r);
});

/** Every sitemap of a run, valid against all.xsd. */
function xmllintAll(r: Awaited<ReturnType<typeof run>>) {
  const dir = tempDir();
  for (const f of r.summary.files) {
    const path = join(dir, f.name.replace(/\.gz$/, ''));
    writeFileSync(path, r.files[f.name]);
    const v = xmllint('all.xsd', path);
    assert.equal(v.status, 0, v.output);
  }
}

test('a text sitemap carries no extensions: each extension column is ignored with a note', async () => {
  const r = await run(`loc,image,hreflang:EN,news:title\n${U}/a,https://cdn.example.net/a.png,${U}/a,T\n`, { format: 'txt' });
  assert.equal(r.files['sitemap-1.txt.gz'], `${U}/a\n`);
  assert.deepEqual(r.findings.map((f) => [f.line, f.column, f.code, f.value]), [
    [1, 2, 'column-ignored', 'image: a text sitemap carries no extensions'],
    [1, 3, 'column-ignored', 'hreflang:EN: a text sitemap carries no extensions'],
    [1, 4, 'column-ignored', 'news:title: a text sitemap carries no extensions'],
  ]);
});

test('row-too-large: a <url> no file can hold is left out, and nothing of it stays behind', async () => {
  const images = Array.from({ length: 1000 }, (_, i) => `https://cdn.example.net/${String(i).padStart(5, '0')}.jpg`).join(' | ');
  const rows = [
    'loc,image,hreflang:en,hreflang:de',
    `${U}/a,"${images}",${U}/a,${U}/b`, // 2: too large; its link to /b is taken back with it
    `${U}/b,,${U}/b,`, // 3: no way back to /a, which is no row
    `${U}/a,,${U}/a,`, // 4: not a duplicate of a row never written
  ];
  const r = await run(rows.join('\n') + '\n', { maxBytes: 16384 });
  assert.deepEqual(r.findings.map((f) => [f.line, f.code]), [[2, 'row-too-large']]);
  assert.equal(r.findings[0].severity, 'error');
  assert.deepEqual([r.summary.accepted, r.summary.rejected], [2, 1]);
  assert.deepEqual(r.locs, [`${U}/b`, `${U}/a`]);
  for (const f of r.summary.files) assert.ok(f.bytes <= 16384, `${f.name}: ${f.bytes} bytes`);
});

test('hreflang-code-repeated: one code, one alternate; the second value of a cell is dropped', async () => {
  const r = await run(`loc,hreflang:en,hreflang:de\n${U}/a,${U}/a | ${U}/a2 | ${U}/a b,ftp://x/de | ${U}/de/a | ${U}/de/a3\n`);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.equal((xml.match(/hreflang="en"/g) ?? []).length, 1);
  assert.ok(xml.includes(`hreflang="de" href="${U}/de/a"/>`), 'after an invalid value, the next one is the first alternate');
  assert.deepEqual(r.findings.map((f) => [f.line, f.column, f.code, f.value]), [
    [2, 2, 'hreflang-code-repeated', `${U}/a2`],
    [2, 2, 'hreflang-code-repeated', `${U}/a b`],
    [2, 3, 'hreflang-url-invalid', 'ftp://x/de'],
    [2, 3, 'hreflang-code-repeated', `${U}/de/a3`],
  ]);
  assert.equal(r.summary.warnings, 1);
});

test('video tags part as image cells do: at a separator on the cell’s edge too, never inside a word', async () => {
  const head = 'loc,video:thumbnail_loc,video:title,video:description,video:content_loc,video:tag\n';
  const V = (n: number, tags: string) => `${U}/v${n},https://cdn.example.net/t.jpg,T,D,https://cdn.example.net/v.mp4,${tags}`;
  const r = await run(head + [V(1, 'cats |'), V(2, '| dogs'), V(3, 'a|b | c')].join('\n') + '\n');
  const xml = r.files['sitemap-1.xml.gz'];
  const tags = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => [...m[1].matchAll(/<video:tag>(.*?)<\/video:tag>/g)].map((x) => x[1]));
  assert.deepEqual(tags, [['cats'], ['dogs'], ['a|b', 'c']]);
});

test('a row left out as too large leaves the list-wide sameness of lastmod and priority alone', async () => {
  const images = Array.from({ length: 1000 }, (_, i) => `https://cdn.example.net/${i}.jpg`).join(' | ');
  const r = await run(`loc,lastmod,priority,image\n${U}/1,2020-01-01,0.5,\n${U}/2,2021-01-01,0.7,"${images}"\n${U}/3,2020-01-01,0.5,\n`, { maxBytes: 16384 });
  assert.deepEqual(r.findings.map((f) => f.code).sort(), ['list-uniform-lastmod', 'list-uniform-priority', 'row-too-large']);
});
