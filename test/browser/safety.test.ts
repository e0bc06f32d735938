// SPEC section 9 in Chromium. Untrusted text is never HTML: a list whose every column carries markup
// and script is shown as text only (no element made from it, no handler run, no request for its
// `src`). Hostile input gives a message in words or rejects only its bad rows, and the next list runs.
// Cancel at any moment leaves nothing behind. Nothing leaves the origin all along.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { runCli } from '../helpers/cli.ts';
import { shownCodes, shownFiles, waitForCheck } from '../helpers/check-view.ts';
import { bigList } from '../helpers/lists.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { expectShown, setBaseAndTime, shownStats, waitForResults } from '../helpers/workbench-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

const OPTIONS = ['--base-url', BASE, '--now', NOW];

let app: BrowserSuite;
let page: Page;

/** Each payload sets window.__xss (or asks for `x` from the server) if anything ever runs or loads it. */
const PAYLOADS = {
  script: '<script>window.__xss = "script"</script>',
  img: '<img src=x onerror="window.__xss = \'img\'">',
  svg: '"><svg onload="window.__xss = \'svg\'">',
  iframe: '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  link: '<a href="javascript:window.__xss = \'link\'">click</a>',
  js: 'javascript:window.__xss = "js"',
  template: "{@html '<b>x</b>'}{{constructor.constructor('window.__xss = 1')()}}",
};

const HOSTILE_HEADER = '<img src=x onerror="window.__xss = \'header\'">';

/** A CSV cell, always quoted (the payloads hold commas and quotes). */
const cell = (s: string) => `"${s.replace(/"/g, '""')}"`;

function hostileList(): string {
  const header = ['loc', 'lastmod', 'changefreq', 'priority', HOSTILE_HEADER, 'image', 'hreflang:de', 'news:publication_name', 'news:publication_language', 'news:publication_date', 'news:title', 'video:title'];
  const p = PAYLOADS;
  const rows = [
    [`${BASE}${p.script}`, p.img, p.script, p.svg, p.iframe, p.js, p.link, p.img, 'en', '2025-12-31', p.script, p.svg],
    [p.js, p.script, p.img, p.link, p.template, p.img, p.svg, p.script, 'en', p.img, p.img, p.iframe],
    [p.img, p.svg, p.iframe, p.template, p.link, p.link, p.js, p.link, p.script, '2025-12-31', p.link, p.template],
    [`${BASE}ok?q=${p.svg}`, p.template, p.link, p.iframe, p.script, `${BASE}${p.img}.png`, p.iframe, p.iframe, 'de', '2025-12-31', p.template, p.link],
  ];
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Elements a payload would have made: any of these beyond the app's own (it has an SVG logo and module scripts). */
const FORBIDDEN = 'img, iframe, object, embed, frame, svg:not(.logo), script:not([src]), [onerror], [onload], [onclick], [onmouseover], a[href^="javascript:"], b';

async function expectInert(what: string): Promise<void> {
  const found = (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(FORBIDDEN)})].map((e) => e.outerHTML.slice(0, 80))`)) as string[];
  assert.deepEqual(found, [], `${what}: no element made from the list`);
  assert.equal(await page.evaluate('window.__xss'), undefined, `${what}: no payload ran`);
  assert.deepEqual(await page.evaluate('window.__violations'), [], `${what}: nothing tried to run against the CSP`);
  assert.ok(!app.server.requests.some((r) => /\/x$|javascript/.test(r)), `${what}: no request for a payload's src`);
}

async function pick(name: string, content: string | Buffer): Promise<void> {
  const file = path.join(app.work, name);
  await writeFile(file, content);
  await page.getByLabel('URL list').setInputFiles(file);
}

/** The page's next state after a list: results, or a message; the "Working" panel gone either way. */
async function settled(): Promise<void> {
  await page.getByRole('heading', { name: 'Working' }).waitFor({ state: 'detached', timeout: 60_000 });
}

const generate = () => page.getByRole('button', { name: 'Generate sitemaps' });
const cancel = () => page.getByRole('button', { name: 'Cancel' });

/** After a cancel: the notice, no progress, no results, Generate ready; and nothing arrives late. */
async function expectCancelled(when: string): Promise<void> {
  await page.getByText('Cancelled. Nothing was written; the list is still loaded.').waitFor();
  await page.waitForTimeout(400); // a result of the cancelled run would arrive by now
  assert.equal(await page.getByRole('heading', { name: 'Working' }).count(), 0, `${when}: no progress left`);
  assert.equal(await page.getByRole('progressbar').count(), 0, `${when}: no progress bar`);
  assert.equal(await page.getByRole('heading', { name: 'Summary' }).count(), 0, `${when}: no stale results`);
  assert.equal(await generate().getAttribute('aria-disabled'), 'false', `${when}: Generate is ready`);
  assert.equal(await page.getByRole('button', { name: 'Download zip' }).isDisabled(), true, `${when}: nothing to download`);
}

describe('the page against hostile input', { timeout: 240_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'safety', mount: '/safe/', needs: ['dist/index.html'] });
    page = app.page;
    // Test code, not part of the build: records what the CSP refused, if anything ever tried.
    await page.addInitScript(`{
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.sample));
    }`);
  });

  after(() => app?.close());

  it('shows markup and script from every column as text, in the findings, the columns and the previews', async () => {
    await page.goto(app.server.url);
    await setBaseAndTime(page, BASE, NOW);
    await page.getByText('More options').click();
    const list = hostileList();
    await writeFile(path.join(app.work, 'hostile.csv'), list);
    const expected = runCli(app.work, 'hostile.csv', OPTIONS);
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'hostile.csv'));
    await waitForResults(page, 4);
    await expectShown(page, expected);
    await expectInert('after the run');

    // The values, verbatim, in the findings table.
    const values = page.locator('.fscroll [role="cell"].val');
    for (const [what, payload] of [
      ['lastmod', PAYLOADS.img],
      ['changefreq', PAYLOADS.img],
      ['loc', PAYLOADS.js],
      ['loc', PAYLOADS.img],
      ['priority', PAYLOADS.template],
      ['ignored header', HOSTILE_HEADER],
    ]) {
      await page.getByLabel('Search', { exact: true }).fill(payload);
      await values.filter({ hasText: payload }).first().waitFor();
      const texts = await values.allInnerTexts();
      assert.ok(texts.includes(payload), `the ${what} value ${payload} is shown as it was read`);
    }
    await page.getByLabel('Search', { exact: true }).fill('');

    // Verbatim in the column mapping: the header and the first rows.
    await page.locator('summary', { hasText: 'Columns' }).click();
    const mapping = page.locator('table.mapping');
    assert.equal(await mapping.locator('.colname').nth(4).innerText(), HOSTILE_HEADER, 'the hostile header, as text');
    const firstRow = (await mapping.locator('tbody tr').first().locator('td').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(firstRow.slice(0, 5), [`${BASE}${PAYLOADS.script}`, PAYLOADS.img, PAYLOADS.script, PAYLOADS.svg, PAYLOADS.iframe]);
    assert.equal(firstRow[10], PAYLOADS.script, 'the news title, as text');

    // The preview shows the sitemap's own escaped text.
    await page.getByText('Preview of sitemap-1.xml.gz').click();
    const preview = await page.getByRole('region', { name: 'Start of sitemap-1.xml.gz' }).innerText();
    assert.ok(preview.includes('&lt;script&gt;window.__xss = &quot;script&quot;&lt;/script&gt;'), 'the news title, escaped in the file and shown as such');
    await expectInert('with the columns and a preview open');

    // The Check tab shows a hostile sitemap's values as text too.
    await page.getByRole('tab', { name: 'Check' }).click();
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `<url><loc>${BASE}&lt;img src=x onerror=alert(1)&gt;</loc><lastmod>&lt;script&gt;window.__xss=1&lt;/script&gt;</lastmod></url>\n` +
      `<url><loc>javascript:window.__xss=2</loc></url>\n</urlset>\n`;
    await writeFile(path.join(app.work, 'hostile.xml'), sitemap);
    await page.getByLabel('Sitemap files').setInputFiles(path.join(app.work, 'hostile.xml'));
    await page.getByRole('heading', { name: 'Check summary' }).waitFor();
    // The table fetches its rows from the worker after the summary shows.
    const cells = page.locator('.fscroll [role="cell"].msg');
    await cells.filter({ hasText: 'javascript:window.__xss=2' }).first().waitFor({ timeout: 10_000 });
    const messages = await cells.allInnerTexts();
    assert.ok(messages.some((m) => m.includes('<script>window.__xss=1</script>')), 'a lastmod value, as text');
    assert.ok(messages.some((m) => m.includes('javascript:window.__xss=2')), 'a javascript: loc, as text');
    await expectInert('in the Check tab');
    await page.getByRole('tab', { name: 'Generate' }).click();
  });

  it('answers each hostile input in words or by rejecting its bad rows only, and runs the next list', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `${BASE}p/${i + 1}`);
    const gz = gzipSync(['loc', ...rows(5000)].join('\n') + '\n');
    const cases: { name: string; content: string | Buffer; expect: RegExp | 'cli'; code?: string }[] = [
      { name: 'empty.csv', content: '', expect: /has no rows/ },
      { name: 'header-only.csv', content: 'loc,lastmod,changefreq,priority\n', expect: /has no rows/ },
      { name: 'image.png', content: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), expect: /image\.png is a PNG image, not a CSV, TSV or text list of URLs/ },
      // UTF-8 elsewhere (é) makes it a UTF-8 list with one damaged row, not a Windows-1252 one.
      { name: 'bad-utf8.csv', content: Buffer.concat([Buffer.from(`loc\n${BASE}a\n${BASE}`), Buffer.from([0xff, 0xfe, 0x41]), Buffer.from(`\n${BASE}c\n${BASE}é\n`)]), expect: 'cli', code: 'row-encoding' },
      { name: 'windows-1252.csv', content: Buffer.from(`loc\n${BASE}caf\xe9\n`, 'latin1'), expect: 'cli', code: 'input-encoding' },
      { name: 'utf16.csv', content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`loc\r\n${BASE}ü\r\n${BASE}b\r\n`, 'utf16le')]), expect: 'cli', code: 'loc-normalized' },
      { name: 'nul.csv', content: `loc\n${BASE}a\n${BASE}b\u0000c\n${BASE}c\n`, expect: 'cli', code: 'row-encoding' },
      { name: 'long-line.csv', content: `loc\n${BASE}a\n${BASE}${'x'.repeat(5 * 1024 * 1024)}\n${BASE}c\n`, expect: 'cli', code: 'loc-too-long' },
      {
        name: 'wide.csv',
        content: ['loc', ...Array.from({ length: 4999 }, (_, i) => `c${i + 1}`)].join(',') + '\n' + [`${BASE}a`, ...Array(4999).fill('v')].join(',') + '\n',
        expect: 'cli',
        code: 'column-ignored',
      },
      // A workbook is read in the page's worker as in the CLI (SPEC 10): its date cells as lastmods.
      { name: 'crawl.xlsx', content: crawlWorkbook(), expect: 'cli', code: 'row-status' },
      { name: 'broken.xlsx', content: crawlWorkbook().subarray(0, 900), expect: /the workbook cannot be read/ },
      { name: 'quote.csv', content: `loc,lastmod\n${BASE}a,2025-01-01\n"${BASE}b,2025-01-01\n${BASE}c,2025-01-01\n`, expect: 'cli', code: 'row-malformed' },
      // Where the inflater stops in a broken stream is the browser's zlib's business, not Node's: no
      // comparison with the CLI, but the rows before the break are kept and the page says it broke.
      { name: 'truncated.csv.gz', content: gz.subarray(0, Math.floor(gz.length * 0.6)), expect: /the gzip data breaks off/ },
    ];
    for (const c of cases) {
      await pick(c.name, c.content);
      await page.locator('.list-name', { hasText: c.name }).waitFor();
      await settled();
      if (c.expect === 'cli') {
        const expected = runCli(app.work, c.name, OPTIONS);
        await waitForResults(page, expected.rows);
        await expectShown(page, expected);
        assert.ok(expected.accepted > 0, `${c.name}: the good rows are kept`);
        if (c.code) assert.ok(expected.codes[c.code], `${c.name}: ${c.code}`);
        assert.equal(await page.getByRole('alert').count(), 0, `${c.name}: no error`);
        // A workbook's Columns name the sheet read, and offer no delimiter.
        if (c.name.endsWith('.xlsx')) {
          await page.locator('.mapping-panel summary', { hasText: 'sheet “Internal”, header row' }).waitFor();
          assert.equal(await page.locator('#delimiter').count(), 0, 'no delimiter for a workbook');
        }
      } else {
        const said = page.getByRole('alert').or(page.locator('.banner[role="status"], .notes li')).filter({ hasText: c.expect });
        await said.waitFor();
        const text = (await said.innerText()).trim();
        console.log(`# ${c.name}: ${text.replace(/\s+/g, ' ')}`);
        assert.doesNotMatch(text, /undefined|\[object|Error:|at \S+:\d+/, `${c.name}: a sentence, not a trace`);
        const dismiss = page.getByRole('button', { name: 'Dismiss' });
        if (await dismiss.count()) await dismiss.click();
      }
      console.log(`# ${c.name}: ${JSON.stringify(await shownStats(page))}`);
    }
    // The gzip that breaks off keeps the rows before the break.
    const kept = await shownStats(page);
    assert.ok(kept.Accepted > 2000 && kept.Rejected <= 1, `the rows before the break are kept: ${JSON.stringify(kept)}`);
    // Many columns: the mapping lists the first hundred and says so.
    await pick('wide.csv', cases.find((c) => c.name === 'wide.csv')!.content);
    await waitForResults(page, 1);
    if ((await page.locator('details.mapping-panel[open]').count()) === 0) await page.locator('summary', { hasText: 'Columns' }).click();
    await page.getByText('The first 100 of 5,000 columns are shown').waitFor();
    assert.equal(await page.locator('table.mapping thead select').count(), 100);

    // The Check tab answers the unreadable ones file by file, and keeps working.
    await page.getByRole('tab', { name: 'Check' }).click();
    await page.getByLabel('Sitemap files').setInputFiles(['image.png', 'empty.csv', 'truncated.csv.gz'].map((n) => path.join(app.work, n)));
    await waitForCheck(page, 3);
    const kinds = (await shownFiles(page)).map((f) => `${f.name} ${f.kind}`);
    assert.deepEqual(kinds, ['image.png Not a sitemap', 'empty.csv Not a sitemap', 'truncated.csv.gz Text sitemap']);
    const codes = await shownCodes(page);
    assert.ok(codes['xml-root'] === 2 && codes['gzip-broken'] === 1, `the check says why: ${JSON.stringify(codes)}`);
    await page.getByRole('tab', { name: 'Generate' }).click();

    // And after all of that, the sample.
    await page.getByRole('button', { name: 'Try a sample', exact: true }).click();
    await waitForResults(page, 25);
    await expectInert('after the hostile inputs');
  });

  it('leaves no stale state when cancelled early, mid-run or at the end, and runs again', async () => {
    await writeFile(path.join(app.work, 'long.csv'), bigList(300_000));
    await page.getByLabel('URL list').setInputFiles(path.join(app.work, 'long.csv'));
    // Early: as soon as the run shows.
    await cancel().click();
    await expectCancelled('early');

    // Mid-run: rows are being read.
    await generate().click();
    await page.locator('.progress-stats dd').first().filter({ hasText: /[1-9]/ }).waitFor();
    await cancel().click();
    await expectCancelled('mid-run');

    // At the end: every row read, the files and the zip being written. A listener in the page (test
    // code) presses Cancel the moment the panel says so, faster than a round trip from here.
    await page.evaluate(`(() => {
      window.__cancelledWhile = null;
      const observer = new MutationObserver(() => {
        const hint = document.querySelector('.progress .hint');
        if (hint && hint.textContent.startsWith('Writing')) {
          observer.disconnect();
          window.__cancelledWhile = hint.textContent;
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel').click();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await generate().click();
    await page.getByText('Cancelled.', { exact: false }).or(page.getByRole('heading', { name: 'Summary' })).waitFor({ timeout: 60_000 });
    const at = await page.evaluate('window.__cancelledWhile');
    console.log(`# cancelled at the end, while: ${at}`);
    assert.ok(at, 'the run was caught while writing');
    await expectCancelled('at the end');

    // Cancel, then at once a run to the end: its results are the CLI's.
    await generate().click();
    await cancel().click();
    await generate().click();
    const expected = runCli(app.work, 'long.csv', OPTIONS);
    await waitForResults(page, expected.rows, 120_000);
    await expectShown(page, expected);
    assert.equal(await page.getByText('Cancelled.', { exact: false }).count(), 0, 'the notice of the cancel is gone');
  });

  it('made no request off its origin and logged no error across the whole file', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});

/** A small crawler export as Excel saves it: a status column, and Last Modified as real date cells. */
function crawlWorkbook(): Buffer {
  const rows: unknown[][] = [['Address', 'Status Code', 'Last Modified']];
  for (let i = 0; i < 30; i++) rows.push([`${BASE}p${i}`, i % 5 === 0 ? 301 : 200, new Date(Date.UTC(2025, 0, 1 + i))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Internal');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
