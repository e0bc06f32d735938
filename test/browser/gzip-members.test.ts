// The same gzip files, in several members, read by the browser library in Chromium and by the CLI:
// a CSV list to generate from and a sitemap to check, whole, with zero padding, with bytes of junk
// after the data, and cut short. The rows and findings are known from how the files are built, and
// the browser and the CLI must both give them.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCliCheck, type CliCheck } from '../helpers/check-view.ts';
import { runCli, type CliSummary } from '../helpers/cli.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

const RANK: Record<string, number> = { error: 0, excluded: 1, warning: 2, fix: 3, info: 4 };
/** Findings in the page's order: by severity, each severity in the order found (a stable sort). */
const bySeverity = <T extends { severity: string }>(findings: T[]): T[] => [...findings].sort((a, b) => RANK[a.severity] - RANK[b.severity]);

const ROWS = 30000;
/** Rows that are not web pages (loc-scheme): every 5000th. */
const isMail = (i: number) => i % 5000 === 4999;
/** Rows that repeat the first URL (loc-duplicate): every 7000th. */
const isRepeat = (i: number) => i % 7000 === 6999;
const MAILS = 6;
const REPEATS = 4;

const ENTRIES = 6000;
/** Entries whose lastmod is not a date (lastmod-invalid and xml-schema). */
const isBadDate = (i: number) => i % 1500 === 1499;
/** Entries that repeat the first URL (loc-duplicate). */
const isDuplicate = (i: number) => i % 2500 === 2499;
const BAD_DATES = 4;
const DUPLICATES = 2;

/** The list's lines, the header first. */
function csvLines(): string[] {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const loc = isMail(i) ? `mailto:x${i}@example.com` : isRepeat(i) ? `${BASE}p/0` : `${BASE}p/${i}`;
    return `${loc},2025-01-01\n`;
  });
  return ['loc,lastmod\n', ...rows];
}

function sitemapText(): string {
  const urls = Array.from({ length: ENTRIES }, (_, i) => {
    const loc = isDuplicate(i) ? `${BASE}p/0` : `${BASE}p/${i}`;
    return `<url><loc>${loc}</loc><lastmod>${isBadDate(i) ? 'yesterday' : '2025-01-01'}</lastmod></url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/** gzip members of the text's parts, an empty member (its trailer all zero bytes) after the first. */
function members(parts: string[]): Buffer[] {
  const [first, ...rest] = parts.map((p) => gzipSync(p, { level: 6 }));
  return [first, gzipSync(''), ...rest];
}

const lines = csvLines();
/** The list's members end at rows 9000 and 21000 (and the header's line): the third holds the rest. */
const csvMembers = members([lines.slice(0, 9001).join(''), lines.slice(9001, 21001).join(''), lines.slice(21001).join('')]);
const ROWS_BEFORE_THIRD = 21000;
const sitemap = sitemapText();
// The sitemap's members end inside elements: a member is bytes, not entries.
const xmlMembers = members([sitemap.slice(0, 100_003), sitemap.slice(100_003, 300_011), sitemap.slice(300_011)]);
const third = csvMembers[3];

const FILES: Record<string, Buffer> = {
  'list.csv.gz': Buffer.concat(csvMembers),
  'zeros.csv.gz': Buffer.concat([...csvMembers, Buffer.alloc(3000)]),
  'junk.csv.gz': Buffer.concat([...csvMembers, Buffer.from('junk\n')]),
  // Cut inside the third member's header: the first two are read whole.
  'header-cut.csv.gz': Buffer.concat([...csvMembers.slice(0, 3), third.subarray(0, 6)]),
  // Cut inside the third member's deflate data: read as far as it goes.
  'data-cut.csv.gz': Buffer.concat([...csvMembers.slice(0, 3), third.subarray(0, third.length >> 1)]),
  'sitemap.xml.gz': Buffer.concat(xmlMembers),
  'zeros.xml.gz': Buffer.concat([...xmlMembers, Buffer.alloc(3000)]),
  'junk.xml.gz': Buffer.concat([...xmlMembers, Buffer.from('junk\n')]),
  'cut.xml.gz': Buffer.concat(xmlMembers).subarray(0, Buffer.concat(xmlMembers).length - 5000),
};

interface Generated {
  summary: { rows: number; accepted: number; rejected: number; codes: Record<string, number>; notes: string[]; files: { name: string; urls: number }[] };
}
interface Checked {
  summary: { files: CliCheck['files']; codes: Record<string, number> };
  findings: CliCheck['findings'];
}

let app: BrowserSuite;
let page: Page;

/** Generates from the file with the browser library, and with the CLI. */
async function generateBoth(name: string): Promise<{ browser: Generated['summary']; cli: CliSummary }> {
  const got = (await page.evaluate(`(async () => {
    const { createSitemill } = await import('../../lib/sitemill-browser.js');
    const sitemill = createSitemill();
    const bytes = Uint8Array.from(atob('${FILES[name].toString('base64')}'), (c) => c.charCodeAt(0));
    try {
      const { summary } = await sitemill.generate(new File([bytes], '${name}'), { baseUrl: '${BASE}', now: '${NOW}' });
      return { summary };
    } finally {
      sitemill.terminate();
    }
  })()`)) as Generated;
  return { browser: got.summary, cli: runCli(app.work, name, ['--base-url', BASE, '--now', NOW]) };
}

/** Checks the file with the browser library, and with the CLI. */
async function checkBoth(name: string): Promise<{ browser: Checked; cli: CliCheck }> {
  const got = (await page.evaluate(`(async () => {
    const { createSitemill } = await import('../../lib/sitemill-browser.js');
    const sitemill = createSitemill();
    const bytes = Uint8Array.from(atob('${FILES[name].toString('base64')}'), (c) => c.charCodeAt(0));
    try {
      const summary = await sitemill.check([new File([bytes], '${name}')], { now: '${NOW}' });
      const { findings } = await sitemill.checkFindingsPage({}, 0, 1000);
      return { summary, findings };
    } finally {
      sitemill.terminate();
    }
  })()`)) as Checked;
  return { browser: got, cli: runCliCheck(app.work, [name], ['--now', NOW]) };
}

/** Every lastmod is the same date, at midnight: said once of the whole list. */
const LIST_CODES = { 'list-uniform-lastmod': 1, 'list-lastmod-crawl-time': 1 };

/** Both sides read `rows` rows and rejected those of `rejected` (codes and counts). */
function assertSameRows(got: { browser: Generated['summary']; cli: CliSummary }, rows: number, rejected: Record<string, number>): void {
  const refused = Object.values(rejected).reduce((a, b) => a + b, 0);
  const expected = { rows, accepted: rows - refused, rejected: refused, codes: { ...rejected, ...LIST_CODES } };
  for (const [side, summary] of [['browser', got.browser], ['CLI', got.cli]] as const) {
    const { rows: r, accepted, rejected: x, codes } = summary;
    assert.deepEqual({ rows: r, accepted, rejected: x, codes }, expected, side);
    assert.equal(summary.files.reduce((n, f) => n + f.urls, 0), expected.accepted, `${side}: URLs written`);
  }
}

const gzipBroken = (message: string) => ({ file: '', line: 0, code: 'gzip-broken', severity: 'error', message });

describe('gzip in several members, in the browser and the CLI', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'gzip-members', mount: '/some/where/', needs: ['dist/lib/sitemill-browser.js', 'lib/cli.js'] });
    page = app.page;
    for (const [name, bytes] of Object.entries(FILES)) await writeFile(path.join(app.work, name), bytes);
    await page.goto(`${app.server.url}examples/library/`);
  });

  after(() => app?.close());

  it('reads every member of a list, and ignores zero padding after them', async () => {
    for (const name of ['list.csv.gz', 'zeros.csv.gz']) {
      const got = await generateBoth(name);
      assertSameRows(got, ROWS, { 'loc-scheme': MAILS, 'loc-duplicate': REPEATS });
      assert.deepEqual(got.browser.notes, [], name);
    }
  });

  it('reads every row before junk after the data, and says the junk was ignored', async () => {
    const got = await generateBoth('junk.csv.gz');
    assertSameRows(got, ROWS, { 'loc-scheme': MAILS, 'loc-duplicate': REPEATS });
    assert.deepEqual(got.browser.notes, ['junk.csv.gz: bytes after the end of the gzip data were ignored; every row before them was read']);
  });

  it('reads a list cut short as far as it goes', async () => {
    const header = await generateBoth('header-cut.csv.gz');
    assertSameRows(header, ROWS_BEFORE_THIRD, { 'loc-scheme': 4, 'loc-duplicate': 3 });
    const broke = 'the gzip data breaks off (unexpected end of file); the rows before the break were read';
    assert.deepEqual(header.browser.notes, [`header-cut.csv.gz: ${broke}`]);
    const data = await generateBoth('data-cut.csv.gz');
    const { rows, accepted, rejected, codes } = data.cli;
    assert.deepEqual({ rows: data.browser.rows, accepted: data.browser.accepted, rejected: data.browser.rejected, codes: data.browser.codes }, { rows, accepted, rejected, codes });
    assert.ok(rows > ROWS_BEFORE_THIRD && rows < ROWS, `${rows} rows read of a list cut in its last member`);
    // The row the break cuts is not written: the note names it.
    assert.equal(data.browser.notes.length, 1);
    assert.ok(data.browser.notes[0].startsWith(`data-cut.csv.gz: ${broke}; the row it cut (`) && data.browser.notes[0].endsWith(') was left out'), data.browser.notes[0]);
  });

  it('checks every member of a sitemap, with zero padding or junk after them, as the CLI does', async () => {
    // A bad date is one finding: the schema error (the row rule's verdict is not told again).
    const entryFindings = { 'xml-schema': BAD_DATES, 'loc-duplicate': DUPLICATES };
    for (const name of ['sitemap.xml.gz', 'zeros.xml.gz', 'junk.xml.gz']) {
      const { browser, cli } = await checkBoth(name);
      const junk = name.startsWith('junk');
      assert.deepEqual(browser.summary.codes, junk ? { ...entryFindings, 'gzip-broken': 1 } : entryFindings, name);
      assert.deepEqual(browser.summary.files.map((f) => [f.name, f.kind, f.urls, f.bytes]), [[name, 'urlset', ENTRIES, sitemap.length]]);
      assert.deepEqual({ files: browser.summary.files, codes: browser.summary.codes }, { files: cli.files, codes: cli.codes }, `${name}: the CLI's summary`);
      // The page lists errors first, then the rest by severity, each in the order found.
      assert.deepEqual(browser.findings, bySeverity(cli.findings), `${name}: the CLI's findings`);
      if (junk) {
        const said = 'bytes after the end of the gzip data, which gunzip ignores and stricter readers refuse; the data before them was read';
        assert.deepEqual(browser.findings.find((f) => f.code === 'gzip-broken'), { ...gzipBroken(said), file: name });
      }
    }
  });

  it('checks a sitemap cut short as the CLI does', async () => {
    const { browser, cli } = await checkBoth('cut.xml.gz');
    assert.equal(browser.summary.codes['gzip-broken'], 1);
    assert.deepEqual({ files: browser.summary.files, codes: browser.summary.codes }, { files: cli.files, codes: cli.codes });
    assert.deepEqual(browser.findings, bySeverity(cli.findings));
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
