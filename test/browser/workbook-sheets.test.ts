// A workbook of several sheets in Chromium: the first sheet with URLs is read, a note names the other
// sheets that hold URLs, and the column mapping's Sheet list reads another, as the library's `sheet`
// option does.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { generate } from 'sitemill';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { setBaseAndTime, waitForStat } from '../helpers/workbench-view.ts';

function workbook(sheets: [string, (string | number)[][]][]): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

const BOOK = workbook([
  ['Pages', [['URL', 'Title'], ['https://www.example.com/', 'Home'], ['https://www.example.com/about', 'About']]],
  ['Totals', [['Section', 'Pages'], ['Pages', 2], ['Blog', 3]]],
  ['Blog', [['Post URL', 'Published'], ['https://www.example.com/blog/a', '2026-03-01'], ['https://www.example.com/blog/b', '2026-03-02'], ['https://www.example.com/blog/c', '2026-03-03']]],
]);

let app: BrowserSuite;
let page: Page;

describe('a workbook of several sheets', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'workbook-sheets', mount: '/', needs: ['dist/index.html', 'lib/index.js'] });
    page = app.page;
  });

  after(() => app?.close());

  it('names the other sheets with URLs, and reads the one chosen under Columns', async () => {
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    const file = path.join(app.work, 'site.xlsx');
    await writeFile(file, BOOK);
    await page.getByLabel('URL list').setInputFiles(file);
    const first = (await generate(BOOK, { baseUrl: BASE, now: NOW })).summary;
    assert.equal(first.accepted, 2);
    await waitForStat(page, 'Summary', 'Accepted', first.accepted, 30_000);
    await page.getByText(/its sheet "Blog" holds URLs too and was not read, as a run reads one sheet \("Pages"\)/).waitFor();

    await page.getByRole('heading', { name: 'Columns' }).click();
    const sheet = page.getByLabel('Sheet', { exact: true });
    assert.deepEqual(await sheet.locator('option').allTextContents(), ['Pages', 'Totals', 'Blog']);
    assert.equal(await sheet.inputValue(), 'Pages');
    await sheet.selectOption('Blog');
    const blog = (await generate(BOOK, { baseUrl: BASE, now: NOW, sheet: 'Blog' })).summary;
    assert.equal(blog.accepted, 3);
    await waitForStat(page, 'Summary', 'Accepted', blog.accepted, 30_000);
    await waitForStat(page, 'Summary', 'Rows', blog.rows, 30_000);
    assert.equal(await page.getByText(/holds URLs too/).count(), 0, 'a sheet named is the one read: no note');
    assert.equal(await page.getByLabel('Sheet', { exact: true }).inputValue(), 'Blog');
    await page.getByText('Post URL').first().waitFor();
    // A sheet with no list is said, and the sheet read before stays, its findings in view. Chosen by
    // keyboard, the list keeps the focus.
    await page.getByLabel('Sheet', { exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await page.getByText(/Sheet “Totals” was not read: .*“Blog” is read, as before\./).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByLabel('Sheet', { exact: true }).inputValue(), 'Blog');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'sheet', 'focus stays on the Sheet list');
    await waitForStat(page, 'Summary', 'Accepted', blog.accepted, 30_000);
  });

  it("opens the column mapping for a sheet whose URL column no name reveals, and reads it once named (a shop's Handle)", async () => {
    const shop = workbook([['Pages', [['ID', 'Handle', 'Title'], [1, 'about-us', 'About'], [2, 'contact', 'Contact']]]]);
    const base = `${BASE}pages/`;
    await page.goto(app.server.url);
    await setBaseAndTime(page, base, NOW);
    const file = path.join(app.work, 'pages.xlsx');
    await writeFile(file, shop);
    await page.getByLabel('URL list').setInputFiles(file);
    await page.getByText('No column is the URL (loc): choose one.').waitFor({ timeout: 30_000 });
    await page.getByLabel(/^Role of column 2/).selectOption('loc');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    const want = (await generate(shop, { baseUrl: base, now: NOW, columns: [{ column: 'Handle', role: 'loc' }] })).summary;
    assert.equal(want.accepted, 2);
    await waitForStat(page, 'Summary', 'Accepted', want.accepted, 30_000);
  });
});
