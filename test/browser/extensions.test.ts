// The second bundled sample in Chromium: extension columns (images, hreflang alternates, news, video)
// mapped and shown, their findings in the chart and the table, the written files valid against all.xsd,
// and report.csv holding every extension finding the page counted.
import assert from 'node:assert/strict';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { ROOT, runCli, type CliSummary } from '../helpers/cli.ts';
import { NOW } from '../helpers/run-values.ts';
import { expectShown, shownStats, waitForResults } from '../helpers/workbench-view.ts';
import { xmllint } from '../helpers/xmllint.ts';
import { zipFiles } from '../helpers/zip-files.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';

const SAMPLE = 'sample-extensions.csv';
/** The SPEC section 5 codes the sample is made to show. */
const EXTENSION_CODES = [
  'image-invalid',
  'hreflang-code-invalid',
  'hreflang-normalized',
  'hreflang-url-invalid',
  'hreflang-not-reciprocal',
  'hreflang-missing-self',
  'news-incomplete',
  'news-stale',
  'video-invalid',
  'text-invalid-char',
];

let app: BrowserSuite;
let page: Page;
let expected: CliSummary;

describe('extensions on the page', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'extensions',
      mount: '/tools/sitemill/',
      needs: ['dist/index.html', 'lib/cli.js'],
      viewport: { width: 1280, height: 900 },
    });
    page = app.page;
    await copyFile(path.join(ROOT, 'web', SAMPLE), path.join(app.work, SAMPLE));
  });

  after(() => app?.close());

  it('runs the extension sample and shows its findings as the CLI counts them', async () => {
    await page.clock.setFixedTime(new Date(NOW));
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Try a sample with images, alternates, news and video' }).click();
    // Like the page's first run: base URL inferred, the reference time the page's clock (fixed here).
    expected = runCli(app.work, SAMPLE, ['--now', NOW]);
    for (const code of EXTENSION_CODES) assert.ok(expected.codes[code] > 0, `the sample shows ${code}`);
    await waitForResults(page, expected.rows);
    await expectShown(page, expected);

    // The table lists them too.
    await page.getByLabel('Code', { exact: true }).selectOption('hreflang-not-reciprocal');
    const rows = page.locator('.fscroll [role="row"]');
    await rows.filter({ has: page.getByRole('cell', { name: 'https://www.example.com/de-at/produkte/lampe', exact: true }) }).first().waitFor();
    await page.getByText(`${expected.codes['hreflang-not-reciprocal']} of`, { exact: false }).waitFor();
    await page.getByLabel('Code', { exact: true }).selectOption('');
  });

  it('maps the extension columns to their roles, grouped', async () => {
    await page.locator('summary', { hasText: 'Columns' }).click();
    const roleOf = (column: number) => page.getByLabel(new RegExp(`^Role of column ${column} `)).inputValue();
    assert.equal(await roleOf(3), 'image');
    assert.equal(await roleOf(4), 'hreflang:en');
    assert.equal(await roleOf(5), 'hreflang:DE_at', 'the code as the header gives it; the engine writes it as de-AT');
    assert.equal(await roleOf(8), 'news:publication_name');
    assert.equal(await roleOf(16), 'video:duration');
    const groups = await page
      .getByLabel(/^Role of column 1 /)
      .locator('optgroup')
      .evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label));
    assert.deepEqual(groups, ['Sitemap', 'Crawl (leaves rows out)', 'Image', 'News', 'Video'], 'a column not named for a language offers no alternate');
    const hreflangGroup = page.getByLabel(/^Role of column 5 /).locator('optgroup[label="Alternate (hreflang)"] option');
    assert.deepEqual(await hreflangGroup.allInnerTexts(), ['hreflang:DE_at']);
    await page.locator('summary', { hasText: 'Columns' }).click();
  });

  it('previews the extension elements indented, one per line', async () => {
    await page.getByText('Preview of sitemap-1.xml.gz').click();
    const preview = page.getByRole('region', { name: 'Start of sitemap-1.xml.gz' });
    const lines = (await preview.innerText()).split('\n');
    assert.ok(lines.includes('      <image:loc>https://cdn.example.net/img/home.jpg</image:loc>'), 'an image, indented');
    assert.ok(
      lines.includes('    <xhtml:link rel="alternate" hreflang="de-AT" href="https://www.example.com/de-at/"/>'),
      'an alternate on its own line',
    );
    const box = (await preview.boundingBox())!;
    const scrollWidth = await preview.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(scrollWidth <= 1, `long lines wrap (${scrollWidth}px to scroll sideways, ${box.width}px wide)`);
    await page.getByLabel('As written (one URL a line)').check();
    assert.ok((await preview.innerText()).includes('<url><loc>https://www.example.com/</loc><lastmod>'), 'as written');
    await page.getByLabel('As written (one URL a line)').uncheck();
  });

  it('generates, and the downloaded zip validates against all.xsd with every finding in report.csv', async () => {
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForResults(page, expected.rows);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download zip' }).click(),
    ]);
    const zipPath = path.join(app.work, 'page.zip');
    await download.saveAs(zipPath);
    const mine = await zipFiles(zipPath);
    const theirs = await zipFiles(path.join(app.work, 'cli.zip'));

    const xmlDir = path.join(app.work, 'xml');
    await mkdir(xmlDir);
    const sitemaps: string[] = [];
    for (const [name, data] of mine) {
      if (!/^sitemap-\d+\.xml$/.test(name)) continue;
      await writeFile(path.join(xmlDir, name), data);
      sitemaps.push(path.join(xmlDir, name));
      assert.ok(Buffer.from(data).equals(Buffer.from(theirs.get(name)!)), `${name} is the CLI's, byte for byte`);
    }
    assert.deepEqual(sitemaps.map((f) => path.basename(f)), expected.files.map((f) => f.name.replace(/\.gz$/, '')));
    const xml = Buffer.from(mine.get('sitemap-1.xml')!).toString('utf8');
    for (const ns of ['sitemap-image/1.1', 'www.w3.org/1999/xhtml', 'sitemap-news/0.9', 'sitemap-video/1.1']) {
      assert.ok(xml.includes(ns), `the ${ns} namespace is declared`);
    }
    xmllint('all.xsd', sitemaps);
    await writeFile(path.join(xmlDir, 'sitemap-index.xml'), mine.get('sitemap-index.xml')!);
    xmllint('siteindex.xsd', [path.join(xmlDir, 'sitemap-index.xml')]);

    const report = Papa.parse<Record<string, string>>(Buffer.from(mine.get('report.csv')!).toString('utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const counts: Record<string, number> = {};
    for (const row of report) counts[row.code] = (counts[row.code] ?? 0) + 1;
    assert.deepEqual(counts, expected.codes, 'report.csv holds one row per finding counted');
    for (const code of EXTENSION_CODES) assert.ok(counts[code] > 0, `report.csv has ${code}`);
    // The summary's row counts: the rows of report.csv at that level (the header's line and rejected rows aside).
    const rejected = new Set(report.filter((r) => r.severity === 'error').map((r) => r.line));
    const rowsAt = (severity: string) => new Set(report.filter((r) => r.severity === severity && Number(r.line) > 1 && !rejected.has(r.line)).map((r) => r.line)).size;
    const stats = await shownStats(page);
    assert.deepEqual([stats.Fixed, stats.Warnings], [rowsAt('fix'), rowsAt('warning')], 'fixed rows and rows with warnings shown, as report.csv has them');
    const stale = report.find((r) => r.code === 'news-stale')!;
    assert.equal(stale.severity, 'warning');
    assert.equal(stale.value, '2025-12-29 16:30', 'the one news date more than two days before the fixed clock');
  });

  it('takes its own zip back as the list: the same sitemaps, extensions and all', async () => {
    const again = runCli(app.work, 'page.zip', ['--now', NOW]);
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'page.zip'));
    await page.locator('.list-name', { hasText: 'page.zip' }).waitFor();
    await waitForResults(page, again.rows);
    await expectShown(page, again);
    // Its columns come from the sitemap's elements: nothing to map, and no role to choose.
    await page.getByText("Read from the sitemap's elements").waitFor({ state: 'attached' });
    assert.equal(await page.getByLabel(/^Role of column/).count(), 0, 'no role selects for a sitemap');
    // The preview lists the extension columns with the core ones.
    const shownColumns = await page.locator('.mapping th .colname').allTextContents();
    for (const column of ['loc', 'lastmod', 'image', 'hreflang:de-AT', 'hreflang:x-default', 'news:title', 'video:duration']) {
      assert.ok(shownColumns.includes(column), `the preview shows ${column} (shown: ${shownColumns.join(', ')})`);
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
    const zipPath = path.join(app.work, 'again.zip');
    await download.saveAs(zipPath);
    const first = await zipFiles(path.join(app.work, 'page.zip'));
    const second = await zipFiles(zipPath);
    for (const [name, data] of first) {
      if (!/^sitemap-(\d+|index)\.xml$/.test(name)) continue;
      assert.ok(Buffer.from(data).equals(Buffer.from(second.get(name) ?? [])), `${name} comes back byte for byte`);
    }
  });

  it('with a sitemap and a list together, maps the list', async () => {
    const list = path.join(app.work, 'more.csv');
    await writeFile(list, 'page,modified\nhttps://www.example.com/more/1,2025-01-01\n');
    await page.getByLabel('URL list').setInputFiles([path.join(app.work, 'page.zip'), list]);
    await page.getByLabel(/^Role of column 1 /).waitFor({ state: 'attached' });
    assert.equal(await page.getByLabel(/^Role of column 1 /).inputValue(), 'loc', 'the list is mapped, the sitemap read as it is');
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
