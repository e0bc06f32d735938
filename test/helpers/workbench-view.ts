// Reads what the workbench shows, on the page or inside <sitemill-workbench> (Playwright's CSS and
// role locators pierce open shadow roots, so the same reads work for both).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { CliSummary } from './cli.ts';

/** Fills the base URL and the reference time (opening More options when it is closed), as the CLI runs take them. */
export async function setBaseAndTime(page: Page, base: string, now: string): Promise<void> {
  await page.getByLabel('Base URL').fill(base);
  if (!(await page.getByLabel('Reference time').isVisible())) await page.getByText('More options').click();
  await page.getByLabel('Reference time').fill(now);
}

/** The Summary block's numbers, by label. */
export async function shownStats(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const item of await page.locator('dl[aria-label="Summary"] .stat').all()) {
    const label = (await item.locator('dt').innerText()).trim();
    out[label] = Number((await item.locator('dd').innerText()).replace(/[^\d]/g, ''));
  }
  return out;
}

/** Waits until the block of numbers headed `block` (its heading and its list's label) shows `value` for `stat`. */
export async function waitForStat(page: Page, block: string, stat: string, value: number, timeout: number): Promise<void> {
  await page.getByRole('heading', { name: block }).waitFor({ timeout });
  await page
    .locator(`dl[aria-label="${block}"] .stat`)
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${stat}$`) }) })
    .locator('dd', { hasText: new RegExp(`^${value.toLocaleString('en')}$`) })
    .waitFor({ timeout });
}

/** Waits until the Summary shows `rows` rows. */
export async function waitForResults(page: Page, rows: number, timeout = 60_000): Promise<void> {
  await waitForStat(page, 'Summary', 'Rows', rows, timeout);
}

/** Checks the numbers, the chart and the findings count shown against the CLI's summary for the same input. */
export async function expectShown(page: Page, expected: CliSummary): Promise<void> {
  const stats = await shownStats(page);
  assert.equal(stats.Rows, expected.rows, 'rows shown');
  assert.equal(stats.Accepted, expected.accepted, 'accepted shown');
  assert.equal(stats.Rejected, expected.rejected, 'rejected shown');
  const bars = page.locator('.chart-row');
  assert.equal(await bars.count(), Object.keys(expected.codes).length, 'one bar per code');
  for (const [code, n] of Object.entries(expected.codes)) {
    const bar = bars.filter({ has: page.locator('code', { hasText: new RegExp(`^${code}$`) }) });
    assert.equal(await bar.locator('.chart-count').innerText(), n.toLocaleString('en'), `the chart shows ${code} × ${n}`);
  }
  const total = Object.values(expected.codes).reduce((a, b) => a + b, 0);
  await page.getByText(`${total.toLocaleString('en')} ${total === 1 ? 'finding' : 'findings'}`, { exact: true }).waitFor();
}
