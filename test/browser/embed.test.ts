// <sitemill-workbench> in Chromium: the example host page, served from a deep path under the strict
// CSP, embeds it with one module script. The whole flow runs inside the element (Playwright's locators
// pierce its open shadow root); its events carry the CLI's counts; its files are the CLI's; the host's
// accent colour reaches it and no other style crosses the shadow boundary either way.
import assert from 'node:assert/strict';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT, runCli, type CliSummary } from '../helpers/cli.ts';
import { CSP } from '../helpers/static-server.ts';
import { bigList } from '../helpers/lists.ts';
import { expectShown, waitForResults } from '../helpers/workbench-view.ts';
import { expectCheckShown, runCliCheck, waitForCheck } from '../helpers/check-view.ts';
import { xmllint } from '../helpers/xmllint.ts';
import { zipFiles } from '../helpers/zip-files.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { screenshotPath } from '../helpers/screenshots.ts';

const ELEMENT = 'sitemill-workbench';

let app: BrowserSuite;
let page: Page;

/** A `sitemill-complete` detail: the fields of the CLI's --json summary, and the zip's size. */
interface Completed extends CliSummary {
  zipBytes: number;
}

/** The `sitemill-complete` details received so far (the zip Blob replaced by its size). */
function completed(): Promise<Completed[]> {
  return page.evaluate('window.__complete') as Promise<Completed[]>;
}

/**
 * Polls an expression from here: page.waitForFunction evaluates its predicate inside the page,
 * which the page's CSP (no 'unsafe-eval') refuses.
 */
async function until(expression: string, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function nextComplete(count: number): Promise<Completed> {
  await until(`window.__complete.length >= ${count}`);
  return (await completed())[count - 1];
}

/** The parts of the summary the CLI's --json prints, but the compressed sizes (browsers have their own zlib). */
function comparable(s: CliSummary) {
  return {
    rows: s.rows,
    skipped: s.skipped,
    accepted: s.accepted,
    rejected: s.rejected,
    codes: s.codes,
    files: s.files.map(({ name, urls, bytes }) => ({ name, urls, bytes })),
  };
}

describe('the <sitemill-workbench> element in a host page', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'embed',
      mount: '/host/deep/',
      needs: ['dist/embed/sitemill-workbench.js', 'dist/examples/host/index.html'],
      viewport: { width: 1280, height: 900 },
    });
    page = app.page;
    await copyFile(path.join(ROOT, 'web/sample-urls.csv'), path.join(app.work, 'sample-urls.csv'));
  });

  after(() => app?.close());

  it('loads from one module script on a deep path, under the CSP', async () => {
    const response = await page.goto(`${app.server.url}examples/host/`);
    assert.equal(response?.headers()['content-security-policy'], CSP, 'the host page is served with the CSP');
    const scripts = await page.locator('script').evaluateAll((s) => s.map((e) => `${e.getAttribute('type')} ${e.getAttribute('src')}`));
    assert.deepEqual(scripts, ['module ../../embed/sitemill-workbench.js'], 'one module script');
    await until(`!!customElements.get('${ELEMENT}')`);
    await page.evaluate(`{
      window.__complete = [];
      window.__errors = [];
      const el = document.querySelector('${ELEMENT}');
      el.addEventListener('sitemill-complete', (e) => window.__complete.push({ ...e.detail, zip: undefined, zipBytes: e.detail.zip.size }));
      // Composed and bubbling: a listener on the document hears it too.
      document.addEventListener('sitemill-error', (e) => window.__errors.push(e.detail));
    }`);
    // The workbench's accessible names, inside the shadow root.
    await page.getByLabel('URL list').waitFor();
    assert.equal(await page.getByLabel('Base URL').inputValue(), BASE, 'the base-url attribute set the option');
    assert.equal(await page.getByLabel('Gzip the files').isChecked(), true, 'gzip');
    assert.equal(await page.getByRole('button', { name: 'Generate sitemaps' }).isDisabled(), true, 'nothing to generate yet');
    await page.getByRole('button', { name: 'Download zip' }).waitFor();
  });

  it('runs the sample inside the element and reports sitemill-complete with the CLI counts', async () => {
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    const expected = runCli(app.work, 'sample-urls.csv', ['--base-url', BASE]);
    await waitForResults(page, expected.rows);
    await expectShown(page, expected);
    const detail = await nextComplete(1);
    assert.deepEqual(comparable(detail), comparable(expected), 'sitemill-complete carries the summary');
    assert.ok(detail.zipBytes > 0, 'and the zip');
    await page.getByRole('button', { name: 'Download zip' }).and(page.locator(':enabled')).waitFor();
  });

  it('applies attribute changes, generates, cancels, and downloads the CLI files', async () => {
    // The host changes attributes; a person sets the clock inside. The run after is the CLI's.
    await page.evaluate(`{
      const el = document.querySelector('${ELEMENT}');
      el.setAttribute('max-urls', '10');
      el.setAttribute('gzip', 'off');
    }`);
    await page.getByText('More options').click();
    assert.equal(await page.getByLabel('Max URLs per file').inputValue(), '10', 'max-urls reached the options');
    assert.equal(await page.getByLabel('Gzip the files').isChecked(), false, 'gzip="off" reached the options');
    await page.getByLabel('Reference time').fill(NOW);
    await page.getByText('Options changed since this run').waitFor();

    // A long list, cancelled while it runs; then the sample again, with these options.
    await page.getByLabel('URL list').setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(bigList(150_000)) });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled.', { exact: false }).waitFor();
    assert.equal((await completed()).length, 1, 'a cancelled run completes nothing');
    const expected = runCli(app.work, 'sample-urls.csv', ['--base-url', BASE, '--now', NOW, '--max-urls', '10', '--no-gzip']);
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    const detail = await nextComplete(2);
    assert.deepEqual(comparable(detail), comparable(expected), 'the second run is the CLI with the same options');
    assert.equal(detail.files.length, 2, 'split at 10 URLs');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download zip' }).click(),
    ]);
    const zipPath = path.join(app.work, 'element.zip');
    await download.saveAs(zipPath);
    const mine = await zipFiles(zipPath);
    const theirs = await zipFiles(path.join(app.work, 'cli.zip'));
    assert.deepEqual([...mine.keys()].sort(), [...theirs.keys()].sort(), 'the CLI file names');
    for (const [name, data] of mine) assert.ok(Buffer.from(data).equals(Buffer.from(theirs.get(name)!)), `${name} is the CLI's`);
    const dir = path.join(app.work, 'xml');
    await mkdir(dir);
    const sitemaps = [];
    for (const f of detail.files) {
      await writeFile(path.join(dir, f.name), mine.get(f.name)!);
      sitemaps.push(path.join(dir, f.name));
    }
    xmllint('sitemap.xsd', sitemaps);
    assert.equal(
      await page.evaluate(`document.querySelectorAll('a[download]').length`),
      0,
      'the download link never entered the host document',
    );
  });

  it('takes the host accent colour, and no other style crosses the shadow boundary', async () => {
    await page.mouse.move(0, 0); // not hovering: hover darkens the button
    const generate = page.getByRole('button', { name: 'Generate sitemaps' });
    await generate.scrollIntoViewIfNeeded();
    const colours = (await page.evaluate(`{
      const el = document.querySelector('${ELEMENT}');
      const probe = document.createElement('span');
      probe.style.color = getComputedStyle(el).getPropertyValue('--sitemill-accent');
      document.body.append(probe);
      const accent = getComputedStyle(probe).color;
      probe.remove();
      const button = el.shadowRoot.querySelector('button.primary');
      ({ accent, raw: getComputedStyle(el).getPropertyValue('--sitemill-accent').trim(), button: getComputedStyle(button).backgroundColor });
    }`)) as { accent: string; raw: string; button: string };
    console.log(`# host --sitemill-accent ${colours.raw} = ${colours.accent}; Generate sitemaps inside: ${colours.button}`);
    assert.equal(colours.raw, '#b5179e', 'the example host sets a distinctive accent');
    assert.equal(colours.button, colours.accent, 'Generate sitemaps is the host accent colour');

    const inside = await page.getByRole('button', { name: 'Try a sample', exact: true }).evaluate((b) => {
      const s = getComputedStyle(b);
      const panel = getComputedStyle(b.closest('.panel')!);
      return { transform: s.textTransform, background: s.backgroundColor, font: panel.fontFamily, radius: panel.borderRadius, padding: panel.paddingTop };
    });
    assert.equal(inside.transform, 'none', "the host's button rule does not reach inside");
    assert.notEqual(inside.background, 'rgb(43, 33, 24)', "nor its button colour");
    assert.match(inside.font, /^"?DejaVu Sans/, '--sitemill-font reaches inside');
    assert.equal(inside.radius, '14px', '--sitemill-radius reaches inside');
    assert.equal(inside.padding, '14.4px', "the host's 62.5% root font size does not shrink it");

    const outside = await page.getByRole('button', { name: 'A button of the host page' }).evaluate((b) => ({
      transform: getComputedStyle(b).textTransform,
      sheets: document.styleSheets.length,
      adopted: document.adoptedStyleSheets.length,
    }));
    assert.deepEqual(outside, { transform: 'uppercase', sheets: 1, adopted: 0 }, 'the element adds no style to the host document');

    await page.getByRole('heading', { name: 'Findings by code' }).scrollIntoViewIfNeeded();
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(200);
    await page.screenshot({ path: screenshotPath('screenshot-embed.png', app.work) });
  });

  it('load() takes text or a File at once, even before the element is on the page; sitemill-error says what failed', async () => {
    const result = (await page.evaluate(`(async () => {
      const el = document.createElement('${ELEMENT}');
      el.setAttribute('base-url', '${BASE}');
      const running = el.load('https://www.example.com/a\\nhttps://www.example.com/b#top\\nhttps://other.example/c\\n');
      document.body.append(el);
      const summary = await running;
      const file = new File(['url\\nhttps://www.example.com/x\\n'], 'picked.csv', { type: 'text/csv' });
      const again = await el.load(file);
      el.remove();
      return { rows: summary.rows, accepted: summary.accepted, codes: summary.codes, fileRows: again.rows };
    })()`)) as { rows: number; accepted: number; codes: Record<string, number>; fileRows: number };
    assert.deepEqual(result, { rows: 3, accepted: 2, codes: { 'loc-fragment': 1, 'loc-host': 1, 'list-mixed-hosts': 1 }, fileRows: 1 });

    const failed = await page.evaluate(`(async () => {
      const el = document.querySelector('${ELEMENT}');
      const png = new Uint8Array(64);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return el.load(new File([png], 'logo.png'));
    })()`);
    assert.equal(failed, null, 'load() resolves with null when the list cannot be read');
    await until('window.__errors.length > 0');
    const errors = (await page.evaluate('window.__errors')) as string[];
    assert.match(errors[0], /logo\.png is a PNG image, not a CSV, TSV or text list of URLs/);
    await page.getByRole('alert').filter({ hasText: 'logo.png is a PNG image' }).waitFor();
  });

  it('has the Check tab inside, and reports sitemill-check with the CLI counts', async () => {
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `<url><loc>${BASE}a</loc></url>\n<url><loc>${BASE}b#top</loc><lastmod>2025-02-30</lastmod></url>\n<url><loc>${BASE}a</loc></url>\n</urlset>\n`;
    await writeFile(path.join(app.work, 'embedded.xml'), sitemap);
    const expected = runCliCheck(app.work, ['embedded.xml'], ['--base-url', BASE]);
    await page.evaluate(`{
      window.__checked = [];
      document.addEventListener('sitemill-check', (e) => window.__checked.push(e.detail));
    }`);
    await page.getByRole('tab', { name: 'Check' }).click();
    await page.getByLabel('Sitemap files').setInputFiles(path.join(app.work, 'embedded.xml'));
    await waitForCheck(page, 1);
    await expectCheckShown(page, expected);
    await until('window.__checked.length === 1');
    const [detail] = (await page.evaluate('window.__checked')) as { codes: Record<string, number>; findings: number; files: { name: string }[] }[];
    assert.deepEqual(detail.codes, expected.codes, 'sitemill-check carries the counts per code');
    assert.equal(detail.findings, expected.findings.length);
    assert.deepEqual(detail.files.map((f) => f.name), ['embedded.xml']);
    await page.getByRole('tab', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Generate sitemaps' }).waitFor();
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
    const paths = app.server.requests.filter((p) => !p.startsWith('/host/deep/'));
    assert.deepEqual(paths, [], 'every request stayed under the host path');
  });
});
