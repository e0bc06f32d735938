// The page when a job runs out of memory, in Chromium. V8 is started with every wasm memory capped
// at 96 MiB, a real limit the engine meets the way it would on a small device: its allocator is
// refused. Files not gzipped are held whole until they close (a gzipped one goes to compression in
// pieces as it is written), so a list of long URLs needs a 50 MB sitemap file in memory and cannot
// be built under the cap with 50,000 URLs a file; with 10,000 a file it can. The page says so in
// words, keeps the list and the options, and the run after a change of options works. Gzipped, the
// same list runs under the cap at 50,000 URLs a file.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCli } from '../helpers/cli.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { expectShown, setBaseAndTime, waitForResults } from '../helpers/workbench-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

const ROWS = 30_000;
const CAP_PAGES = 1536; // 96 MiB

let app: BrowserSuite;
let page: Page;

function longUrls(): string {
  const pad = 'x'.repeat(1900);
  return 'loc\n' + Array.from({ length: ROWS }, (_, i) => `${BASE}${pad}/${i}`).join('\n') + '\n';
}

describe('the page when a job runs out of memory', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'memory',
      mount: '/oom/',
      needs: ['dist/index.html'],
      launch: { args: [`--js-flags=--wasm-max-mem-pages=${CAP_PAGES}`] },
    });
    page = app.page;
    await writeFile(path.join(app.work, 'long-urls.csv'), longUrls());
  });

  after(() => app?.close());

  it('says it ran out of memory, keeps the list and options, and runs with smaller files', async () => {
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('Gzip the files').uncheck();
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'long-urls.csv'));

    const alert = page.getByRole('alert').filter({ hasText: 'Out of memory' });
    await alert.waitFor({ timeout: 60_000 });
    const message = (await alert.innerText()).replace(/\s+/g, ' ').trim();
    console.log(`# shown: ${message}`);
    assert.match(message, /^Out of memory: the engine held \d+ MiB and could get no more\. Lower the URLs per file, or split the list and run the parts one at a time\. Your list and options are kept\./);
    assert.equal(await page.getByRole('button', { name: 'Cancel' }).count(), 0, 'the run is over');
    assert.equal(await page.getByRole('heading', { name: 'Summary' }).count(), 0, 'no partial results');
    assert.equal(await page.getByLabel('Base URL').inputValue(), BASE, 'the base URL is kept');
    assert.equal(await page.getByLabel('Reference time').inputValue(), NOW, 'the reference time is kept');
    assert.equal(await page.getByLabel('Gzip the files').isChecked(), false, 'gzip stays off');
    await page.locator('.list-name', { hasText: 'long-urls.csv' }).waitFor();

    // Smaller files need less memory: the same list now goes through, as the CLI writes it.
    await page.getByLabel('Max URLs per file').fill('10000');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForResults(page, ROWS, 120_000);
    await expectShown(page, runCli(app.work, 'long-urls.csv', ['--base-url', BASE, '--now', NOW, '--max-urls', '10000', '--no-gzip']));
    await page.getByRole('cell', { name: 'sitemap-3.xml' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'the message is gone after a good run');
  });

  it('gzipped, the same list runs under the cap at 50,000 URLs a file: no file is held whole', async () => {
    await page.getByLabel('Gzip the files').check();
    await page.getByLabel('Max URLs per file').fill('50000');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForResults(page, ROWS, 120_000);
    await expectShown(page, runCli(app.work, 'long-urls.csv', ['--base-url', BASE, '--now', NOW]));
    await page.getByRole('cell', { name: 'sitemap-2.xml.gz' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'no message');
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
