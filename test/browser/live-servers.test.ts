// "Check this site" in Chromium against real servers the test starts (Debian's nginx, python's
// http.server): the built workbench is copied into the site's folder and served from its origin,
// so the page checks its own site. The sample finds what the CLI finds, and the summary says what
// was and was not checked: clean only when nothing was left out.
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { watch, type Watch } from '../helpers/browser-watch.ts';
import { shownCodes, shownFiles, waitForCheck } from '../helpers/check-view.ts';
import { launch, type Browser } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/cli.ts';
import { liveExpected, NGINX_MOVED, writeLiveSite } from '../helpers/live-site.ts';
import { missing, NGINX, PYTHON, startNginx, startPython, type RealServer } from '../helpers/real-servers.ts';
import { screenshotPath } from '../helpers/screenshots.ts';

const SERVERS = [
  { name: 'nginx', skip: missing(NGINX, 'nginx'), start: (root: string) => startNginx(root, NGINX_MOVED) },
  { name: 'python http.server', skip: missing(PYTHON, 'python3'), start: startPython },
];

/** Where the screenshots go: docs/ under `npm run screenshots`, else a temp folder to look at. */
const SHOTS = path.join(tmpdir(), 'sitemill-live-shots');
const summary = (page: Page) => page.getByRole('heading', { name: 'Check summary' }).locator('xpath=ancestor::section[1]');
const coverage = async (page: Page) => (await page.getByRole('group', { name: 'What the live check covered' }).innerText()).split(/\n+/);

async function checkSite(page: Page, sample: number): Promise<void> {
  await page.getByLabel('Listed pages to sample').fill(String(sample));
  await page.getByRole('button', { name: 'Check this site' }).click();
  await waitForCheck(page, 3);
}

for (const { name, skip, start } of SERVERS) {
  describe(`Check this site, served by ${name}`, { skip: skip ?? false, timeout: 180_000 }, () => {
    let root: string;
    let server: RealServer;
    let browser: Browser;
    let page: Page;
    let seen: Watch;
    let O: string;

    before(async () => {
      assert.ok(existsSync(path.join(ROOT, 'dist/index.html')), 'dist/index.html is missing: run `npm run build` first');
      root = await mkdtemp(path.join(tmpdir(), 'sitemill-live-page-'));
      await cp(path.join(ROOT, 'dist'), path.join(root, 'tools/sitemill'), { recursive: true });
      server = await start(root);
      O = server.origin;
      await writeLiveSite(root, O);
      browser = await launch({ width: 1280, height: 900 });
      page = browser.context.pages()[0] ?? (await browser.context.newPage());
      seen = watch(browser.context, page);
      await page.goto(`${O}/tools/sitemill/`);
      await page.getByRole('tab', { name: 'Check' }).click();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      if (root) await rm(root, { recursive: true, force: true });
    });

    it("samples its own site's pages: nothing on a healthy page, the one finding on each bad page, and says all was checked", async () => {
      assert.equal(await page.getByLabel('Site, robots.txt or sitemap URL').inputValue(), `${O}/`);
      await checkSite(page, 8);
      assert.deepEqual((await shownFiles(page)).map((f) => [f.name, f.urls]), [
        [`${O}/sitemap-index.xml`, 2],
        [`${O}/sitemap-pages.xml`, 6],
        [`${O}/sitemap-blog.xml`, 2],
      ]);
      assert.deepEqual(await shownCodes(page), { 'page-status': 2, 'page-noindex': 1, 'page-robots-disallowed': 1 });
      for (const [, , , start] of liveExpected(O)) await page.getByText(start, { exact: false }).first().waitFor();
      // The browser follows the redirect itself and tells only where it ends.
      await page.getByText(`${O}/moved: redirects to ${O}/moved/, which answers 200: list it instead`).waitFor();
      assert.deepEqual(await coverage(page), [
        'Checked: robots.txt, 3 sitemaps and 8 of 8 listed pages sampled.',
        'Not checked: nothing: every sitemap was read and every listed page checked.',
      ]);
      const asked = await server.requests();
      assert.ok(!asked.some((q) => q.includes('/private/')), 'a disallowed page is not fetched');
      for (const p of ['/about.html', '/blog/two.html']) assert.ok(asked.includes(`HEAD ${p}`) && asked.includes(`GET ${p}`), `${p}: HEAD, then GET`);

      const shot = (width: number) => screenshotPath(`live-check-${name.split(' ')[0]}-${width}.png`, SHOTS);
      await summary(page).screenshot({ path: shot(1280) });
      await page.setViewportSize({ width: 390, height: 844 });
      await summary(page).screenshot({ path: shot(390) });
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it('a sample of part of the site says what it left; no sample is never called clean', async () => {
      await checkSite(page, 2);
      assert.deepEqual(await coverage(page), ['Checked: robots.txt, 3 sitemaps and 2 of 8 listed pages sampled.', 'Not checked: 6 listed pages not in the sample.']);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await summary(page).screenshot({ path: screenshotPath(`live-check-${name.split(' ')[0]}-partial-${width}.png`, SHOTS) });
        const panel = page.getByRole('heading', { name: 'Check a live site' }).locator('xpath=ancestor::section[1]');
        await panel.screenshot({ path: screenshotPath(`live-check-${name.split(' ')[0]}-panel-${width}.png`, SHOTS) });
      }
      await checkSite(page, 0);
      assert.deepEqual(await shownCodes(page), {});
      assert.deepEqual(await coverage(page), ['Checked: robots.txt and 3 sitemaps.', 'Not checked: the 8 listed pages: none was fetched.']);
      assert.doesNotMatch(await summary(page).innerText(), /clean/i);
      // The summary's hint and the chart's, in place of "Every file is clean".
      assert.equal(await page.getByText('No findings in what was checked, but not everything was checked.', { exact: true }).count(), 2);
      assert.deepEqual(seen.foreign(O), [], 'requests off the origin');
      assert.deepEqual(seen.problems, [], 'errors logged');
    });
  });
}
