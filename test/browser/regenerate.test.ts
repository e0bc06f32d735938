// Fix and re-generate in Chromium keeps the set's shape (SPEC section 7): an index, a pages sitemap
// and a news sitemap whose articles are among the pages are checked, written again, and the zip
// downloaded holds the same three files, the news one with every news element it had, the pages
// one without news, one index listing both, each valid against the official schemas; the page shows
// what changed, file by file.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { waitForCheck } from '../helpers/check-view.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { article, newsSet, pageUrl, readBack, ARTICLES, INDEX, NEWS, PAGE_URLS, PAGES, SITE } from '../helpers/news-set.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { setBaseAndTime, waitForResults } from '../helpers/workbench-view.ts';
import { xmllint } from '../helpers/xmllint.ts';

let app: BrowserSuite;
let page: Page;

describe('Fix and re-generate keeps the set’s shape', { timeout: 180_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({ name: 'regenerate', mount: '/regenerate/', needs: ['dist/index.html'] });
    page = app.page;
  });

  after(() => app?.close());

  it('writes the index, the pages and the news sitemap again as the same files, every news element kept', async () => {
    const setDir = path.join(app.work, 'set');
    await mkdir(setDir);
    const set = newsSet();
    for (const [name, text] of Object.entries(set)) await writeFile(path.join(setDir, name), text);

    await page.goto(app.server.url);
    await page.getByRole('tab', { name: 'Check' }).click();
    await setBaseAndTime(page, BASE, NOW);
    await page.getByLabel('Sitemap files').setInputFiles(Object.keys(set).map((n) => path.join(setDir, n)));
    await waitForCheck(page, 3);

    await page.getByRole('button', { name: 'Fix and re-generate' }).click();
    assert.equal(await page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected'), 'true', 'the Generate tab is shown');
    await waitForResults(page, PAGE_URLS + 1 + ARTICLES);

    // The page says what changed, file by file.
    await page.getByText('0 added, 2 changed, 0 unchanged, 0 removed.', { exact: false }).waitFor({ timeout: 60_000 });
    const rows = (await page.locator('table.changes tbody tr').allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim()));
    assert.deepEqual(rows.sort(), [
      [NEWS, 'changed', '0', '0', String(ARTICLES)],
      [PAGES, 'changed', '0', '1', String(PAGE_URLS)],
    ].sort());

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
    const saved = path.join(app.work, 'regenerated.zip');
    await download.saveAs(saved);
    const entries = unzipSync(new Uint8Array(await readFile(saved)));
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    const sitemaps = Object.keys(entries).filter((n) => /\.xml(\.gz)?$/.test(n)).sort();
    assert.deepEqual(sitemaps, [INDEX, NEWS, PAGES].sort(), 'the same file names, one index');

    const news = readBack(text(NEWS));
    assert.equal(news.length, ARTICLES);
    news.forEach((entry, i) => {
      const a = article(i);
      assert.deepEqual(entry, {
        loc: a.loc,
        news: { name: a.name, language: a.language, genres: a.genres, publication_date: a.date, title: a.title, keywords: a.keywords },
      });
    });
    const pages = readBack(text(PAGES));
    assert.deepEqual(
      pages.map((p) => p.loc),
      Array.from({ length: PAGE_URLS }, (_, i) => pageUrl(i)),
    );
    assert.ok(pages.every((p) => p.news === null), 'no news in the pages');
    const listed = [...text(INDEX).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
    assert.deepEqual(listed, [`${SITE}/${NEWS}`, `${SITE}/${PAGES}`]);
    assert.match(text('changes.csv'), new RegExp(`^${NEWS.replace(/\./g, '\\.')},changed,0,0,${ARTICLES}$`, 'm'));

    const out = path.join(app.work, 'out');
    await mkdir(out);
    for (const name of sitemaps) await writeFile(path.join(out, name), entries[name]);
    xmllint('all.xsd', [path.join(out, PAGES), path.join(out, NEWS)]);
    xmllint('siteindex.xsd', [path.join(out, INDEX)]);
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
