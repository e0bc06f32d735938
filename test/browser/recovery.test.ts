// A worker that dies, in Chromium: the page says so in words, keeps the list and the options, and
// the next run works. Two real failures: an uncaught exception inside the running worker, and a
// worker script the network does not deliver.
//
// For the first, the worker's script comes with a fault armed before it (the test rewrites the
// response): right after the worker's first progress report, which a run sends as it starts, a
// timer throws. The error is uncaught, as any bug in the worker would be, the browser reports it to
// the page, and it always lands mid-run, however busy the machine is.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCli } from '../helpers/cli.ts';
import { bigList } from '../helpers/lists.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { shownStats, waitForResults } from '../helpers/workbench-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

const ROWS = 150_000;
const WORKER_SCRIPT = '**/assets/worker-*.js';

/** In the worker: after the first progress report it sends (a Comlink call on a port), a timer throws. */
const ARM_FAULT = `(() => {
  const send = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    send.call(this, message, ...rest);
    if (message && message.type === 'APPLY') {
      MessagePort.prototype.postMessage = send;
      setTimeout(() => { throw new Error('a fault in the engine'); });
    }
  };
})()`;

let app: BrowserSuite;
let page: Page;

async function expectKept(): Promise<void> {
  assert.equal(await page.getByLabel('Base URL').inputValue(), BASE, 'the base URL is kept');
  assert.equal(await page.getByLabel('Max URLs per file').inputValue(), '40000', 'max URLs per file is kept');
  assert.equal(await page.getByLabel('Reference time').inputValue(), NOW, 'the reference time is kept');
  await page.locator('.list-name', { hasText: 'long.csv' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Generate sitemaps' }).isEnabled(), true, 'Generate is ready');
}

describe('the page when its worker dies', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'recovery',
      mount: '/recover/',
      needs: ['dist/index.html', 'lib/cli.js'],
      // No service worker: the second failure is the network not delivering the worker's script.
      launch: { serviceWorkers: 'block' },
    });
    page = app.page;
    await writeFile(path.join(app.work, 'long.csv'), bigList(ROWS));
  });

  after(() => app?.close());

  it('reports a worker that throws mid-run, keeps the list and options, and runs again', async () => {
    await page.route(WORKER_SCRIPT, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${ARM_FAULT};\n${await response.text()}` });
    });
    await page.goto(app.server.url);
    await page.getByLabel('Base URL').fill(BASE);
    await page.getByText('More options').click();
    await page.getByLabel('Max URLs per file').fill('40000');
    await page.getByLabel('Reference time').fill(NOW);
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'long.csv'));

    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'The engine stopped unexpectedly' }).waitFor();
    await page.unroute(WORKER_SCRIPT);
    const message = await alert.innerText();
    console.log(`# shown: ${message.replace(/\s+/g, ' ')}`);
    assert.match(message, /Your list and options are kept: generate again to retry\./);
    assert.equal(await page.getByRole('button', { name: 'Cancel' }).count(), 0, 'the run is over');
    assert.equal(await page.getByRole('heading', { name: 'Summary' }).count(), 0, 'no partial results');
    await expectKept();

    const expected = runCli(app.work, 'long.csv', ['--base-url', BASE, '--now', NOW, '--max-urls', '40000']);
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForResults(page, ROWS, 120_000);
    const stats = await shownStats(page);
    assert.equal(stats.Accepted, expected.accepted);
    assert.equal(stats.Rejected, expected.rejected);
    await page.getByRole('cell', { name: 'sitemap-4.xml.gz' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'the error is gone after a good run');
  });

  it('reports a worker whose script does not load, and runs once it does', async () => {
    await page.route('**/assets/worker-*.js', (route) => route.abort('connectionreset'));
    // Cancel ends the worker the last run used; the next run needs a new one, and its script fails.
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The engine stopped unexpectedly' });
    await alert.waitFor();
    console.log(`# shown: ${(await alert.innerText()).replace(/\s+/g, ' ')}`);
    await expectKept();
    await page.unroute('**/assets/worker-*.js');
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await waitForResults(page, ROWS, 120_000);
  });

  it('made no request off its origin and logged no error (the page handles both failures)', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
