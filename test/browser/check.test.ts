// The Check tab in Chromium: a set of crafted sitemaps (one clean from the CLI generator, one per
// problem) checked from picked files, a picked folder, a zip, dropped files and a dropped folder,
// compared with `sitemill check --json`;
// a 50 MB sitemap with the main thread free; cancel; then Fix and re-generate, whose zip validates.
import assert from 'node:assert/strict';
import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { expectCheckShown, runCliCheck, shownCodes, waitForCheck } from '../helpers/check-view.ts';
import { runCli } from '../helpers/cli.ts';
import { MADE_FOR, writeSitemapSet } from '../helpers/sitemap-set.ts';
import { expectShown, setBaseAndTime, waitForResults } from '../helpers/workbench-view.ts';
import { xmllint } from '../helpers/xmllint.ts';
import { zipFiles } from '../helpers/zip-files.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { screenshotPath } from '../helpers/screenshots.ts';
import { assertFrameGap } from '../helpers/frame-gaps.ts';

const OPTIONS = ['--base-url', BASE, '--now', NOW];

let app: BrowserSuite;
let page: Page;
/** The crafted set, in work/set. */
let setDir: string;
let names: string[];

/** Starts a rAF loop in the page that records the longest gap between frames. */
const watchFrames = () =>
  page.evaluate(`(() => {
    const s = (window.__frames = { max: 0, frames: 0, on: true, last: performance.now() });
    const tick = () => { const now = performance.now(); s.max = Math.max(s.max, now - s.last); s.frames++; s.last = now; if (s.on) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
const stopFrames = () => page.evaluate('(window.__frames.on = false, window.__frames)') as Promise<{ max: number; frames: number }>;

/** The big sitemap: about 52 MB, 220,000 entries (over the protocol's 50,000). */
async function writeBigSitemap(file: string): Promise<void> {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (let i = 1; i <= 220_000; i++) {
    parts.push(
      `<url><loc>${BASE}catalog/section-${i % 97}/a-rather-long-product-name-for-item-number-${i}?ref=sitemap&amp;x=${i}</loc>` +
        `<lastmod>2025-06-${String((i % 28) + 1).padStart(2, '0')}T10:00:00+00:00</lastmod><changefreq>weekly</changefreq><priority>0.5</priority></url>\n`,
    );
  }
  parts.push('</urlset>\n');
  await writeFile(file, parts.join(''));
}

describe('the Check tab', { timeout: 240_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'check', mount: '/check/app/', needs: ['dist/index.html', 'lib/cli.js'] });
    page = app.page;
    setDir = path.join(app.work, 'set');
    await mkdir(setDir);
    names = await writeSitemapSet(setDir, BASE, NOW);
  });

  after(() => app?.close());

  it('checks picked sitemaps and shows what `sitemill check` finds, file by file and code by code', async () => {
    await page.goto(app.server.url);
    await page.getByRole('tab', { name: 'Check' }).click();
    await setBaseAndTime(page, BASE, NOW);
    const expected = runCliCheck(setDir, names, OPTIONS);
    for (const [file, code] of Object.entries(MADE_FOR)) {
      assert.ok(expected.findings.some((f) => f.file === file && f.code === code), `the CLI finds ${code} in ${file}`);
    }
    await page.getByLabel('Sitemap files').setInputFiles(names.map((n) => path.join(setDir, n)));
    await waitForCheck(page, names.length);
    await expectCheckShown(page, expected);
    assert.equal(await page.getByRole('alert').count(), 0, 'no error shown');
    await page.getByText('More options').click();
    // The picture: the top of the page, tall enough to show the findings table too.
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(300); // let the last paint settle
    await page.screenshot({ path: screenshotPath('screenshot-check.png', app.work) });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('checks extension values as the CLI does: alternates across files, images', async () => {
    const dir = path.join(app.work, 'alternates');
    await mkdir(dir);
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
    const set = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${ns}>\n${body}</urlset>\n`;
    const link = (code: string, href: string) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`;
    await writeFile(path.join(dir, 'en.xml'), set(`<url><loc>${BASE}en/1</loc>${link('en', `${BASE}en/1`)}${link('de', `${BASE}de/1`)}<image:image><image:loc>ftp://cdn/x.png</image:loc></image:image></url>\n`));
    await writeFile(path.join(dir, 'de.xml'), set(`<url><loc>${BASE}de/1</loc></url>\n`));
    const files = ['en.xml', 'de.xml'];
    const expected = runCliCheck(dir, files, OPTIONS);
    assert.deepEqual(expected.codes, { 'image-invalid': 1, 'hreflang-not-reciprocal': 1 });
    await page.getByLabel('Sitemap files').setInputFiles(files.map((n) => path.join(dir, n)));
    await waitForCheck(page, files.length);
    await expectCheckShown(page, expected);
    // A zip that holds only a list is said to hold no sitemap, not shown as an empty check.
    await writeFile(path.join(dir, 'list.zip'), zipSync({ 'list.csv': new TextEncoder().encode(`loc\n${BASE}a\n`) }));
    await page.getByLabel('Sitemap files').setInputFiles(path.join(dir, 'list.zip'));
    await page.getByRole('status').filter({ hasText: 'No sitemap was found: list.zip/list.csv was passed over' }).waitFor();
    assert.equal(await page.getByText('No sitemap was read.', { exact: true }).count(), 1, 'not "every file is clean"');
    // Back to the crafted set for the tests that follow.
    await page.getByLabel('Sitemap files').setInputFiles(names.map((n) => path.join(setDir, n)));
    await waitForCheck(page, names.length);
  });

  it('filters the findings by code, severity and file, and searches them', async () => {
    const rows = page.locator('.fscroll [role="row"]');
    await page.getByLabel('Code', { exact: true }).selectOption('xml-schema');
    await page.getByText(/^2 of \d+ findings$/).waitFor();
    assert.deepEqual(
      (await rows.locator('[role="cell"]:first-child').allInnerTexts()).map((t) => t.trim()),
      ['fixable.xml.gz', 'fixable.xml.gz'],
    );
    await page.getByLabel('Code', { exact: true }).selectOption('');
    await page.getByLabel('Severity').selectOption('warning');
    await page.getByText(/^6 of \d+ findings$/).waitFor(); // 4 of them index-orphan: the crafted files no index lists
    await rows.filter({ hasText: 'index-missing-file' }).filter({ hasText: 'sitemap-gone.xml' }).waitFor();
    await page.getByLabel('Severity').selectOption('');
    await page.getByLabel('File', { exact: true }).selectOption('urls.txt');
    await page.getByText(/^2 of \d+ findings$/).waitFor(); // and its index-orphan
    await rows.filter({ hasText: 'text-not-url' }).filter({ hasText: '"not a url"' }).waitFor();
    await page.getByLabel('File', { exact: true }).selectOption({ label: 'All files' });
    // The findings count of a file in the Files table filters the table to it.
    await page.getByRole('button', { name: /findings?: show those of big\.xml$/ }).click();
    await page.getByText(/^2 of \d+ findings$/).waitFor(); // and its index-orphan
    await rows.filter({ hasText: 'file-too-many-urls' }).filter({ hasText: '50,003' }).waitFor();
    await page.getByLabel('File', { exact: true }).selectOption({ label: 'All files' });
    await page.getByLabel('Search', { exact: true }).fill('DOCTYPE');
    await page.getByText(/^1 of \d+ findings$/).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByText(/^\d+ findings$/).waitFor();
  });

  it('shows errors first, opens a finding whole, names the base URL it inferred, and downloads the findings as the CLI finds them', async () => {
    // A check with no base URL given judges the entries by the one it infers, and says which.
    await page.getByLabel('Base URL').fill('');
    const expected = runCliCheck(setDir, names, ['--now', NOW]);
    await page.getByRole('button', { name: 'Check sitemaps' }).click();
    await page.getByText(`Base URL: ${BASE} (inferred from the entries`).waitFor();
    const rows = page.locator('.fscroll [role="row"]');
    await rows.nth(1).waitFor();
    const severities = (await rows.locator('.sev').allInnerTexts()).map((t) => t.trim().toLowerCase());
    const rank = ['error', 'excluded', 'warning', 'fix', 'info'];
    assert.equal(severities[0], 'error', 'errors come first');
    assert.deepEqual(severities, [...severities].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)), 'rows in order of severity');

    // The first row's code opens the finding whole, by keyboard: its message uncut, and how to fix it.
    const first = expected.findings.filter((f) => f.severity === 'error')[0];
    await rows.first().locator('button.code-open').focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('region', { name: 'The whole finding' });
    await detail.getByText(first.message, { exact: true }).waitFor();
    assert.ok(await detail.evaluate((el) => el.contains(document.activeElement)), 'the detail has the focus');
    await detail.getByText('How to fix').waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();
    assert.equal(await detail.isVisible(), false);
    assert.equal(await rows.first().locator('button.code-open').getAttribute('aria-expanded'), 'false');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download findings (CSV)' }).click()]);
    const csv = Papa.parse<{ file: string; line: string; severity: string; code: string; message: string }>(await readFile(await download.path(), 'utf8'), { header: true, skipEmptyLines: true });
    assert.deepEqual(csv.meta.fields, ['file', 'line', 'severity', 'code', 'message']);
    // A cell that would start a spreadsheet formula has a ' before it, as in report.csv.
    const unquote = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');
    const key = (f: { file: string; line: number | string; severity: string; code: string; message: string }) =>
      [unquote(f.file), f.line, f.severity, f.code, unquote(f.message)].join('\t');
    assert.deepEqual(csv.data.map(key).sort(), expected.findings.map(key).sort(), 'the CSV holds the CLI’s findings');
    await rows.first().locator('button.code-open').click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.locator('.work').screenshot({ path: screenshotPath('screenshot-check-phone.png', app.work) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Base URL').fill(BASE);
    await page.getByRole('button', { name: 'Check sitemaps' }).click();
    await page.getByText(`Base URL: ${BASE} (given)`).waitFor();
  });

  it('switches tabs with the arrow keys, keeps each tab’s results, and fits a phone', async () => {
    const generateTab = page.getByRole('tab', { name: 'Generate' });
    const checkTab = page.getByRole('tab', { name: 'Check' });
    await checkTab.focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await generateTab.getAttribute('aria-selected'), 'true', 'ArrowLeft shows Generate');
    assert.ok(await generateTab.evaluate((el) => el.matches(':focus')), 'and focuses its tab');
    await page.getByRole('button', { name: 'Generate sitemaps' }).waitFor();
    await page.keyboard.press('ArrowRight');
    assert.equal(await checkTab.getAttribute('aria-selected'), 'true', 'ArrowRight shows Check');
    await waitForCheck(page, names.length); // the results are still there
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the Check tab is ${width}px wide`);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('checks a picked folder, a zip and dropped files as the CLI checks them', async () => {
    const folder = runCliCheck(app.work, ['set'], OPTIONS);
    await page.getByLabel('Sitemap folder').setInputFiles(setDir);
    await waitForCheck(page, folder.files.length);
    assert.ok(folder.files.every((f) => f.name.startsWith('set/')), 'named by their paths');
    await expectCheckShown(page, folder);

    const zip = zipSync(Object.fromEntries(await Promise.all(names.map(async (n) => [n, new Uint8Array(await readFile(path.join(setDir, n)))]))));
    await writeFile(path.join(app.work, 'sitemaps.zip'), zip);
    const zipped = runCliCheck(app.work, ['sitemaps.zip'], OPTIONS);
    await page.getByLabel('Sitemap files').setInputFiles(path.join(app.work, 'sitemaps.zip'));
    await waitForCheck(page, zipped.files.length);
    assert.equal(zipped.files[0].name, 'sitemaps.zip/sitemap-1.xml');
    await expectCheckShown(page, zipped);

    // Dropped on the footer, far from any input, while the Check tab is shown.
    const dropped = ['urls.txt', 'malformed.xml'];
    const texts = await Promise.all(dropped.map((n) => readFile(path.join(setDir, n), 'utf8')));
    const dataTransfer = await page.evaluateHandle(
      ([names, texts]) => {
        const dt = new DataTransfer();
        names.forEach((n, i) => dt.items.add(new File([texts[i]], n, { type: 'text/plain' })));
        return dt;
      },
      [dropped, texts] as const,
    );
    const footer = page.locator('footer');
    await footer.dispatchEvent('dragenter', { dataTransfer });
    await page.getByText('Drop to check these sitemaps').waitFor();
    await footer.dispatchEvent('dragover', { dataTransfer });
    await footer.dispatchEvent('drop', { dataTransfer });
    await waitForCheck(page, 2);
    await expectCheckShown(page, runCliCheck(setDir, dropped, OPTIONS));

    // A folder dropped from the desktop: Chromium's own drag of a real directory (through DevTools'
    // input domain, as the operating system would deliver it), read through its directory entries.
    const cdp = await app.context.newCDPSession(page);
    const data = { items: [], files: [setDir], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, x: 640, y: 400, data });
    await cdp.detach();
    await waitForCheck(page, folder.files.length);
    await expectCheckShown(page, folder);
  });

  it('checks a 50 MB sitemap with the main thread free, cancels, and checks again', async () => {
    const big = path.join(app.work, 'big-50mb.xml');
    await writeBigSitemap(big);
    const expected = runCliCheck(app.work, ['big-50mb.xml'], OPTIONS);
    await watchFrames();
    const started = Date.now();
    await page.getByLabel('Sitemap files').setInputFiles(big);
    await waitForCheck(page, 1, 120_000);
    const frames = await stopFrames();
    console.log(`# 50 MB sitemap checked in ${((Date.now() - started) / 1000).toFixed(1)} s; longest gap between frames ${frames.max.toFixed(1)} ms`);
    assertFrameGap(frames.max, 'longest frame gap');
    await expectCheckShown(page, expected);

    // Three copies (hard links: no disk used) so the check lasts long enough to be cancelled mid-way.
    const copies = ['big-a.xml', 'big-b.xml', 'big-c.xml'].map((n) => path.join(app.work, n));
    for (const c of copies) await link(big, c);
    const cancel = page.getByRole('button', { name: 'Cancel' });
    const checkButton = page.getByRole('button', { name: 'Check sitemaps' });
    const expectCancelled = async () => {
      await page.getByText('Check cancelled.', { exact: false }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Checking' }).count(), 0, 'no progress left');
      assert.equal(await page.getByRole('heading', { name: 'Check summary' }).count(), 0, 'no stale results');
      assert.equal(await checkButton.getAttribute('aria-disabled'), 'false', 'Check sitemaps is ready');
    };
    // Early: at once.
    await page.getByLabel('Sitemap files').setInputFiles(copies);
    await cancel.click();
    await expectCancelled();
    // Mid-run: once bytes are read.
    await checkButton.click();
    await page.locator('.progress-stats dd').nth(1).filter({ hasText: /MiB/ }).waitFor();
    await cancel.click();
    await expectCancelled();
    // A fresh check works and shows the set's results.
    await page.getByLabel('Sitemap files').setInputFiles(names.map((n) => path.join(setDir, n)));
    await waitForCheck(page, names.length);
    await expectCheckShown(page, runCliCheck(setDir, names, OPTIONS));
  });

  it('fixes and re-generates the checked set: the Generate tab shows the CLI’s run and its zip validates', async () => {
    const expected = runCli(setDir, names[0], [...names.slice(1), ...OPTIONS, '--keep-shape']);
    const fix = page.getByRole('button', { name: 'Fix and re-generate' });
    await fix.click();
    assert.equal(await page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected'), 'true', 'the Generate tab is shown');
    await waitForResults(page, expected.rows);
    await expectShown(page, expected);
    // The file whose DOCTYPE voids it has no entry to write: it is left out, and named.
    await page.getByText('Left out, as nothing in it could be read as a sitemap: doctype.xml.').waitFor();
    await page.getByText('malformed.xml:4: </urll> does not match <url>').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
    const saved = path.join(app.work, 'fixed.zip');
    await download.saveAs(saved);
    const files = await zipFiles(saved);
    const theirs = await zipFiles(path.join(setDir, 'cli.zip'));
    const out = path.join(app.work, 'fixed');
    await mkdir(out);
    const sitemaps: string[] = [];
    const indexes: string[] = [];
    for (const [name, data] of files) {
      if (!name.endsWith('.xml')) continue;
      await writeFile(path.join(out, name), data);
      (name.includes('index') ? indexes : sitemaps).push(path.join(out, name));
      assert.ok(Buffer.from(data).equals(Buffer.from(theirs.get(name)!)), `${name} is the CLI's, byte for byte`);
    }
    // Each file stays itself (the text sitemap as XML); the one of 50,001 entries is split in two.
    assert.deepEqual(
      sitemaps.map((f) => path.basename(f)).sort(),
      ['big-2.xml', 'big.xml', 'fixable.xml', 'malformed.xml', 'sitemap-1.xml', 'urls.xml'],
    );
    xmllint('sitemap.xsd', sitemaps);
    xmllint('siteindex.xsd', indexes);

    // The re-generated set checks clean of errors.
    const recheck = runCliCheck(out, ['.'], OPTIONS);
    assert.deepEqual(recheck.findings.filter((f) => f.severity === 'error'), [], 'no error left');
    assert.deepEqual(Object.keys(await shownCodes(page)).sort(), Object.keys(expected.codes).sort());
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
