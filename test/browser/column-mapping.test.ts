// A list whose URL column no name or content reveals (a CMS's paths without their leading slash), in
// Chromium: the page says why no run could start, opens the column mapping, and once the person names
// the URL column runs the list as the library does with the same roles.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { generate } from 'sitemill';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { setBaseAndTime, waitForStat } from '../helpers/workbench-view.ts';

const LIST = 'Title,Path,Views\nCompost basics,blog/compost-basics,120\nTrail shoes,shop/trail-shoes?size=42,80\nAbout us,about.html,12\n';

let app: BrowserSuite;
let page: Page;

describe('naming the URL column when none is found', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'column-mapping', mount: '/', needs: ['dist/index.html', 'lib/index.js'] });
    page = app.page;
  });

  after(() => app?.close());

  it('shows why, opens the mapping, and runs once a column is the URL', async () => {
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    const file = path.join(app.work, 'cms-paths.csv');
    await writeFile(file, LIST);
    await page.getByLabel('URL list').setInputFiles(file);
    await page.getByText(/no URL column: no column holds URLs \(the columns are "Title", "Path", "Views"\)/).first().waitFor();
    await page.getByText('No column is the URL (loc): choose one.').waitFor();
    await page.getByLabel(/^Role of column 2/).selectOption('loc');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    const roles = ['ignore', 'loc', 'ignore'] as const;
    const want = (await generate(new TextEncoder().encode(LIST), { baseUrl: BASE, now: NOW, roles: [...roles] })).summary;
    assert.equal(want.accepted, 3, 'the library reads the paths against the base URL');
    await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Rows', want.rows, 30_000);
  });
});
