// A list whose URL column no name or content reveals (a CMS's paths without their leading slash), in
// Chromium: the page says why no run could start, opens the column mapping, and once the person names
// the URL column runs the list as the library does with the same roles.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { generate } from 'sitemill';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { ROOT } from '../helpers/cli.ts';
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

  it("gives a role by the column's name, so a second file's own columns keep theirs", async () => {
    const crawl = 'Indirizzo,Codice di risposta\nhttps://www.example.com/a,200\nhttps://www.example.com/gone,404\n';
    const cms = 'Permalink,post_status\nhttps://www.example.com/b,publish\nhttps://www.example.com/c,publish\n';
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('URL list').setInputFiles([
      { name: 'crawl-it.csv', mimeType: 'text/csv', buffer: Buffer.from(crawl) },
      { name: 'cms.csv', mimeType: 'text/csv', buffer: Buffer.from(cms) },
    ]);
    await waitForStat(page, 'Summary', 'Accepted', 4, 30_000);
    await page.getByRole('heading', { name: 'Columns' }).click();
    await page.getByLabel(/^Role of column 2/).selectOption('status');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    const enc = (t: string) => new TextEncoder().encode(t);
    const want = (await generate([enc(crawl), enc(cms)], { baseUrl: BASE, now: NOW, columns: [{ column: 'Codice di risposta', role: 'status' }] })).summary;
    assert.deepEqual([want.accepted, want.excluded], [3, 1], "the CMS list's post_status is no status code");
    await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Rows', want.rows, 30_000);
  });

  it("gives a crawl's columns in another UI language the roles their values show, in one click", async () => {
    const crawl = [
      'Indirizzo,Tipo di contenuto,Codice di stato,Indicizzabilità,Elemento link canonico 1',
      'https://www.example.com/a,text/html,200,Indicizzabile,https://www.example.com/a',
      'https://www.example.com/a?sort=price,text/html,200,Non indicizzabile,https://www.example.com/a',
      'https://www.example.com/old,text/html,301,Non indicizzabile,',
      'https://www.example.com/logo.png,image/png,200,Indicizzabile,',
      'https://www.example.com/b,text/html,200,Indicizzabile,https://www.example.com/b',
    ].join('\n');
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('URL list').setInputFiles({ name: 'crawl-it.csv', mimeType: 'text/csv', buffer: Buffer.from(crawl) });
    // Unread, the columns decide nothing; the logo is left out by its extension alone.
    await waitForStat(page, 'Summary', 'Accepted', 4, 30_000);
    const before = (await generate(new TextEncoder().encode(crawl), { baseUrl: BASE, now: NOW })).summary;
    assert.deepEqual(before.unreadColumns.map((u) => [u.name, u.role]), [
      ['Codice di stato', 'status'],
      ['Tipo di contenuto', 'content-type'],
      ['Indicizzabilità', 'indexability'],
      ['Elemento link canonico 1', 'canonical'],
    ]);
    await page.getByText('Codice di stato → status · Tipo di contenuto → content-type · Indicizzabilità → indexability · Elemento link canonico 1 → canonical, as under Columns').waitFor();
    await page.getByRole('button', { name: 'Give these 4 columns their roles and generate again' }).click();
    const columns = before.unreadColumns.map((u) => ({ column: u.name, role: u.role }));
    const want = (await generate(new TextEncoder().encode(crawl), { baseUrl: BASE, now: NOW, columns })).summary;
    assert.deepEqual([want.accepted, want.excluded, want.unreadColumns], [2, 3, []]);
    await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Excluded', want.excluded, 30_000);
    assert.equal(await page.getByRole('button', { name: /their roles and generate again/ }).count(), 0, 'no column is left to read');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Summary', 'focus goes to the Summary, not to the page');

    // Picked after Search Console's list, the crawl is not the file shown under Columns: its columns are given their roles by name.
    const gsc = 'Pages les plus populaires,Clics,Impressions\nhttps://www.example.com/a,10,100\nhttps://www.example.com/c,3,40\n';
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('URL list').setInputFiles([
      { name: 'gsc-fr.csv', mimeType: 'text/csv', buffer: Buffer.from(gsc) },
      { name: 'crawl-it.csv', mimeType: 'text/csv', buffer: Buffer.from(crawl) },
    ]);
    await page.getByRole('button', { name: 'Give these 4 columns their roles and generate again' }).click();
    const enc = (t: string) => new TextEncoder().encode(t);
    const both = (await generate([enc(gsc), enc(crawl)], { baseUrl: BASE, now: NOW, columns })).summary;
    assert.deepEqual([both.accepted, both.excluded], [3, 3], 'the crawl is read first: its verdicts hold for the URLs Search Console lists too');
    await waitForStat(page, 'Summary', 'Accepted', both.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Excluded', both.excluded, 30_000);
  });

  it("reads a WordPress export's items with the columns that decide them, and says so", async () => {
    const wxr = await readFile(path.join(ROOT, 'test/fixtures/wordpress/garden.WordPress.2026-11-29.xml'));
    await page.goto(app.server.url);
    await setBaseAndTime(page, 'https://garden.example.org/', '2026-11-29T10:00:00Z');
    await page.getByLabel('URL list').setInputFiles({ name: 'garden.WordPress.2026-11-29.xml', mimeType: 'text/xml', buffer: wxr });
    const want = (await generate(new Uint8Array(wxr), { baseUrl: 'https://garden.example.org/', now: '2026-11-29T10:00:00Z' })).summary;
    assert.deepEqual([want.accepted, want.excluded], [3, 9]);
    await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Excluded', want.excluded, 30_000);
    await page.getByText(/^from the WordPress export: .*post_type → post-type · password protected → protected/).waitFor();
  });
});
