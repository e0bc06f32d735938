// Sections and stable updates on the page (SPEC 11), in Chromium: a list and the zip published last
// time are dropped, the changes table shows which files changed, and "Download only changed files"
// gives exactly those files and the index, as stored in the whole zip; the files list shows each
// file's section and filters by it.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { generate } from 'sitemill';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { setBaseAndTime, waitForResults } from '../helpers/workbench-view.ts';

let app: BrowserSuite;
let page: Page;

const U = 'https://www.example.com';
const rows = Array.from({ length: 90 }, (_, i) => `${U}/${['blog', 'shop', 'docs'][i % 3]}/p${i},2025-05-${String(1 + (i % 28)).padStart(2, '0')}`);
const listA = 'loc,lastmod\n' + rows.join('\n') + '\n';
// One lastmod changed (row 45: the third file) and one URL added (it fills the fifth file's room).
const listB = 'loc,lastmod\n' + rows.map((r, i) => (i === 45 ? r.replace(/,.*/, ',2025-09-09') : r)).join('\n') + `\n${U}/blog/new,2025-09-10\n`;

/** Drops files, given by name and text or bytes, on `target` as a desktop drag would. */
async function dropOn(target: string, files: { name: string; bytes: number[] }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([new Uint8Array(f.bytes)], f.name));
    return dt;
  }, files);
  const at = page.locator(target);
  await at.dispatchEvent('dragenter', { dataTransfer });
  await at.dispatchEvent('dragover', { dataTransfer });
  await at.dispatchEvent('drop', { dataTransfer });
}

async function download(button: string, name: string): Promise<Record<string, Uint8Array>> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const saved = path.join(app.work, name);
  await file.saveAs(saved);
  return unzipSync(new Uint8Array(await readFile(saved)));
}

describe('stable updates on the page', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'stable', mount: '/sitemill/', needs: ['dist/index.html', 'lib/index.js'], viewport: { width: 1280, height: 900 } });
    page = app.page;
  });

  after(() => app?.close());

  it('drops a list and a previous zip, shows the changes and downloads only the changed files', async () => {
    const previous = await generate(new TextEncoder().encode(listA), { baseUrl: BASE, now: NOW, maxUrls: 20 });
    const previousZip = Buffer.concat(previous.zip);
    await writeFile(path.join(app.work, 'previous.zip'), previousZip);

    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('Max URLs per file').fill('20');
    await dropOn('footer', [{ name: 'list.csv', bytes: [...Buffer.from(listB)] }]);
    await waitForResults(page, 91);
    await dropOn('[aria-label="Previous set"]', [{ name: 'previous.zip', bytes: [...previousZip] }]);
    await page.getByText('0 added, 2 changed, 3 unchanged, 0 removed.', { exact: false }).waitFor({ timeout: 60_000 });
    const table = page.locator('table.changes tbody tr');
    assert.deepEqual(
      (await table.allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim())),
      [
        ['sitemap-1.xml.gz', 'unchanged', '0', '0', '0'],
        ['sitemap-2.xml.gz', 'unchanged', '0', '0', '0'],
        ['sitemap-3.xml.gz', 'changed', '0', '0', '1'],
        ['sitemap-4.xml.gz', 'unchanged', '0', '0', '0'],
        ['sitemap-5.xml.gz', 'changed', '1', '0', '0'],
      ],
    );

    const whole = await download('Download zip', 'whole.zip');
    const upload = await download('Download only changed files', 'upload.zip');
    assert.deepEqual(Object.keys(upload), ['sitemap-3.xml.gz', 'sitemap-5.xml.gz', 'sitemap-index.xml']);
    for (const name of Object.keys(upload)) assert.deepEqual(upload[name], whole[name], `${name} as in the whole zip`);
    // The unchanged files of the whole set are the previous bytes, gzip included.
    const before = unzipSync(new Uint8Array(previousZip));
    for (const name of ['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-4.xml.gz']) assert.deepEqual(whole[name], before[name], name);
    app.expectNoForeignRequestsOrErrors();
  });

  it('takes the newest zip written here, dropped together with the list, as the previous set, and says so', async () => {
    const previous = await generate(new TextEncoder().encode(listA), { baseUrl: BASE, now: NOW, maxUrls: 20 });
    const previousZip = Buffer.concat(previous.zip);
    // A set made a week before, dropped first: the newer one is the set published last.
    const older = await generate(new TextEncoder().encode(listB), { baseUrl: BASE, now: new Date(Date.parse(NOW) - 7 * 864e5).toISOString(), maxUrls: 20 });
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('Max URLs per file').fill('20');
    await dropOn('footer', [
      { name: 'week0.zip', bytes: [...Buffer.concat(older.zip)] },
      { name: 'week2.csv', bytes: [...Buffer.from(listB)] },
      { name: 'week1.zip', bytes: [...previousZip] },
    ]);
    await page.getByText('0 added, 2 changed, 3 unchanged, 0 removed.', { exact: false }).waitFor({ timeout: 60_000 });
    await page.getByText('week1.zip is taken as the previously published set', { exact: false }).waitFor();
    await page.getByText('Set aside, as older sets written here (a run compares against the newest): week0.zip.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Remove week1.zip' }).waitFor();
    await waitForResults(page, 91);
    app.expectNoForeignRequestsOrErrors();
  });

  it('names the files the new index no longer lists, to delete from the server', async () => {
    // The previous set stays; a list without its last ten URLs empties the fifth file.
    const shorter = 'loc,lastmod\n' + rows.slice(0, 80).join('\n') + '\n';
    await dropOn('footer', [{ name: 'week3.csv', bytes: [...Buffer.from(shorter)] }]);
    await page.getByText('0 added, 0 changed, 4 unchanged, 1 removed.', { exact: false }).waitFor({ timeout: 60_000 });
    await page.getByText('Delete this file from the server: the new index no longer lists it', { exact: false }).waitFor();
  });

  it('shows each file’s section and filters the files list by section', async () => {
    await page.getByRole('button', { name: /^Remove week1\.zip/ }).click();
    // The list runs again without the previous set: no changes to show.
    await page.getByRole('heading', { name: 'Changes since the previous set' }).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByLabel('Sections', { exact: true }).selectOption('path:1');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    const files = page.locator('table.files:not(.changes) tbody tr:not(.preview-row)');
    await page.getByRole('columnheader', { name: 'Section' }).waitFor({ timeout: 60_000 });
    // Each section's URLs and files, as the command line's summary counts them.
    assert.equal(await page.locator('.section-counts').innerText(), 'blog 27 URLs in 2 files · docs 26 URLs in 2 files · shop 27 URLs in 2 files');
    await page.getByLabel('Section', { exact: true }).selectOption('shop');
    assert.deepEqual(await files.locator('td:first-child code').allInnerTexts(), ['sitemap-shop-1.xml.gz', 'sitemap-shop-2.xml.gz']);
    assert.deepEqual(await files.locator('td.section').allInnerTexts(), ['shop', 'shop']);
    app.expectNoForeignRequestsOrErrors();
  });
});
