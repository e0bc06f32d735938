// End to end in real headless Chromium: the built page served from a sub-path under the strict CSP,
// used through its accessible names, compared with the CLI, then offline, then under load.
import assert from 'node:assert/strict';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT, runCli as cliJson, type CliSummary } from '../helpers/cli.ts';
import { bigList } from '../helpers/lists.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { expectShown as shown, setBaseAndTime, shownStats as stats, waitForResults as results } from '../helpers/workbench-view.ts';
import { xmllint } from '../helpers/xmllint.ts';
import { zipFiles } from '../helpers/zip-files.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { screenshotPath } from '../helpers/screenshots.ts';
import { assertFrameCount, assertFrameGap } from '../helpers/frame-gaps.ts';

const BIG_ROWS = 300_000;

let app: BrowserSuite;
let page: Page;

/** Runs the CLI on `input` in `dir`, writing cli.zip there; returns its --json summary. */
const runCli = (dir: string, input: string, args = ['--base-url', BASE, '--now', NOW]): CliSummary => cliJson(dir, input, args);
const shownStats = () => stats(page);
const waitForResults = (rows: number, timeout?: number) => results(page, rows, timeout);
const expectShown = (expected: CliSummary) => shown(page, expected);

/** Downloads the page's zip, validates its sitemaps and compares it with the CLI's zip, file by file. */
async function downloadAndCompare(dir: string, identicalManifest: boolean): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download zip' }).click(),
  ]);
  const pageZip = path.join(dir, 'page.zip');
  await download.saveAs(pageZip);
  const mine = await zipFiles(pageZip);
  const theirs = await zipFiles(path.join(dir, 'cli.zip'));

  const xmlDir = path.join(dir, 'xml');
  await mkdir(xmlDir, { recursive: true });
  const sitemaps: string[] = [];
  const indexes: string[] = [];
  for (const [name, data] of mine) {
    if (!name.endsWith('.xml')) continue;
    const file = path.join(xmlDir, name);
    await writeFile(file, data);
    (/-index(-\d+)?\.xml$/.test(name) ? indexes : sitemaps).push(file);
  }
  assert.ok(sitemaps.length > 0, 'the zip holds sitemaps');
  assert.equal(indexes.length, 1, 'the zip holds one index');
  xmllint('sitemap.xsd', sitemaps);
  xmllint('siteindex.xsd', indexes);

  assert.deepEqual([...mine.keys()].sort(), [...theirs.keys()].sort(), 'same file names as the CLI');
  for (const [name, data] of mine) {
    const other = theirs.get(name)!;
    if (name === 'manifest.json' && !identicalManifest) {
      // The manifest records compressed sizes and hashes, and the browser's zlib is not Node's.
      const strip = (b: Uint8Array) => {
        const m = JSON.parse(Buffer.from(b).toString('utf8'));
        for (const f of m.files) {
          delete f.gzipBytes;
          delete f.sha256;
        }
        return m;
      };
      assert.deepEqual(strip(data), strip(other), 'manifest.json matches the CLI but for compressed sizes');
      continue;
    }
    assert.ok(Buffer.from(data).equals(Buffer.from(other)), `${name} is byte-identical to the CLI's`);
  }
}

/** Loads a list through the file input, as a person picks a file, and checks what is shown. */
async function loadAndCheck(dir: string, name: string, identicalManifest: boolean, cliExtra: string[] = []): Promise<void> {
  const expected = runCli(dir, name, ['--base-url', BASE, '--now', NOW, ...cliExtra]);
  await page.getByLabel('URL list').setInputFiles(path.join(dir, name));
  await waitForResults(expected.rows);
  // Options typed after the list loaded apply on the next run.
  await page.getByRole('button', { name: 'Generate sitemaps' }).click();
  await waitForResults(expected.rows);
  await page.getByRole('button', { name: 'Download zip' }).and(page.locator(':enabled')).waitFor();
  await expectShown(expected);
  await downloadAndCompare(dir, identicalManifest);
}

describe('the page in Chromium', { timeout: 600_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'workbench', mount: '/app/sub/', needs: ['dist/index.html', 'dist/sw.js', 'lib/cli.js'] });
    page = app.page;
  });

  after(() => app?.close());

  it('loads from a sub-path and runs the bundled sample', async () => {
    await page.clock.setFixedTime(new Date(NOW));
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    const dir = path.join(app.work, 'sample');
    await mkdir(dir);
    await copyFile(path.join(ROOT, 'web/sample-urls.csv'), path.join(dir, 'sample-urls.csv'));
    // Like the page's first run: base URL inferred, the reference time the page's clock (fixed here).
    const expected = runCli(dir, 'sample-urls.csv', ['--now', NOW]);
    await waitForResults(expected.rows);
    await expectShown(expected);
    const stats = await shownStats();
    assert.ok(stats.Rejected > 0 && stats.Fixed > 0 && stats.Warnings > 0, 'the sample shows every kind of finding');
    await page.getByRole('heading', { name: 'Findings by code' }).waitFor();
    await page.waitForTimeout(300); // let the last paint settle for the picture
    await page.screenshot({ path: screenshotPath('screenshot.png', app.work) });
  });

  it('shows the detected columns and lets a role be changed', async () => {
    await page.locator('summary', { hasText: 'Columns' }).click();
    const role = page.getByLabel(/^Role of column 1/);
    assert.equal(await role.inputValue(), 'loc');
    await page.getByLabel(/^Role of column 4/).selectOption('ignore');
    await page.getByText('Options changed since this run').waitFor();
    await page.getByRole('button', { name: 'Use detected roles' }).click();
    await page.getByText('Options changed since this run').waitFor({ state: 'detached' });
  });

  it('filters, searches and pages the findings table', async () => {
    await page.getByLabel('Code', { exact: true }).selectOption('loc-host');
    await page.getByText(/^2 of \d+ findings$/).waitFor();
    const rows = page.locator('.fscroll [role="row"]');
    await assert.doesNotReject(rows.filter({ hasText: 'shop.example.org' }).first().waitFor());
    await page.getByLabel('Code', { exact: true }).selectOption('');
    await page.getByLabel('Severity').selectOption('fix');
    await page.getByLabel('Search', { exact: true }).fill('Monthly');
    await page.getByText(/^1 of \d+ findings$/).waitFor();
    await rows.filter({ hasText: 'changefreq-normalized' }).first().waitFor();
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Severity').selectOption('');
    // A duplicate names the row it repeats (report.csv says the same).
    await page.getByLabel('Code', { exact: true }).selectOption('loc-duplicate');
    await rows.filter({ hasText: 'loc-duplicate' }).filter({ hasText: 'first at line 3' }).waitFor();
    await page.getByLabel('Code', { exact: true }).selectOption('');
  });

  it('shows what stops a URL first, opens any finding whole, and says how to publish the set', async () => {
    // A crawl: the columns it ignores are notes, which come after what was left out, not above it.
    await page.getByRole('button', { name: /^Try a crawler export/ }).click();
    await waitForResults(40);
    const rows = page.locator('.fscroll [role="row"]');
    await rows.nth(1).waitFor();
    const severities = (await rows.locator('.sev').allInnerTexts()).map((t) => t.trim().toLowerCase());
    const rank = ['error', 'excluded', 'warning', 'fix', 'info'];
    assert.notEqual(severities[0], 'info', 'notes are not first');
    assert.deepEqual(severities, [...severities].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)), 'rows in order of severity');
    await page.getByLabel('Severity').selectOption('info');
    await page.getByText(/^\d+ of \d+ findings$/).waitFor();

    // A row's code opens the finding whole, by keyboard; the cut cells' texts are there uncut.
    await page.getByLabel('Severity').selectOption('excluded');
    await page.getByText(/^\d+ of \d+ findings$/).waitFor();
    const firstCode = rows.first().locator('button.code-open');
    await firstCode.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('region', { name: 'The whole finding' });
    await detail.waitFor();
    assert.equal(await firstCode.getAttribute('aria-expanded'), 'true');
    const url = (await rows.first().locator('[role="cell"].val').first().getAttribute('title')) ?? '';
    assert.ok(url.startsWith('https://www.example.com/'), url);
    await detail.getByText(url, { exact: true }).waitFor();
    await detail.locator('dt', { hasText: 'Reason' }).waitFor();
    await detail.locator('dt', { hasText: 'How to fix' }).waitFor();
    await page.keyboard.press('Tab'); // to Close
    await page.keyboard.press('Enter');
    await detail.waitFor({ state: 'hidden' });
    assert.ok(await firstCode.evaluate((el) => el === document.activeElement), 'focus back on the row');
    await page.getByLabel('Severity').selectOption('');

    // Publish: where the files go, the robots.txt line (copied as the zip's robots-sitemap.txt has it), what to submit.
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByText(BASE, { exact: true }).waitFor();
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.origin });
    await publish.getByRole('button', { name: 'Copy' }).click();
    await publish.getByText('Copied.').waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
    const zipped = await zipFiles(await download.path());
    assert.equal(copied, Buffer.from(zipped.get('robots-sitemap.txt')!).toString('utf8').trimEnd(), 'the line robots-sitemap.txt holds');
    assert.equal(copied, `Sitemap: ${BASE}sitemap-index.xml`);
    await publish.getByText(/Google Search Console.*Bing Webmaster Tools/).waitFor();
    await publish.locator('code', { hasText: `${BASE}sitemap-index.xml` }).waitFor();
    assert.ok(zipped.has('sitemap-index.xml'), 'the file to submit is in the zip');
    // Against that zip as the previous set, the same list changes nothing: nothing is to upload.
    await page.getByLabel('Previously published zip (optional)').setInputFiles(await download.path());
    await publish.getByText('Since the previous set: 0 files changed, 0 added, 1 unchanged, 0 removed; nothing to upload: the set is as published.').waitFor();
    await page.getByRole('button', { name: /^Remove / }).click();
    await publish.getByText(/^Since the previous set/).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Download zip' }).and(page.locator(':enabled')).waitFor();
    await rows.nth(1).waitFor();

    // The pictures, at both widths, with a finding opened.
    await rows.first().locator('button.code-open').click();
    await detail.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('screenshot-publish.png', app.work), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('screenshot-phone.png', app.work) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await detail.getByRole('button', { name: 'Close' }).click();
  });

  it('takes a pasted list and a list dropped anywhere on the page', async () => {
    await page.getByLabel('Paste URLs').fill('https://www.example.com/a\nhttps://www.example.com/b#x\nhttps://other.example/c\n');
    await page.getByRole('button', { name: /^Use pasted list/ }).click();
    await waitForResults(3);
    assert.equal((await shownStats()).Accepted, 2);
    await page.getByText('pasted.txt', { exact: true }).waitFor();
    await page.getByText('Loaded: pasted.txt').waitFor(); // at the input too: the file input itself forgets

    // A drop on the page's footer, far from any input: the whole page is the drop target.
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['https://www.example.com/x\nhttps://www.example.com/y\n'], 'dropped.txt', { type: 'text/plain' }));
      return dt;
    });
    const target = page.locator('footer');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await page.getByText('Drop to load the list').waitFor();
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
    await page.getByText('dropped.txt', { exact: true }).waitFor();
    await waitForResults(2);
    assert.equal(await page.getByText('Drop to load the list').count(), 0, 'the drop overlay is gone');
  });

  it('lists many files cheaply: the first 50, each preview built when it is opened', async () => {
    if (!(await page.getByLabel('Max URLs per file').isVisible())) await page.getByText('More options').click();
    await page.getByLabel('Max URLs per file').fill('2');
    const urls = Array.from({ length: 130 }, (_, i) => `https://www.example.com/many/${i + 1}`).join('\n');
    await page.getByLabel('Paste URLs').fill(urls);
    await page.getByRole('button', { name: /^Use pasted list/ }).click();
    await waitForResults(130);
    const rows = page.locator('table.files tbody tr');
    assert.equal(await rows.count(), 50, 'the first 50 of 65 files');
    assert.equal(await page.locator('pre.preview').count(), 0, 'no preview built before one is opened');
    await page.getByText('Preview of sitemap-3.xml.gz').click();
    assert.match(await page.getByRole('region', { name: 'Start of sitemap-3.xml.gz' }).innerText(), /<loc>https:\/\/www\.example\.com\/many\/5<\/loc>/);
    assert.equal(await page.locator('pre.preview').count(), 1, 'only the opened one');
    await page.getByRole('button', { name: 'Show all 65 files' }).click();
    assert.equal(await rows.count(), 66, 'every file, and the open preview');
    await page.getByLabel('Max URLs per file').fill('50000');
    await page.getByText('More options').click();
  });

  it('generates from a picked file the same files as the CLI, and they validate', async () => {
    await setBaseAndTime(page, BASE, NOW);
    const dir = path.join(app.work, 'online');
    await mkdir(dir);
    await copyFile(path.join(ROOT, 'web/sample-urls.csv'), path.join(dir, 'urls.csv'));
    await loadAndCheck(dir, 'urls.csv', false);
  });

  it('stays responsive on a 300,000-row list, virtualizes its findings, and cancels', async () => {
    const dir = path.join(app.work, 'big');
    await mkdir(dir);
    await writeFile(path.join(dir, 'big.csv'), bigList(BIG_ROWS));
    // In-page code goes as text: the test's transpiler would wrap functions in helpers the page lacks.
    await page.evaluate(`(() => {
      const s = (window.__frames = { max: 0, frames: 0, on: true, last: performance.now(), long: [] });
      const tick = () => {
        const now = performance.now();
        const gap = now - s.last;
        if (gap > s.max) s.max = gap;
        if (gap > 100) s.long.push(Math.round(gap) + ' ms ' + (document.querySelector('#progress-title') ? 'while working' : 'after'));
        s.frames++;
        s.last = now;
        if (s.on) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const started = Date.now();
    await page.getByLabel('URL list').setInputFiles(path.join(dir, 'big.csv'));
    await waitForResults(BIG_ROWS, 180_000);
    await page.getByRole('heading', { name: 'Findings by code' }).waitFor();
    await page.waitForTimeout(200); // include the frames that render the results
    const frames = (await page.evaluate('(window.__frames.on = false, window.__frames)')) as {
      max: number;
      frames: number;
      long: string[];
    };
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `# ${BIG_ROWS} rows in ${seconds.toFixed(1)} s; ${frames.frames} frames; longest gap between frames ${frames.max.toFixed(1)} ms` +
        (frames.long.length ? ` (gaps over 100 ms: ${frames.long.join(', ')})` : ''),
    );
    assertFrameCount(frames.frames, 10, 'frames kept coming while the list was worked');
    assertFrameGap(frames.max, 'longest frame gap');

    // Only the visible findings are in the DOM, and the last one can be scrolled to.
    const scroller = page.locator('.fscroll');
    const rowsInDom = await page.locator('.fscroll [role="row"]').count();
    assert.ok(rowsInDom > 5 && rowsInDom < 40, `${rowsInDom} rows in the DOM`);
    const totalText = await page.getByText(/^[\d,]+ findings$/).innerText();
    const total = Number(totalText.replace(/[^\d]/g, ''));
    assert.ok(total > 1_000_000, `${total} findings`);
    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page
      .locator(`.fscroll [role="row"][aria-rowindex="${total + 1}"]`)
      .filter({ has: page.locator('code') })
      .waitFor();
    await scroller.evaluate((el) => {
      el.scrollTop = 0;
    });

    // Wheel through the million findings: frames keep coming while pages are fetched from the worker.
    await page.evaluate('(window.__frames = { max: 0, frames: 0, on: true, last: performance.now(), long: [] }, requestAnimationFrame(function f() { const s = window.__frames, n = performance.now(); s.max = Math.max(s.max, n - s.last); s.frames++; s.last = n; if (s.on) requestAnimationFrame(f); }))');
    await scroller.scrollIntoViewIfNeeded();
    const box = (await scroller.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(25);
    }
    const scrolling = (await page.evaluate('(window.__frames.on = false, window.__frames)')) as { max: number; frames: number };
    const shown = await page.locator('.fscroll [role="row"]').first().getAttribute('aria-rowindex');
    console.log(`# wheel-scrolled to finding ${shown}; longest gap between frames ${scrolling.max.toFixed(1)} ms`);
    assert.ok(Number(shown) > 1000, 'the table scrolled');
    assertFrameGap(scrolling.max, 'longest frame gap while scrolling');
    await page.locator('.fscroll [role="row"] code').first().waitFor();

    // Cancel at once, then the page is ready for the next run.
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Summary' }).count(), 0, 'no stale results after cancel');
    await page.getByRole('button', { name: 'Generate sitemaps' }).and(page.locator(':enabled')).waitFor();
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    await page.getByRole('heading', { name: 'Findings by code' }).waitFor();
  });

  it('fits a 390-px-wide phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    // In one column the results are far below the list: a button beside the loaded list goes there.
    await page.evaluate(() => scrollTo(0, 0));
    await page.getByRole('button', { name: 'See the results' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'work');
    assert.ok(await page.getByRole('heading', { name: 'Findings by code' }).isVisible());
    assert.ok(await page.evaluate(() => scrollY > 0), 'the page scrolled to the results');
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.equal(await page.getByRole('button', { name: 'See the results' }).isVisible(), false, 'beside the results, no need');
  });

  it('works offline after one visit, with options remembered', async () => {
    await page.getByText('Works offline').waitFor({ timeout: 30_000 });
    // A remembered option: the next run writes uncompressed files.
    await page.getByLabel('Gzip the files').uncheck();
    const before = app.server.requests.length;
    await app.context.setOffline(true);
    await page.reload();
    assert.equal(await page.getByLabel('Gzip the files').isChecked(), false, 'gzip off was remembered');
    assert.equal(await page.getByLabel('Base URL').inputValue(), BASE, 'base URL was remembered');
    await setBaseAndTime(page, BASE, NOW);
    const dir = path.join(app.work, 'offline');
    await mkdir(dir);
    await copyFile(path.join(ROOT, 'web/sample-urls.csv'), path.join(dir, 'urls.csv'));
    await loadAndCheck(dir, 'urls.csv', true, ['--no-gzip']);
    assert.deepEqual(app.server.requests.slice(before), [], 'nothing reached the server while offline');
    await app.context.setOffline(false);
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
