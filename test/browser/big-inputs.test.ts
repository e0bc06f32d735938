// The largest inputs of the hostile-input catalogue (SPEC section 9), in Chromium: a million copies
// of one row, a .gz that inflates to a gigabyte, and ten million rows. Each runs to the end with
// every row accounted for and the good rows kept, as the CLI counts them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { createGzip } from 'node:zlib';
import type { Page } from 'playwright-core';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { runCli } from '../helpers/cli.ts';
import { expectShown, setBaseAndTime, shownStats, waitForResults } from '../helpers/workbench-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

const OPTIONS = ['--base-url', BASE, '--now', NOW];

let app: BrowserSuite;
let page: Page;

/** Writes the chunks a generator yields to `name` in the work folder, gzipped when asked. */
async function writeStreamed(name: string, chunks: () => AsyncGenerator<Buffer | string>, gzip = false): Promise<string> {
  const file = path.join(app.work, name);
  if (gzip) await pipeline(chunks(), createGzip({ level: 1 }), createWriteStream(file));
  else await pipeline(chunks(), createWriteStream(file));
  return file;
}

describe('the page with the largest inputs of the catalogue', { timeout: 900_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'big', mount: '/big/', needs: ['dist/index.html'] });
    page = app.page;
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
  });

  after(() => app?.close());

  it('a million duplicate rows: one kept, the rest rejected and counted', async () => {
    await writeFile(path.join(app.work, 'dups.csv'), 'loc\n' + `${BASE}same\n`.repeat(1_000_000));
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'dups.csv'));
    await waitForResults(page, 1_000_000, 120_000);
    const expected = runCli(app.work, 'dups.csv', OPTIONS);
    assert.equal(expected.accepted, 1);
    assert.deepEqual(expected.codes, { 'loc-duplicate': 999_999 });
    await expectShown(page, expected);
    // The findings table pages through all of them.
    await page.getByRole('cell', { name: `${BASE}same` }).first().waitFor();
  });

  it('a .gz that inflates to a gigabyte: its one line rejected, the rows around it kept', async () => {
    const junk = Buffer.alloc(1 << 20, 0x61);
    await writeStreamed(
      'bomb.csv.gz',
      async function* () {
        yield `loc\n${BASE}a\n`;
        for (let i = 0; i < 1024; i++) yield junk; // one line of 1 GiB
        yield `\n${BASE}b\n`;
      },
      true,
    );
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'bomb.csv.gz'));
    await waitForResults(page, 3, 180_000);
    const expected = runCli(app.work, 'bomb.csv.gz', OPTIONS);
    assert.equal(expected.accepted, 2);
    assert.deepEqual(expected.codes, { 'row-malformed': 1 });
    await expectShown(page, expected);
  });

  it('ten million rows: every row accounted for, 200 files, a zip that tests clean', async () => {
    const rows = 10_000_000;
    // Every thousandth row repeats one URL: 9,999 duplicates.
    await writeStreamed('ten-million.csv', async function* () {
      yield 'loc\n';
      for (let start = 0; start < rows; start += 100_000) {
        let text = '';
        for (let i = start; i < start + 100_000; i++) text += i % 1000 === 7 ? `${BASE}x/7\n` : `${BASE}p/${i}\n`;
        yield text;
      }
    });
    const started = Date.now();
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'ten-million.csv'));
    await waitForResults(page, rows, 600_000);
    console.log(`# ten million rows in the page: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const stats = await shownStats(page);
    assert.equal(stats.Accepted, rows - 9_999);
    assert.equal(stats.Rejected, 9_999);
    await page.getByText('9,999 findings', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show all 200 files' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
    const zip = path.join(app.work, 'ten-million.zip');
    await download.saveAs(zip);
    const tested = execFileSync('unzip', ['-t', zip], { encoding: 'utf8', maxBuffer: 1 << 24 });
    assert.match(tested, /No errors detected/);
    const names = [...tested.matchAll(/testing: (\S+)/g)].map((m) => m[1]);
    assert.equal(names.filter((n) => /^sitemap-\d+\.xml\.gz$/.test(n)).length, 200);
    for (const n of ['sitemap-index.xml', 'robots-sitemap.txt', 'report.csv', 'manifest.json']) assert.ok(names.includes(n), n);
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
