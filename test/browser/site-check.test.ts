// "Check this site" in Chromium (SPEC 12): the page served on a site with its own robots.txt and
// sitemaps checks them and samples their pages from its worker; for another site it fetches nothing and shows the CLI line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { shownCodes, shownFiles, waitForCheck } from '../helpers/check-view.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML = 'application/xml';
const SITE = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\nSitemap: /site/index.xml\n' },
  '/site/index.xml': {
    type: XML,
    body: `<?xml version="1.0"?>\n<sitemapindex xmlns="${NS}">\n<sitemap><loc>{origin}/site/pages.xml</loc></sitemap>\n<sitemap><loc>{origin}/site/gone.xml</loc></sitemap>\n</sitemapindex>\n`,
  },
  '/site/pages.xml': {
    type: XML,
    body: `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n<url><loc>{origin}/a</loc></url>\n<url><loc>{origin}/a</loc></url>\n</urlset>\n`,
  },
};

let app: BrowserSuite;
let page: Page;

describe('Check this site', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'site-check', mount: '/tools/sitemill/', needs: ['dist/index.html'], site: SITE });
    page = app.page;
  });
  after(() => app?.close());

  it("checks the page's own site: robots.txt, the index it names and the sitemaps listed", async () => {
    await page.goto(app.server.url);
    await page.getByRole('tab', { name: 'Check' }).click();
    const field = page.getByLabel('Site, robots.txt or sitemap URL');
    assert.equal(await field.inputValue(), `${app.server.origin}/`);
    await page.getByRole('button', { name: 'Check this site' }).click();
    await waitForCheck(page, 2);
    const o = app.server.origin;
    assert.deepEqual(
      (await shownFiles(page)).map((f) => [f.name, f.kind, f.urls]),
      [
        [`${o}/site/index.xml`, 'Sitemap index', 2],
        [`${o}/site/pages.xml`, 'Sitemap', 2],
      ],
    );
    // gone.xml, listed by the index, answers 404: told once, as fetch-failed, not also as a missing file.
    // The robots.txt names its index by a path, not a full URL: checked all the same, and told.
    // The pages are sampled too: /a, listed twice, is no page of this site (404).
    assert.deepEqual(await shownCodes(page), { 'fetch-failed': 1, 'loc-duplicate': 1, 'page-status': 2, 'robots-sitemap-relative': 1 });
    const covered = await page.getByRole('group', { name: 'What the live check covered' }).innerText();
    assert.deepEqual(covered.split(/\n+/), ['Checked: robots.txt, 2 sitemaps and 2 of 2 listed pages sampled.', 'Not checked: 1 sitemap that could not be read.']);
    for (const path of ['/robots.txt', '/site/index.xml', '/site/pages.xml', '/site/gone.xml']) {
      assert.ok(app.server.requests.includes(path), `${path} was fetched`);
    }
  });

  it('for another site, fetches nothing and explains, with the command line', async () => {
    const before = app.server.requests.length;
    await page.getByLabel('Site, robots.txt or sitemap URL').fill('https://www.example.com/sitemap.xml');
    await page.getByText('npx sitemill check https://www.example.com/sitemap.xml', { exact: true }).waitFor();
    assert.match(await page.locator('#site-check-cli').innerText(), /^Browsers forbid a page to read other sites than its own \(http:\/\/127\.0\.0\.1:\d+\)\. Check it from a terminal:/);
    assert.equal(await page.getByRole('button', { name: 'Check this site' }).count(), 0, 'no button offers another site');
    assert.equal(app.server.requests.length, before);
    app.expectNoForeignRequestsOrErrors();
  });
});
