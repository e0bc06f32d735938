// Stable updates (SPEC section 11): with the set published last time, each URL stays in its file,
// only the files holding an edited URL change (plus new ones), an unchanged file keeps its stored
// bytes and its index lastmod, and changes.csv says what happened to each file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { isPublishedSet, publishedSetTime } from '../src/generate/published-set.ts';
import { cli, run, tempDir, tempFile, unescapeXml, BASE, NOW } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';
import type { Options } from '../src/types.ts';

const U = 'https://www.example.com';
const NOW_STAMP = NOW.replace(/\.\d{3}Z$/, 'Z');

interface Row {
  loc: string;
  lastmod: string;
}

function csv(rows: Row[]): string {
  return 'loc,lastmod\n' + rows.map((r) => `${r.loc},${r.lastmod}`).join('\n') + '\n';
}

interface Published {
  zip: Uint8Array;
  /** Stored bytes of each zip entry. */
  stored: Record<string, Uint8Array>;
  /** Each sitemap file's locs. */
  files: Map<string, string[]>;
  /** Each file's index lastmod. */
  lastmods: Map<string, string>;
  summary: Awaited<ReturnType<typeof run>>['summary'];
  text: Record<string, string>;
}

async function publish(rows: Row[], options: Partial<Options>, previous?: Published): Promise<Published> {
  const r = await run(csv(rows), { ...options, previous: previous ? [{ name: 'sitemaps.zip', data: previous.zip }] : undefined });
  const files = new Map<string, string[]>();
  for (const [name, text] of Object.entries(r.files)) {
    if (/^sitemap-(?!index).*\.xml(\.gz)?$/.test(name)) files.set(name, [...text.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1])));
  }
  const lastmods = new Map<string, string>();
  for (const m of (r.files['sitemap-index.xml'] ?? '').matchAll(/<sitemap><loc>[^<]*\/([^/<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)) lastmods.set(m[1], m[2] ?? '');
  return { zip: r.zip, stored: unzipSync(r.zip), files, lastmods, summary: r.summary, text: r.files };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** What every stable update must hold, whatever the edits. */
function assertStable(before: Published, after: Published, rows: Row[], edited: Set<string>, maxUrls: number): void {
  // Each URL of the new list in exactly one file, and nothing else; the limits hold.
  const all = [...after.files.values()].flat();
  assert.deepEqual([...all].sort(), rows.map((r) => r.loc).sort());
  for (const [name, locs] of after.files) assert.ok(locs.length <= maxUrls, `${name}: ${locs.length} URLs`);
  // The index lists each file once.
  assert.deepEqual([...after.lastmods.keys()].sort(), [...after.files.keys()].sort());
  const changes = new Map(after.summary.changes!.map((c) => [c.name, c]));
  for (const [name, locs] of after.files) {
    const old = before.files.get(name);
    if (!old) {
      assert.equal(changes.get(name)?.change, 'added', name);
      continue;
    }
    const touched = [...old, ...locs].some((l) => edited.has(l));
    assert.equal(changes.get(name)?.change, touched ? 'changed' : 'unchanged', name);
    if (touched) {
      assert.equal(after.lastmods.get(name), NOW_STAMP, `${name}: a changed file's lastmod is now`);
    } else {
      assert.ok(sameBytes(after.stored[name], before.stored[name]), `${name}: an unchanged file keeps its stored bytes`);
      assert.equal(after.lastmods.get(name), before.lastmods.get(name), `${name}: and its index lastmod`);
      assert.deepEqual(locs, old);
    }
    // A URL still listed stayed in its file: the old ones come first, in their old order.
    const kept = old.filter((l) => locs.includes(l));
    assert.deepEqual(locs.slice(0, kept.length), kept, name);
  }
  for (const [name, old] of before.files) {
    if (after.files.has(name)) continue;
    assert.equal(changes.get(name)?.change, 'removed', name);
    assert.ok(old.every((l) => edited.has(l)), `${name} was emptied by removals only`);
  }
  assert.equal(changes.size, new Set([...after.files.keys(), ...before.files.keys()]).size);
}

function randomRows(rand: () => number, n: number, from = 0): Row[] {
  const dirs = ['blog', 'shop', 'docs', ''];
  return Array.from({ length: n }, (_, i) => ({
    loc: `${U}/${dirs[Math.floor(rand() * 4)] || 'x'}/${from + i}${rand() < 0.1 ? '?a=1&b=2' : ''}`,
    lastmod: rand() < 0.8 ? `2025-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}` : '',
  }));
}

function shuffle<T>(rand: () => number, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

test('property: random lists and edits change exactly the files that hold an edited URL', async () => {
  const seed = testSeed('stable-updates');
  const rand = mulberry32(seed);
  for (let round = 0; round < 12; round++) {
    const maxUrls = 20 + Math.floor(rand() * 80);
    const options: Partial<Options> = { maxUrls, ...(rand() < 0.5 ? { sectionBy: 'path:1' } : {}) };
    let rows = randomRows(rand, 100 + Math.floor(rand() * 900));
    const before = await publish(rows, options);
    const edited = new Set<string>();
    let next = 10_000;
    for (let e = Math.floor(rand() * 12); e > 0; e--) {
      const kind = rand();
      if (kind < 0.35) {
        const added = randomRows(rand, 1 + Math.floor(rand() * 5), next);
        next += added.length;
        for (const a of added) edited.add(a.loc);
        rows.splice(Math.floor(rand() * rows.length), 0, ...added);
      } else if (kind < 0.7) {
        const [gone] = rows.splice(Math.floor(rand() * rows.length), 1);
        edited.add(gone.loc);
      } else {
        const r = rows[Math.floor(rand() * rows.length)];
        r.lastmod = r.lastmod === '2024-12-31' ? '2024-12-30' : '2024-12-31';
        edited.add(r.loc);
      }
    }
    if (rand() < 0.5) rows = shuffle(rand, rows);
    const after = await publish(rows, options, before);
    assertStable(before, after, rows, edited, maxUrls);
  }
});

test('a reorder alone changes nothing: every file and the index come out as they were', async () => {
  const rand = mulberry32(11);
  const rows = randomRows(rand, 500);
  const before = await publish(rows, { maxUrls: 60, sectionBy: 'path:1' });
  const after = await publish(shuffle(rand, [...rows]), { maxUrls: 60, sectionBy: 'path:1' }, before);
  assert.ok(after.summary.changes!.every((c) => c.change === 'unchanged'));
  for (const name of after.files.keys()) assert.ok(sameBytes(after.stored[name], before.stored[name]), name);
  assert.equal(after.text['sitemap-index.xml'], before.text['sitemap-index.xml']);
  assert.match(after.text['changes.csv'], /^file,change,urls_added,urls_removed,urls_changed\n/);
});

test('one added URL changes one file', async () => {
  const rand = mulberry32(12);
  const rows = randomRows(rand, 500);
  const before = await publish(rows, { maxUrls: 45 });
  const after = await publish([{ loc: `${U}/new/page`, lastmod: '2025-03-03' }, ...rows], { maxUrls: 45 }, before);
  const changed = after.summary.changes!.filter((c) => c.change !== 'unchanged');
  assert.deepEqual(changed, [{ name: 'sitemap-12.xml.gz', change: 'changed', urlsAdded: 1, urlsRemoved: 0, urlsChanged: 0 }]);
  assert.equal(after.files.get('sitemap-12.xml.gz')!.at(-1), `${U}/new/page`);
  // Without the previous set, the same edit shifts every file after the first.
  const plain = await publish([{ loc: `${U}/new/page`, lastmod: '2025-03-03' }, ...rows], { maxUrls: 45 });
  assert.ok([...plain.files.keys()].filter((n) => !sameBytes(plain.stored[n], before.stored[n])).length > 10);
});

test('a file that outgrows the byte limit moves its last URLs on and leaves the rest in place', async () => {
  const rows = Array.from({ length: 300 }, (_, i) => ({ loc: `${U}/p/${i}`, lastmod: '' }));
  const options = { maxBytes: 16384 };
  const before = await publish(rows, options);
  const n = before.files.get('sitemap-1.xml.gz')!.length;
  // Lastmods on the first file's URLs make its entries longer: they no longer all fit.
  const grown = rows.map((r, i) => (i < n ? { ...r, lastmod: '2025-01-01T10:00:00+02:00' } : r));
  const after = await publish(grown, options, before);
  const first = after.files.get('sitemap-1.xml.gz')!;
  assert.ok(first.length < n);
  assert.deepEqual(first, before.files.get('sitemap-1.xml.gz')!.slice(0, first.length), 'the rest stay, in order');
  const moved = before.files.get('sitemap-1.xml.gz')!.slice(first.length);
  const later = [...after.files].filter(([name]) => name !== 'sitemap-1.xml.gz').flatMap(([, locs]) => locs);
  for (const loc of moved) assert.ok(later.includes(loc));
  for (const f of after.summary.files) assert.ok(f.bytes <= 16384);
});

test('removed URLs leave their files; a file left empty leaves the index and is listed as removed', async () => {
  const rows = Array.from({ length: 120 }, (_, i) => ({ loc: `${U}/p/${i}`, lastmod: '2025-01-02' }));
  const before = await publish(rows, { maxUrls: 40 });
  const after = await publish(rows.slice(0, 40).concat(rows.slice(80, 110)), { maxUrls: 40 }, before);
  assert.deepEqual(
    after.summary.changes!.map((c) => [c.name, c.change, c.urlsRemoved]),
    [
      ['sitemap-1.xml.gz', 'unchanged', 0],
      ['sitemap-2.xml.gz', 'removed', 40],
      ['sitemap-3.xml.gz', 'changed', 10],
    ],
  );
  assert.ok(!after.text['sitemap-index.xml'].includes('sitemap-2.xml.gz'));
  assert.equal(after.text['changes.csv'], 'file,change,urls_added,urls_removed,urls_changed\nsitemap-1.xml.gz,unchanged,0,0,0\nsitemap-2.xml.gz,removed,0,40,0\nsitemap-3.xml.gz,changed,0,10,0\n');
  assert.deepEqual(JSON.parse(after.text['manifest.json']).changes, after.summary.changes);
});

test('a previous folder without a manifest is read with the audit reader, as another tool wrote it', async () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ loc: `${U}/p/${i}?a=${i}&b=1`, lastmod: '2025-01-02' }));
  // Another tool's formatting: indented, one element a line, its own index.
  const other = (locs: Row[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((r) => `  <url>\n    <loc>${r.loc.replace(/&/g, '&amp;')}</loc>\n  </url>\n`).join('')}</urlset>\n`;
  const dir = tempDir();
  writeFileSync(join(dir, 'sitemap-1.xml.gz'), gzipSync(other(rows.slice(20))));
  writeFileSync(join(dir, 'sitemap-2.xml.gz'), gzipSync(other(rows.slice(0, 20))));
  writeFileSync(join(dir, 'sitemap-index.xml'), `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${BASE}sitemap-1.xml.gz</loc><lastmod>2025-01-05</lastmod></sitemap></sitemapindex>\n`);
  const list = tempFile('list.csv', csv(rows));
  const out = join(tempDir(), 'out');
  const r = cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', out, '--json', '--previous', dir]);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(
    json.changes.map((c: { name: string; change: string; urlsAdded: number }) => [c.name, c.change, c.urlsAdded]),
    [
      ['sitemap-1.xml.gz', 'changed', 0],
      ['sitemap-2.xml.gz', 'changed', 0],
    ],
  );
  assert.deepEqual(json.files.map((f: { urls: number }) => f.urls), [10, 20], 'each URL stayed in the file it was in');
  // The set written now is this tool's: the next run against it (by its manifest) changes nothing.
  const again = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'x.zip'), '--json', '--previous', join(out, 'manifest.json')]);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(JSON.parse(again.stdout).changes.every((c: { change: string }) => c.change === 'unchanged'));
});

test("a set written here given as an input beside the list is read as a list, with a note that it is a previous set; another tool's zip gets no note", async () => {
  const rows = Array.from({ length: 6 }, (_, i) => ({ loc: `${U}/p/${i}`, lastmod: '2025-01-02' }));
  const week1 = tempFile('week1.zip', '');
  const first = cli(['generate', tempFile('week1.csv', csv(rows)), '--base-url', BASE, '--now', NOW, '-o', week1, '--quiet']);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(await isPublishedSet({ name: 'week1.zip', chunks: async function* () { yield readFileSync(week1); } }), true);
  // When it was made, so that of several the page takes the newest as the previous set.
  assert.equal(await publishedSetTime({ name: 'week1.zip', chunks: async function* () { yield readFileSync(week1); } }), new Date(NOW).toISOString());
  const list = tempFile('week2.csv', csv(rows.slice(2)));
  const r = cli(['generate', list, week1, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'w2.zip'), '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /week1\.zip is a set written here \(its manifest\.json\): its sitemaps' URLs were read as a list, so URLs the site dropped since are listed again; to keep each URL in its file instead, give it as the previous set/);
  assert.equal(JSON.parse(r.stdout).accepted, 6, 'read as a list, as given');
  // Given as the previous set, it is no input: no note. Given as both, the input is said to be a second one.
  const asPrevious = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'w3.zip'), '--previous', week1, '--json']);
  assert.doesNotMatch(asPrevious.stderr, /written here/);
  const both = cli(['generate', list, week1, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'w5.zip'), '--previous', week1]);
  assert.match(both.stderr, /week1\.zip is a set written here \(its manifest\.json\): .*; a run compares against one previous set, the one given as such/);
  // A zip of sitemaps without this tool's manifest is another tool's sitemaps: read as given.
  const entries = unzipSync(readFileSync(week1));
  delete entries['manifest.json'];
  const other = tempFile('other.zip', zipSync(entries));
  assert.equal(await isPublishedSet({ name: 'other.zip', chunks: async function* () { yield readFileSync(other); } }), false);
  const others = cli(['generate', list, other, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'w4.zip')]).stderr;
  assert.doesNotMatch(others, /written here/);
  assert.match(others, /other\.zip holds sitemaps, whose URLs were read as a list beside the others: if it is the set published last time, give it as the previous set instead/);
});

test('URLs that cannot stay in their files, named for sections this run does not have or by another tool, move with a note that says why', async () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({ loc: `${U}/${i % 2 ? 'blog' : 'shop'}/${i}`, lastmod: '2025-01-02' }));
  const list = tempFile('list.csv', csv(rows));
  const sectioned = tempFile('sectioned.zip', '');
  assert.equal(cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', sectioned, '--section-by', 'path:1', '--quiet']).status, 0);
  const plain = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'p.zip'), '--previous', sectioned, '--json']);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stderr, /the previous set's 2 files \(sitemap-blog-1\.xml\.gz, sitemap-shop-1\.xml\.gz\) are not named as this run names its files, so the URLs still listed in them moved to this run's files: it was written with sections \(--section-by path:1\), and this run has none; run as it was/);
  const again = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 's.zip'), '--previous', sectioned, '--section-by', 'path:1', '--json']);
  assert.doesNotMatch(again.stderr, /not named as this run/);
  assert.ok(JSON.parse(again.stdout).changes.every((c: { change: string }) => c.change === 'unchanged'));
  // Another tool's set: its names are never this run's, and the next run against this one's keeps them.
  const dir = tempDir();
  const other = (locs: Row[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((r) => `<url><loc>${r.loc}</loc></url>\n`).join('')}</urlset>\n`;
  writeFileSync(join(dir, 'post-sitemap.xml'), other(rows.slice(0, 6)));
  writeFileSync(join(dir, 'page-sitemap.xml'), other(rows.slice(6)));
  const yoast = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'y.zip'), '--previous', dir]);
  assert.equal(yoast.status, 0, yoast.stderr);
  assert.match(yoast.stderr, /the previous set's 2 files \(page-sitemap\.xml, post-sitemap\.xml\) are not named as this run names its files, so the URLs still listed in them moved to this run's files, this once: a run against the set written now keeps them in place/);
  assert.doesNotMatch(yoast.stderr, /index/, 'no index given, none named');
  // Its index is not replaced by this run's: the note says where to point robots.txt, and what to delete.
  writeFileSync(join(dir, 'sitemap_index.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${U}/post-sitemap.xml</loc></sitemap><sitemap><loc>${U}/page-sitemap.xml</loc></sitemap></sitemapindex>\n`);
  const withIndex = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'i.zip'), '--previous', dir]);
  assert.match(withIndex.stderr, /the previous set's index sitemap_index\.xml is not this run's sitemap-index\.xml: point robots\.txt's Sitemap line and Search Console at sitemap-index\.xml, and delete the old index from the server/);
  assert.doesNotMatch(cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'j.zip'), '--previous', sectioned, '--section-by', 'path:1']).stderr, /index/);
});

test("a previous set whose index lists files it does not hold (the zip of changed files alone) says so", async () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ loc: `${U}/p/${i}`, lastmod: '2025-01-02' }));
  const list = tempFile('list.csv', csv(rows));
  const whole = tempFile('whole.zip', '');
  assert.equal(cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', whole, '--max-urls', '10', '--quiet']).status, 0);
  const entries = unzipSync(readFileSync(whole));
  const partial = tempFile('upload.zip', zipSync({ 'sitemap-2.xml.gz': entries['sitemap-2.xml.gz'], 'sitemap-index.xml': entries['sitemap-index.xml'] }));
  const r = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'n.zip'), '--max-urls', '10', '--previous', partial]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /the previous set's index lists 2 files it does not hold \(sitemap-1\.xml\.gz, sitemap-3\.xml\.gz\): their URLs are taken as new; give the whole set as published/);
  assert.doesNotMatch(cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'm.zip'), '--max-urls', '10', '--previous', whole]).stderr, /does not hold/);
});

test('an unreadable previous set is one clear error', () => {
  const list = tempFile('list.csv', csv([{ loc: `${U}/a`, lastmod: '' }]));
  const empty = tempDir();
  mkdirSync(join(empty, 'sub'));
  const r = cli(['generate', list, '--base-url', BASE, '--previous', empty, '-o', join(tempDir(), 'x.zip')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /previous set holds no sitemap file/);
  assert.equal(cli(['generate', list, '--base-url', BASE, '--previous', join(empty, 'missing.zip'), '-o', join(tempDir(), 'y.zip')]).status, 1);
  // Each says what is wrong with which file.
  const published = join(tempDir(), 'published');
  assert.equal(cli(['generate', list, '--base-url', BASE, '--out-dir', published]).status, 0);
  const cut = tempDir();
  const gz = readFileSync(join(published, 'sitemap-1.xml.gz'));
  writeFileSync(join(cut, 'sitemap-1.xml.gz'), gz.subarray(0, gz.length - 12));
  const cases: [string, RegExp][] = [
    [join(published, 'sitemap-index.xml'), /the previous set holds a sitemap index \(sitemap-index.xml\) but none of its sitemaps: give the folder or zip it was published from, or its manifest.json\n$/],
    [cut, /the previous set.s sitemap-1.xml.gz cannot be read: the gzip data does not inflate \(unexpected end of file\)\n$/],
    [tempFile('old.zip', 'not a zip at all'), /the previous set old.zip is not a zip file\n$/],
  ];
  for (const [previous, said] of cases) {
    const failed = cli(['generate', list, '--base-url', BASE, '--previous', previous, '-o', join(tempDir(), 'z.zip')]);
    assert.equal(failed.status, 1, previous);
    assert.match(failed.stderr, said);
  }
});

test('a manifest kept under another name is the manifest; one that lists missing files, is no manifest, or is for another site stops the run', () => {
  const rows = Array.from({ length: 6 }, (_, i) => ({ loc: `${U}/p/${i}`, lastmod: '2025-01-02' }));
  const list = tempFile('list.csv', csv(rows));
  const week1 = join(tempDir(), 'week1');
  assert.equal(cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', week1, '--max-urls', '3']).status, 0);
  // Archived as week1-manifest.json beside the files, with other files in the folder that were never published.
  const kept = tempDir();
  for (const name of ['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-index.xml']) writeFileSync(join(kept, name), readFileSync(join(week1, name)));
  writeFileSync(join(kept, 'week1-manifest.json'), readFileSync(join(week1, 'manifest.json')));
  writeFileSync(join(kept, 'draft-sitemap.xml'), `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${U}/draft</loc></url></urlset>\n`);
  const generate = (previous: string, base = BASE) => cli(['generate', list, '--base-url', base, '--now', NOW, '-o', join(tempDir(), 'x.zip'), '--json', '--max-urls', '3', '--previous', previous]);
  const r = generate(join(kept, 'week1-manifest.json'));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).changes.map((c: { name: string; change: string }) => [c.name, c.change]), [
    ['sitemap-1.xml.gz', 'unchanged'],
    ['sitemap-2.xml.gz', 'unchanged'],
  ]);
  // A file the manifest lists is missing: its URLs would come out as new, and the file as removed.
  rmSync(join(kept, 'sitemap-2.xml.gz'));
  let failed = generate(join(kept, 'week1-manifest.json'));
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /^sitemill: the previous set's manifest.json lists a file that is not there: sitemap-2.xml.gz \(give the whole folder or zip that was published\)\n$/);
  failed = generate(week1, 'https://shop.example.org/');
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /the previous set was written for https:\/\/www.example.com, and this run is for https:\/\/shop.example.org/);
  writeFileSync(join(week1, 'manifest.json'), '{"files": ');
  failed = generate(week1);
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /the previous set's manifest.json is not JSON/);
  writeFileSync(join(week1, 'manifest.json'), '{"name": "something else"}');
  assert.match(generate(week1).stderr, /the previous set's manifest.json lists no files: it is not a manifest this tool wrote/);
});

test('text sitemaps: a reorder changes nothing, a lastmod is no part of them, and one removed URL changes one file', async () => {
  const rand = mulberry32(13);
  // URLs with characters XML escapes: a text sitemap writes them as they are.
  const rows = randomRows(rand, 300).map((r, i) => (i % 7 === 0 ? { ...r, loc: `${r.loc}?a=1&b=${i}` } : r));
  const options: Partial<Options> = { maxUrls: 40, format: 'txt' };
  const before = await run(csv(rows), options);
  const previous = [{ name: 'sitemaps.zip', data: before.zip }];
  const reordered = await run(csv(shuffle(rand, rows.map((r) => ({ ...r, lastmod: '2025-09-09' })))), { ...options, previous });
  assert.ok(reordered.summary.changes!.every((c) => c.change === 'unchanged'), JSON.stringify(reordered.summary.changes));
  const gone = rows[100].loc;
  const removed = await run(csv(rows.filter((r) => r.loc !== gone)), { ...options, previous });
  const changed = removed.summary.changes!.filter((c) => c.change !== 'unchanged');
  assert.deepEqual(changed, [{ name: 'sitemap-3.txt.gz', change: 'changed', urlsAdded: 0, urlsRemoved: 1, urlsChanged: 0 }]);
  assert.ok(!removed.files['sitemap-3.txt.gz'].includes(`${gone}\n`) && before.files['sitemap-3.txt.gz'].includes(`${gone}\n`));
  // The format changed since: each previous file is counted as what it is, its URLs and no more.
  for (const [from, to] of [['xml', 'txt'], ['txt', 'xml']] as const) {
    const was = await run(csv(rows), { maxUrls: 40, format: from });
    const now = await run(csv(rows), { maxUrls: 40, format: to, previous: [{ name: 'sitemaps.zip', data: was.zip }] });
    const gone = now.summary.changes!.filter((c) => c.change === 'removed');
    assert.equal(gone.length, 8, `${from} → ${to}`);
    assert.deepEqual(gone.map((c) => c.urlsRemoved), [40, 40, 40, 40, 40, 40, 40, 20], `${from} → ${to}`);
  }
});

test('a list that grows at its end keeps its older files whole; under a lower limit they split and move on as any file does', async () => {
  const rand = mulberry32(14);
  const rows = randomRows(rand, 500);
  const before = await publish(rows, { maxUrls: 45 }); // eleven full files and one of 5 URLs
  const added = randomRows(rand, 60, 1000);
  const grown = await publish([...rows, ...added], { maxUrls: 45 }, before);
  assertStable(before, grown, [...rows, ...added], new Set(added.map((r) => r.loc)), 45);
  const changed = grown.summary.changes!.filter((c) => c.change !== 'unchanged');
  assert.deepEqual(changed, [
    { name: 'sitemap-12.xml.gz', change: 'changed', urlsAdded: 40, urlsRemoved: 0, urlsChanged: 0 },
    { name: 'sitemap-13.xml.gz', change: 'added', urlsAdded: 20, urlsRemoved: 0, urlsChanged: 0 },
  ]);
  // The same list under a lower limit: every old file is over it, and gives its last URLs on.
  const lower = await publish(rows, { maxUrls: 40 }, before);
  const all = [...lower.files.values()].flat();
  assert.deepEqual([...all].sort(), rows.map((r) => r.loc).sort());
  for (const [name, locs] of lower.files) assert.ok(locs.length <= 40, `${name}: ${locs.length} URLs`);
  for (let n = 1; n <= 11; n++) {
    const name = `sitemap-${n}.xml.gz`;
    assert.deepEqual(lower.files.get(name), before.files.get(name)!.slice(0, 40), `${name} keeps its first 40 URLs`);
  }
});
