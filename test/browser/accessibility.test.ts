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

describe('accessibility of both tabs (axe-core)', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'axe', mount: '/a11y/', needs: ['dist/index.html'], launch: { bypassCSP: true } });
    page = app.page;
  });

  after(() => app?.close());

  it('the Generate tab has no violation, empty and with a run shown', async () => {
    await page.clock.setFixedTime(new Date(NOW));
    await page.goto(app.server.url);
    const found = await violations('empty Generate tab');
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    await waitForResults(page, 25);
    await page.getByText('More options').click();
    await page.locator('summary', { hasText: 'Columns' }).click();
    found.push(...(await violations('Generate tab with results, options and columns open')));
    assert.deepEqual(found, []);
  });

  it('the Check tab has no violation, empty and with findings shown', async () => {
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
    assert.deepEqual(found, []);
  });
});

describe('a phone-sized screen', { timeout: 120_000 }, () => {
  let phone: BrowserSuite;
  before(async () => {
    phone = await openBrowserSuite({ name: 'phone', mount: '/phone/', needs: ['dist/index.html'], viewport: { width: 390, height: 844 } });
  });

  after(() => phone?.close());

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
