// axe-core on both tabs in Chromium, in the states a person sees: the Generate tab before and after a
// run (with its options, columns, exclusions and findings open), the Check tab with a checked set and
// its findings. axe is injected past the page's CSP (the context bypasses it for the test's script
// only); every rule axe runs by default must pass.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { waitForCheck } from '../helpers/check-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { waitForResults } from '../helpers/workbench-view.ts';

// A site of its own beside the page, for the live check: clean, its files' URLs longer than a phone is wide.
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LONG = 'a-long-product-page-name-that-a-phone-cannot-show-on-one-line';
const SITE = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nSitemap: {origin}/sitemaps-of-the-shop/sitemap-index.xml\n' },
  '/sitemaps-of-the-shop/sitemap-index.xml': {
    type: 'application/xml',
    body: `<?xml version="1.0"?>\n<sitemapindex xmlns="${NS}">\n<sitemap><loc>{origin}/sitemaps-of-the-shop/sitemap-products-1.xml</loc></sitemap>\n</sitemapindex>\n`,
  },
  '/sitemaps-of-the-shop/sitemap-products-1.xml': {
    type: 'application/xml',
    body: `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n<url><loc>{origin}/${LONG}</loc></url>\n<url><loc>{origin}/${LONG}-2</loc></url>\n</urlset>\n`,
  },
};

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let app: BrowserSuite;
let page: Page;

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe's violations on the page as it stands, one line each. */
async function violations(state: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object')) {
    await page.addScriptTag({ content: await readFile(AXE, 'utf8') });
  }
  const found = (await page.evaluate('window.axe.run(document).then((r) => r.violations)')) as Violation[];
  return found.map((v) => `${state}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the findings table shows `n` findings of all, or `n of …` when filtered. */
async function findingsShown(text: RegExp): Promise<void> {
  await page.locator('.findings .panel-head .hint').filter({ hasText: text }).waitFor();
}

/** Opens the first finding's detail, then filters the table to nothing: the states a table has. */
async function tableStates(tab: string): Promise<string[]> {
  const found: string[] = [];
  await page.locator('.fscroll button.code-open').first().click();
  await page.getByRole('region', { name: 'The whole finding' }).waitFor();
  found.push(...(await violations(`${tab} with a finding opened`)));
  await page.getByLabel('Search', { exact: true }).fill('nothing matches this');
  await page.getByText('No finding matches.').waitFor();
  found.push(...(await violations(`${tab} with a filter that matches nothing`)));
  await page.getByLabel('Search', { exact: true }).fill('');
  await findingsShown(/^\d+ findings$/);
  return found;
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  describe(`accessibility of both tabs at ${width} px (axe-core)`, { timeout: 180_000 }, () => {
    before(async () => {
      app = await openBrowserSuite({ name: 'axe', mount: '/a11y/', needs: ['dist/index.html'], viewport: { width, height }, launch: { bypassCSP: true }, site: SITE });
      page = app.page;
    });

    after(() => app?.close());

    it('the Generate tab has no violation: empty, with a run shown, a finding opened, and nothing matching', async () => {
      await page.clock.setFixedTime(new Date(NOW));
      await page.goto(app.server.url);
      const found = await violations('empty Generate tab');
      await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
      await waitForResults(page, 25);
      await page.getByRole('heading', { name: 'Publish' }).waitFor();
      await page.getByText('More options').click();
      await page.locator('summary', { hasText: 'Columns' }).click();
      found.push(...(await violations('Generate tab with results, options and columns open')));
      found.push(...(await tableStates('Generate tab')));
      assert.deepEqual(found, []);
    });

    it('the Check tab has no violation: empty, with findings, a finding opened, and nothing matching', async () => {
      await page.getByRole('tab', { name: 'Check' }).click();
      const found = await violations('empty Check tab');
      const sitemap =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<url><loc>${BASE}a</loc><lastmod>yesterday</lastmod></url>\n<url><loc>${BASE}a</loc></url>\n<url><loc>ftp://x/</loc></url>\n</urlset>\n`;
      await writeFile(path.join(app.work, 'faults.xml'), sitemap);
      await page.getByLabel('Sitemap files').setInputFiles(path.join(app.work, 'faults.xml'));
      await waitForCheck(page, 1);
      await page.locator('.fscroll [role="row"]').nth(1).waitFor();
      found.push(...(await violations('Check tab with findings')));
      found.push(...(await tableStates('Check tab')));
      assert.deepEqual(found, []);
    });

    it('a live check of the page’s own site has no violation', async () => {
      await page.getByRole('button', { name: 'Check this site' }).click();
      await waitForCheck(page, 2);
      await page.getByRole('heading', { name: 'Check summary' }).waitFor();
      assert.deepEqual(await violations('live check of the site'), []);
    });
  });
}

describe('a phone-sized screen', { timeout: 120_000 }, () => {
  let phone: BrowserSuite;
  before(async () => {
    phone = await openBrowserSuite({ name: 'phone', mount: '/phone/', needs: ['dist/index.html'], viewport: { width: 390, height: 844 } });
  });

  after(() => phone?.close());

  it('says what Sitemill does before any input, in the first screen', async () => {
    const p = phone.page;
    await p.goto(phone.server.url);
    const lede = await p.getByText(/^Turns a list of your URLs into sitemaps/).boundingBox();
    const input = await p.getByText('URL list', { exact: true }).first().boundingBox();
    assert.ok(lede && input, 'both shown');
    assert.ok(lede.y + lede.height <= input.y, `the statement (at ${lede.y}) comes before the list input (at ${input.y})`);
    assert.ok(lede.y + lede.height <= 844, 'and is in the first screen');
  });

  it('brings the results into view when a run ends', async () => {
    const p = phone.page;
    await p.goto(phone.server.url);
    const sample = p.getByRole('button', { name: 'Try a sample', exact: true });
    await sample.click();
    await waitForResults(p, 25);
    const summary = p.getByRole('heading', { name: 'Summary' });
    // The results start below the run button, under the fold on this screen, until the run ends.
    await p.waitForFunction(() => {
      const h = Array.from(document.querySelectorAll('h2')).find((e) => e.textContent?.trim() === 'Summary');
      const top = h?.getBoundingClientRect().top ?? Infinity;
      return top >= 0 && top < window.innerHeight;
    });
    const box = await summary.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 844, `the summary's heading is in view (at ${box?.y})`);
    assert.ok((await p.evaluate('window.scrollY')) as number > 0, 'the page scrolled to it');
  });
});
