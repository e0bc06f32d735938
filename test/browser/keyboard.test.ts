// The whole flow with the keyboard alone, in Chromium: Tab to each control, Enter to use it, and a
// visible focus ring on every stop. Focus stays on Generate while it runs, so the next Tab reaches Download.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { codeAdvice } from '../../src/core/code-advice.ts';
import { expectFocusRing, tabTo } from '../helpers/keyboard.ts';
import { bigList } from '../helpers/lists.ts';
import { waitForResults } from '../helpers/workbench-view.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE } from '../helpers/run-values.ts';

let app: BrowserSuite;
let page: Page;

describe('the page by keyboard', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'keyboard', mount: '/kb/', needs: ['dist/index.html'] });
    page = app.page;
  });

  after(() => app?.close());

  it('runs the sample, sets an option, generates and downloads without a pointer', async () => {
    await page.goto(app.server.url);
    const sample = page.getByRole('button', { name: 'Try a sample', exact: true });
    const presses = await tabTo(page, sample);
    await expectFocusRing(sample, 'Try a sample');
    await page.keyboard.press('Enter');
    await waitForResults(page, 25);
    assert.ok(await sample.evaluate((el) => el.matches(':focus')), 'focus stays on Try a sample after its run');

    // An option typed in: the results go stale and Download waits for a new run.
    const base = page.getByLabel('Base URL');
    await tabTo(page, base);
    await expectFocusRing(base, 'Base URL');
    await page.keyboard.type(BASE);
    const download = page.getByRole('button', { name: 'Download zip' });
    await page.getByText('Options changed since this run').waitFor();
    assert.equal(await download.isDisabled(), true, 'Download waits for a run with the new options');

    const generate = page.getByRole('button', { name: 'Generate sitemaps' });
    await tabTo(page, generate);
    await expectFocusRing(generate, 'Generate sitemaps');
    await page.keyboard.press('Enter');
    await download.and(page.locator(':enabled')).waitFor();
    assert.ok(await generate.evaluate((el) => el.matches(':focus')), 'focus stays on Generate sitemaps through its run');
    assert.equal(await page.getByText('Options changed since this run').count(), 0);

    await page.keyboard.press('Tab');
    assert.ok(await download.evaluate((el) => el.matches(':focus')), 'the next Tab reaches Download zip');
    await expectFocusRing(download, 'Download zip');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const saved = path.join(app.work, 'keyboard.zip');
    await file.saveAs(saved);
    assert.ok((await readFile(saved)).length > 100, 'the zip was saved');
    console.log(`# Try a sample took ${presses} Tab presses from the top of the page`);
  });

  it('opens a code’s advice from the chart with Tab and Enter, and closes it again', async () => {
    const first = page.locator('.chart > li').first();
    const code = await first.locator('.chart-code').innerText();
    const why = page.getByRole('button', { name: `Why ${code} matters, how to fix it` });
    await tabTo(page, why, 120);
    await expectFocusRing(why, `Why of ${code}`);
    assert.equal(await why.getAttribute('aria-expanded'), 'false');
    const panel = page.locator(`[id="${await why.getAttribute('aria-controls')}"]`);
    assert.equal(await panel.isVisible(), false, 'the advice is closed at first');

    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    assert.equal(await why.getAttribute('aria-expanded'), 'true');
    const advice = codeAdvice(code);
    assert.ok(advice, `${code} has advice`);
    assert.ok((await panel.innerText()).includes(advice), `the advice of ${code} is shown: ${await panel.innerText()}`);

    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await why.getAttribute('aria-expanded'), 'false');
  });

  it('puts focus back on Generate when a run is cancelled', async () => {
    const generate = page.getByRole('button', { name: 'Generate sitemaps' });
    // A list long enough to be cancelled while it runs.
    await page.getByLabel('URL list').setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(bigList(150_000)) });
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await tabTo(page, cancel);
    await expectFocusRing(cancel, 'Cancel');
    await page.keyboard.press('Enter');
    await page.getByText('Cancelled.', { exact: false }).waitFor();
    assert.ok(await generate.evaluate((el) => el.matches(':focus')), 'focus is on Generate sitemaps after Cancel');
  });

  it('keeps focus in place when a rule or a side file is removed by keyboard', async () => {
    const focused = (name: string) => page.evaluate((id) => document.activeElement?.id === id || document.activeElement?.getAttribute('aria-label') === id, name);
    const pattern = page.getByLabel('Pattern', { exact: true });
    for (const p of ['/a/*', '/b/*', '/c/*']) {
      await pattern.fill(p);
      await pattern.press('Enter');
    }
    await page.getByRole('button', { name: 'Remove exclude /a/*' }).focus();
    await page.keyboard.press('Enter');
    assert.ok(await focused('Remove exclude /b/*'), 'focus moves to the next rule');
    await page.getByRole('button', { name: 'Remove exclude /c/*' }).focus();
    await page.keyboard.press('Enter');
    assert.ok(await focused('Remove exclude /b/*'), 'past the end, to the rule before');
    await page.keyboard.press('Enter');
    assert.ok(await focused('rule-pattern'), 'with no rule left, to the pattern field');
    await page.getByLabel('robots.txt (optional)').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\nDisallow: /x\n') });
    await page.getByRole('button', { name: 'Remove robots.txt' }).focus();
    await page.keyboard.press('Enter');
    assert.ok(await focused('robots-file'), "to the robots.txt's file field");
  });

  it('logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
