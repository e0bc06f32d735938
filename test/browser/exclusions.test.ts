// Rows left out on purpose (SPEC 10) on the page, in Chromium: the crawler sample's excluded rows
// counted per reason apart from errors, a rule switched off and on, include/exclude patterns with
// their live counts, a pattern the engine refuses, and a robots.txt beside the list. Each state's zip
// is compared with what the Node library writes for the same options.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { generate, type Options, type Summary } from 'sitemill';
import { ROOT } from '../helpers/cli.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { setBaseAndTime, shownStats, waitForResults, waitForStat } from '../helpers/workbench-view.ts';
import { zipFiles } from '../helpers/zip-files.ts';

const SAMPLE = path.join(ROOT, 'web/sample-crawl.csv');

let app: BrowserSuite;
let page: Page;
let downloads = 0;

/** The library's summary and written URLs for the sample with these options (and the suite's base and clock). */
async function expected(options: Partial<Options> = {}): Promise<{ summary: Summary; locs: string[] }> {
  const result = await generate(new Uint8Array(await readFile(SAMPLE)), { baseUrl: BASE, now: NOW, ...options });
  const file = path.join(app.work, `library-${++downloads}.zip`);
  await writeFile(file, Buffer.concat(result.zip));
  return { summary: result.summary, locs: locsOf(await zipFiles(file)) };
}

/** The URLs the sitemaps of a zip list, in order. */
function locsOf(files: Map<string, Uint8Array>): string[] {
  const names = [...files.keys()].filter((n) => /^sitemap-\d+\.(xml|txt)$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.flatMap((n) => [...Buffer.from(files.get(n)!).toString('utf8').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
}

/** Downloads the page's zip and reads its URLs. */
async function pageLocs(): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
  const file = path.join(app.work, `page-${++downloads}.zip`);
  await download.saveAs(file);
  return locsOf(await zipFiles(file));
}

/** The count the Left out on purpose panel shows beside `code`. */
const reasonCount = async (code: string) =>
  Number(
    await page
      .locator('.left-out li', { has: page.locator('code', { hasText: new RegExp(`^${code}$`) }) })
      .locator('.reason-count')
      .innerText(),
  );

/** Waits until the summary shows the library's numbers for these options (the page runs again by itself), and checks the panel. */
async function expectRun(want: Summary): Promise<void> {
  await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
  await waitForStat(page, 'Summary', 'Excluded', want.excluded, 30_000);
  // The panel shows the finished run once its rules are counted.
  await page.getByText(`${want.excluded} of ${want.rows} rows`, { exact: true }).waitFor();
  const stats = await shownStats(page);
  assert.deepEqual(
    [stats.Rows, stats.Accepted, stats.Rejected, stats.Excluded],
    [want.rows, want.accepted, want.rejected, want.excluded],
    'rows = accepted + rejected + excluded, as the library counts them',
  );
  for (const code of ['row-status', 'row-not-page', 'row-non-indexable', 'row-noindex', 'row-canonicalised']) {
    assert.equal(await reasonCount(code), want.codes[code] ?? 0, `${code} counted in the panel`);
  }
}

describe('rows left out on purpose', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'exclusions',
      mount: '/seo/sitemill/',
      needs: ['dist/index.html', 'lib/index.js'],
      viewport: { width: 1280, height: 900 },
    });
    page = app.page;
  });

  after(() => app?.close());

  it('runs the crawler sample and shows its excluded rows apart from errors, per reason', async () => {
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByRole('button', { name: /^Try a crawler export/ }).click();
    await waitForResults(page, 40);
    const want = await expected();
    assert.ok(want.summary.excluded > 0 && want.summary.codes['row-status'] > 0 && want.summary.codes['row-not-page'] > 0, 'the sample leaves rows out');
    await expectRun(want.summary);
    assert.deepEqual(await pageLocs(), want.locs, 'the zip lists the URLs the library writes');

    // In the findings table they read as their own severity, each value saying why.
    await page.getByLabel('Severity', { exact: true }).selectOption('excluded');
    await page.getByText(new RegExp(`^${want.summary.excluded} of \\d+ findings$`)).waitFor();
    // A URL on the site shows its path, and is named whole to assistive technology.
    const redirect = page.locator('.fscroll [role="row"]').filter({ has: page.getByRole('cell', { name: 'https://www.example.com/tents/', exact: true }) }).first();
    assert.match(await redirect.innerText(), /row-status[\s\S]*excluded[\s\S]*^\/tents\/$[\s\S]*301 redirect to \/shop\/tents\//im, 'a redirect says so, with its status');
    assert.ok(!(await redirect.innerText()).includes('https://www.example.com/'), 'the origin is not repeated on each row');
    await page.getByLabel('Severity', { exact: true }).selectOption('');
  });

  it('turns a rule off: its rows go into the sitemap; on again: they leave it', async () => {
    const off = await expected({ keep: ['row-not-page'] });
    const switchOf = page.getByRole('checkbox', { name: /^Not an HTML page or PDF/ });
    assert.equal(await switchOf.isChecked(), true);
    await switchOf.uncheck();
    await expectRun(off.summary);
    assert.equal(await reasonCount('row-not-page'), 0);
    const locs = await pageLocs();
    assert.deepEqual(locs, off.locs, 'the page writes what the library writes with the rule off');
    assert.ok(locs.includes('https://www.example.com/images/dome-2p-800x600.jpg'), 'an image is listed now');

    await switchOf.check();
    const on = await expected();
    await expectRun(on.summary);
    assert.deepEqual(await pageLocs(), on.locs, 'back to the first sitemap');
  });

  it('adds an exclude pattern: its live count, the counts and the zip change', async () => {
    const rules: Options['urlRules'] = [{ kind: 'exclude', pattern: '/blog/tag/*' }];
    const want = await expected({ urlRules: rules });
    const n = want.summary.codes['row-excluded-rule'];
    assert.equal(n, 3, 'three tag pages');
    await page.getByLabel('Kind').selectOption('exclude');
    await page.getByLabel('Pattern').fill('/blog/tag/*');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const rule = page.locator('.rule', { hasText: '/blog/tag/*' });
    await rule.getByText(`${n} rows left out`).waitFor();
    await expectRun(want.summary);
    assert.equal(await reasonCount('row-excluded-rule'), n);
    const locs = await pageLocs();
    assert.deepEqual(locs, want.locs);
    assert.ok(!locs.some((l) => l.includes('/blog/tag/')), 'no tag page is listed');
  });

  it('shows the engine’s reason beside a pattern it refuses, and no stale results', async () => {
    await page.getByLabel('Pattern').fill('/shop/(a|b)/*');
    await page.keyboard.press('Enter');
    const bad = page.locator('.rule', { hasText: '/shop/(a|b)/*' });
    await bad.locator('.rule-note.bad', { hasText: 'regular expression groups' }).waitFor();
    await page.getByRole('heading', { name: 'Summary' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: 'Download zip' }).isDisabled(), true, 'nothing to download from a run that did not happen');

    await bad.getByRole('button', { name: 'Remove exclude /shop/(a|b)/*' }).click();
    await expectRun((await expected({ urlRules: [{ kind: 'exclude', pattern: '/blog/tag/*' }] })).summary);
  });

  it('leaves out what a robots.txt disallows, with its count, until it is removed', async () => {
    const robotsTxt = 'User-agent: *\nDisallow: /guides/\n\nUser-agent: Googlebot\nDisallow: /shop/stoves/\n';
    const rules: Options['urlRules'] = [{ kind: 'exclude', pattern: '/blog/tag/*' }];
    const want = await expected({ urlRules: rules, robotsTxt, robotsAgent: 'Googlebot' });
    const n = want.summary.codes['robots-disallowed'];
    assert.ok(n > 0, 'the robots.txt disallows some rows for Googlebot');
    await page.getByLabel('robots.txt (optional)').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from(robotsTxt) });
    await page.getByText(`${n} ${n === 1 ? 'row' : 'rows'} disallowed for this agent.`).waitFor();
    await expectRun(want.summary);
    assert.equal(await page.getByLabel('User agent').inputValue(), 'Googlebot');
    assert.deepEqual(await pageLocs(), want.locs);

    await page.getByRole('button', { name: 'Remove robots.txt' }).click();
    await expectRun((await expected({ urlRules: rules })).summary);

    // Dropped on its field, the file is the robots.txt, not a new list.
    await page.getByRole('group', { name: 'robots.txt' }).evaluate((zone, text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped-robots.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, robotsTxt);
    await page.getByText('dropped-robots.txt').waitFor();
    await expectRun(want.summary);
    assert.equal(await page.locator('.list-name').innerText().then((t) => t.includes('sample-crawl.csv')), true, 'the list stays loaded');
    assert.equal(await page.locator('.drop').count(), 0, 'no overlay left behind');
    await page.getByRole('button', { name: 'Remove dropped-robots.txt' }).click();
    await expectRun((await expected({ urlRules: rules })).summary);
  });

  it('remembers the rules and switches with the other options', async () => {
    await page.getByRole('checkbox', { name: /^Strip tracking parameters/ }).uncheck();
    const want = await expected({ urlRules: [{ kind: 'exclude', pattern: '/blog/tag/*' }], keep: ['loc-tracking-param'] });
    await expectRun(want.summary);
    await page.reload();
    await page.getByRole('button', { name: /^Try a crawler export/ }).click();
    await waitForResults(page, 40);
    await page.locator('.rule', { hasText: '/blog/tag/*' }).getByText('3 rows left out').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^Strip tracking parameters/ }).isChecked(), false);
    assert.equal(await shownStats(page).then((s) => s.Accepted), want.summary.accepted);
  });

  it('says when a crawl\'s status and content-type columns have names no rule reads; given those roles, their rows leave', async () => {
    const U = 'https://www.example.com';
    // Italian headers, which no rule reads by name (Screaming Frog's English, German, French and Spanish ones are read).
    const italian = [
      '"Indirizzo","Tipo di contenuto","Codice di risposta","Stato"',
      `"${U}/","text/html; charset=UTF-8","200","OK"`,
      `"${U}/a","text/html","200","OK"`,
      `"${U}/old","text/html","301","Moved Permanently"`,
      `"${U}/gone","text/html","404","Not Found"`,
      `"${U}/logo.png","image/png","200","OK"`,
    ].join('\n');
    await page.getByLabel('URL list').setInputFiles({ name: 'exploration.csv', mimeType: 'text/csv', buffer: Buffer.from(italian) });
    // Unread, the columns decide nothing; the logo is left out by its extension alone.
    await waitForStat(page, 'Summary', 'Accepted', 4, 30_000);
    await page.locator('.notes li', { hasText: 'column 3 (Codice di risposta) holds HTTP status codes' }).waitFor();
    await page.locator('.notes li', { hasText: 'column 2 (Tipo di contenuto) holds content types' }).waitFor();
    await page.locator('summary', { hasText: 'Columns' }).click();
    await page.getByLabel(/^Role of column 3 /).selectOption('status');
    await page.getByLabel(/^Role of column 2 /).selectOption('content-type');
    await page.getByText('Options changed since this run').waitFor();
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForStat(page, 'Summary', 'Excluded', 3, 30_000);
    const stats = await shownStats(page);
    assert.deepEqual([stats.Rows, stats.Accepted, stats.Rejected, stats.Excluded], [5, 2, 0, 3]);
    assert.equal(await reasonCount('row-status'), 2);
    assert.equal(await reasonCount('row-not-page'), 1);
    assert.equal(await page.locator('.notes li', { hasText: 'holds HTTP status codes' }).count(), 0, 'no note once the column has its role');
    await page.locator('summary', { hasText: 'Columns' }).click();
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
