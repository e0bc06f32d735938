// SPEC section 10 rule by rule, each on the smallest input that shows it: reading exports as they
// come, the columns and rules that leave rows out, and what a person can turn off.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { generate } from '../src/generate/engine.ts';
import { inspect } from '../src/generate/inspect.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { concatParts, NOW, run, source, type Run } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';
import { strictUri } from '../src/rules/slow-url.ts';
import { stripTrackingParams } from '../src/rules/tracking-params.ts';

const U = 'https://www.example.com';

function codes(r: Run, code: string): [number, string][] {
  return r.findings.filter((f) => f.code === code).map((f) => [f.line, f.value]);
}

function reconciles(r: Run): void {
  const s = r.summary;
  assert.equal(s.rows, s.accepted + s.rejected + s.excluded, 'rows = accepted + rejected + excluded');
  assert.equal(s.excluded, r.findings.filter((f) => f.severity === 'excluded').length, 'one finding per excluded row');
}

async function fatal(text: string | Uint8Array, options = {}): Promise<string> {
  try {
    await generate([source('list.csv', text)], { now: NOW, ...options }, nodePlatform);
  } catch (e) {
    return (e as Error).message;
  }
  assert.fail('no fatal error');
}

// ---- reading the export ----

test('GA4 preamble: # lines and the blank line after them are skipped, with one input-preamble', async () => {
  const r = await run(`# ----------------------------------------\n# Landing page\n# Start date: 20240101\n\nLanding page,Sessions\n/a,12\n/b?utm_source=x,3\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`]);
  assert.equal(r.summary.skipped, 4);
  assert.deepEqual(codes(r, 'input-preamble'), [[1, '# ----------------------------------------']]);
  assert.deepEqual(codes(r, 'column-ignored'), [[5, 'Sessions']]);
  reconciles(r);
});

test('a title line padded with the empty cells a spreadsheet writes is preamble too', async () => {
  const r = await run(`"URL inventory – Q1",,,\nURL,Status Code,Indexability,Last Modified\n${U}/a,200,Indexable,2024-03-01\n${U}/b,404,Non-Indexable,2024-03-02\n`);
  assert.deepEqual(r.locs, [`${U}/a`]);
  assert.deepEqual([r.summary.skipped, r.summary.excluded], [1, 1]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<lastmod>2024-03-01</lastmod>'));
});

test('a header whose first cell is # (a crawler numbering its rows) is the header, not a comment line', async () => {
  const r = await run(`#;URL;Status Code;Indexability\n1;${U}/a;200 OK;TRUE\n2;${U}/b;404 Not Found;FALSE\n3;${U}/c;200 OK;TRUE\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/c`]);
  assert.deepEqual([r.summary.skipped, r.summary.excluded, r.summary.rejected], [0, 1, 0]);
  const comma = await run(`# Crawl of www.example.com\n#,URL,Status Code\n1,${U}/a,200\n`);
  assert.deepEqual([comma.locs, comma.summary.skipped], [[`${U}/a`], 1]);
  reconciles(r);
});

test("Excel's sep= first line names the delimiter and is preamble, with a header or without", async () => {
  const crawl = await run(`sep=;\nURL;Status Code\n${U}/a;200\n${U}/b;404\n`);
  assert.deepEqual([crawl.locs, crawl.summary.skipped, crawl.summary.excluded], [[`${U}/a`], 1, 1]);
  assert.deepEqual(codes(crawl, 'input-preamble'), [[1, 'sep=;']]);
  const list = await run(`sep=,\r\n${U}/a\r\n${U}/b\r\n`);
  assert.deepEqual([list.locs, list.summary.rows, list.summary.skipped], [[`${U}/a`, `${U}/b`], 2, 1]);
  reconciles(crawl);
});

test('a header of labels over no rows (a report with nothing in it) is one clear line, not a row in error', async () => {
  assert.equal(await fatal('Search Appearance,Clicks,Impressions,CTR,Position\n'), 'list.csv: no URL column: no column holds URLs (the columns are "Search Appearance", "Clicks", "Impressions", "CTR", "Position"); name the URL column loc, url or address, or give it the loc role (--column <name>=loc on the command line, under Columns in the page)');
});

test('a JSON export is one clear error, not a URL error a line', async () => {
  const ghost = '{\n  "db": [\n    { "data": { "posts": [ { "slug": "welcome", "status": "published" } ] } }\n  ]\n}\n';
  assert.equal(await fatal(ghost), 'list.csv is JSON, not a CSV, TSV or text list of URLs: export its pages as CSV, or give their URLs one a line');
  assert.match(await fatal(`\uFEFF[ {"url": "${U}/a"} ]`), /is JSON/);
  assert.match(await fatal(`["${U}/a", "${U}/b"]`), /is JSON/);
  // A list whose first line starts with a bracketed word is a list.
  const r = await run(`[draft] ${U}/a\n${U}/b\n`);
  assert.deepEqual(r.locs, [`${U}/b`]);
});

test('a sitemap index given as the list says what it is and names its sitemaps; beside them in a zip it needs no word', async () => {
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>${U}/post-sitemap.xml</loc></sitemap>\n<sitemap><loc>${U}/page-sitemap.xml</loc></sitemap>\n</sitemapindex>\n`;
  const alone = await generate([source('sitemap_index.xml', index)], { baseUrl: U, now: NOW }, nodePlatform);
  assert.equal(alone.summary.rows, 0);
  assert.deepEqual(alone.summary.notes, [
    "sitemap_index.xml is a sitemap index: it lists sitemaps (post-sitemap.xml, page-sitemap.xml), not pages; give them (or a zip of them) instead, or check the live site (sitemill check <its URL>, or the page's Check tab)",
  ]);
  const urlset = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${U}/a</loc></url></urlset>\n`;
  const zip = zipSync({ 'sitemap_index.xml': new TextEncoder().encode(index), 'post-sitemap.xml': new TextEncoder().encode(urlset) });
  const set = await generate([source('set.zip', zip)], { baseUrl: U, now: NOW }, nodePlatform);
  assert.deepEqual([set.summary.accepted, set.summary.notes], [1, []]);
});

test("a column named Content is a content type only when it holds content types: a CMS's post bodies leave no page out", async () => {
  const wp = await run(`ID,Title,Content,Permalink,Status\n1,A,"<p>Hello, world</p>",${U}/a,publish\n2,B,<p>More</p>,${U}/b,draft\n`);
  assert.deepEqual(wp.locs, [`${U}/a`]);
  assert.deepEqual(codes(wp, 'row-unpublished').map(([line]) => line), [3]);
  const crawl = await run(`Address,Content\n${U}/a,text/html; charset=UTF-8\n${U}/logo.png,image/png\n`);
  assert.deepEqual(crawl.locs, [`${U}/a`]);
  assert.deepEqual(codes(crawl, 'row-not-page').map(([line]) => line), [3]);
});

test("a column of image files is not taken for the pages' URLs: a Product URL column is; images alone are one clear line", async () => {
  const products = await run(`Name,Product Image File - 1,Product URL\nShirt,https://cdn.example.net/shirt.jpg,/blue-shirt/\nBoot,https://cdn.example.net/boot.png?v=2,/boot/\n`);
  assert.deepEqual(products.locs, [`${U}/blue-shirt/`, `${U}/boot/`]);
  const posts = await run(`Name,Main Image,Title\nA,https://cdn.example.net/a.jpg,x\nB,https://cdn.example.net/b.webp,y\n`).catch((e: Error) => e.message);
  assert.match(String(posts), /no URL column: .*"Main Image" holds files such as images \(https:\/\/cdn\.example\.net\/a\.jpg\), not pages/);
});

test("more of what exports write: CMS kinds under Content type, 200.0, a verdict with its reason, German and French crawls, Sitebulb's reason column, Contentful's and Craft's states", async () => {
  const drupal = await run(['Title,Content type,Status,URL', `A,Article,published,${U}/a`, `B,Basic page,published,${U}/b`, `C,PDF,published,${U}/c`].join('\n'));
  assert.deepEqual(drupal.locs, [`${U}/a`, `${U}/b`, `${U}/c`], "a CMS's kinds of content are no media types");
  const decimals = await run(['URL,Status Code', `${U}/a,200.0`, `${U}/b,301.0`].join('\n'));
  assert.deepEqual(decimals.locs, [`${U}/a`]);
  assert.deepEqual(codes(decimals, 'row-status').map(([, v]) => v), [`${U}/b (301 redirect)`]);
  const verdicts = await run(['Address,Indexability', `${U}/a,Indexable`, `${U}/b,Non-Indexable - Noindex`, `${U}/c,Non-indexable (canonicalised)`, `${U}/d,Not indexable: blocked`].join('\n'));
  assert.deepEqual(verdicts.locs, [`${U}/a`]);
  assert.deepEqual(codes(verdicts, 'row-non-indexable').map(([, v]) => v), [`${U}/b (Non-Indexable - Noindex)`, `${U}/c (Non-indexable (canonicalised))`, `${U}/d (Not indexable: blocked)`]);
  const german = ['Adresse,Inhaltstyp,Statuscode,Indexierbarkeit,Indexierbarkeitsstatus,Kanonisches Link-Element 1,Meta-Robots 1', `${U}/a,text/html; charset=UTF-8,200,Indexierbar,,${U}/a,`, `${U}/b.png,image/png,200,Indexierbar,,,`, `${U}/c,text/html,200,Nicht indexierbar,Kanonisiert,${U}/a,`, `${U}/d,text/html,200,Indexierbar,,${U}/a,`].join('\n');
  const de = await run(german);
  assert.deepEqual(de.locs, [`${U}/a`]);
  assert.deepEqual(codes(de, 'row-non-indexable').map(([, v]) => v), [`${U}/c (Kanonisiert)`]);
  assert.deepEqual(codes(de, 'row-canonicalised').map(([, v]) => v), [`${U}/d (canonical ${U}/a)`]);
  const fr = await run(['Adresse,Type de contenu,Code HTTP,Indexabilité', `${U}/a,text/html,200,Indexable`, `${U}/b,text/html,404,Non indexable`].join('\n'));
  assert.deepEqual(fr.locs, [`${U}/a`]);
  const sitebulb = await run(['URL,Indexable,Indexability', `${U}/a,Yes,Indexable`, `${U}/b,No,Noindex`].join('\n'));
  assert.deepEqual(codes(sitebulb, 'row-non-indexable').map(([, v]) => v), [`${U}/b (Noindex)`], "Sitebulb's Indexability is the reason");
  const contentful = await run(['Title,Status,URL', `A,Published,${U}/a`, `B,Changed,${U}/b`, `C,Draft,${U}/c`, `D,Archived,${U}/d`].join('\n'));
  assert.deepEqual(contentful.locs, [`${U}/a`, `${U}/b`]);
  const craft = await run(['Title,Status,URL', `A,live,${U}/a`, `B,pending,${U}/b`, `C,expired,${U}/c`, `D,disabled,${U}/d`].join('\n'));
  assert.deepEqual(craft.locs, [`${U}/a`]);
});

test("a CMS's yes-or-no columns: a yes in Draft or Archived, a no in Published or Visible, leaves the row out; a Published column of dates is no flag", async () => {
  const webflow = await run(['Name,Slug,Archived,Draft,URL', `A,a,false,false,${U}/a`, `B,b,true,false,${U}/b`, `C,c,false,true,${U}/c`].join('\n'));
  assert.deepEqual(webflow.locs, [`${U}/a`]);
  assert.deepEqual(codes(webflow, 'row-unpublished'), [[3, `${U}/b (Archived: true)`], [4, `${U}/c (Draft: true)`]]);
  const shop = await run(['Handle,Published,Product Visible?,URL', `a,TRUE,Y,${U}/a`, `b,FALSE,Y,${U}/b`, `c,TRUE,N,${U}/c`].join('\n'));
  assert.deepEqual(shop.locs, [`${U}/a`]);
  assert.deepEqual(codes(shop, 'row-unpublished').map(([, v]) => v), [`${U}/b (Published: FALSE)`, `${U}/c (Product Visible?: N)`]);
  const dates = await run(['URL,Published', `${U}/a,2024-01-02`, `${U}/b,2024-03-04`].join('\n'));
  assert.deepEqual(dates.locs, [`${U}/a`, `${U}/b`]);
  const kept = await run(['URL,Draft', `${U}/a,false`, `${U}/b,true`].join('\n'), { keep: ['row-unpublished'] });
  assert.deepEqual(kept.locs, [`${U}/a`, `${U}/b`]);
});

test("crawlers' yes-or-no columns: Botify's compliance and noindex, Moz's noindex and robots.txt block, SEO PowerSuite's robots.txt instruction", async () => {
  const botify = await run([
    'Full URL,HTTP Code,Is Compliant,Non-Compliant Reasons,Content Type,Canonical To (URL),Meta Robots: Noindex,Redirects To (URL)',
    `${U}/a,200,True,,text/html,${U}/a,False,`,
    `${U}/b,301,False,http_code,text/html,,False,${U}/a`,
    `${U}/c,200,True,,text/html,${U}/a,False,`,
    `${U}/d,200,True,,text/html,${U}/d,True,`,
    `${U}/e,200,False,noindex,text/html,${U}/e,False,`,
  ].join('\n'));
  assert.deepEqual(botify.locs, [`${U}/a`]);
  assert.deepEqual(codes(botify, 'row-status').map(([, v]) => v), [`${U}/b (301 redirect to ${U}/a)`]);
  assert.deepEqual(codes(botify, 'row-canonicalised').map(([line]) => line), [4]);
  assert.deepEqual(codes(botify, 'row-noindex').map(([, v]) => v), [`${U}/d (Meta Robots: Noindex: True)`]);
  assert.deepEqual(codes(botify, 'row-non-indexable').map(([, v]) => v), [`${U}/e (noindex)`]);
  const moz = await run([
    'URL,HTTP Status Code,Content-Type Header,Search Engine blocked by robots.txt,Meta-robots Noindex,Rel Canonical,Rel-Canonical Target,Meta Robots Tag',
    `${U}/a,200,text/html,false,false,true,${U}/a,"index, follow"`,
    `${U}/logo.png,200,image/png,false,false,false,,`,
    `${U}/admin,200,text/html,true,false,false,,`,
    `${U}/tag/x,200,text/html,false,true,true,${U}/tag/x,"noindex, follow"`,
    `${U}/b?sort=1,200,text/html,false,false,true,${U}/b,`,
  ].join('\n'));
  assert.deepEqual(moz.locs, [`${U}/a`]);
  assert.deepEqual(moz.summary.excluded, 4);
  assert.deepEqual(codes(moz, 'row-non-indexable').map(([, v]) => v), [`${U}/admin (Search Engine blocked by robots.txt: true)`]);
  assert.deepEqual(codes(moz, 'row-canonicalised').map(([line]) => line), [6], 'the target column names the canonical, not the yes-or-no beside it');
  const wsa = await run([
    'Resource Address\tHTTP Status Code\tContent Type\tRobots.txt Instructions\tMeta Robots Instructions\tRel Canonical',
    `${U}/a\t200\ttext/html\tAllowed\tindex, follow\t${U}/a`,
    `${U}/checkout/\t200\ttext/html\tDisallowed\tindex, follow\t${U}/checkout/`,
    `${U}/tag/\t200\ttext/html\tAllowed\tnoindex, follow\t${U}/tag/`,
  ].join('\n'));
  assert.deepEqual(wsa.locs, [`${U}/a`]);
  assert.deepEqual(codes(wsa, 'row-non-indexable').map(([, v]) => v), [`${U}/checkout/ (Robots.txt Instructions: Disallowed)`]);
  // Each flag answers to its rule's switch.
  assert.deepEqual((await run(['URL,Meta Robots: Noindex', `${U}/a,false`, `${U}/b,true`].join('\n'), { keep: ['row-noindex'] })).locs, [`${U}/a`, `${U}/b`]);
  assert.deepEqual((await run(['URL,Allowed in robots.txt', `${U}/a,TRUE`, `${U}/b,FALSE`].join('\n'), { keep: ['row-non-indexable'] })).locs, [`${U}/a`, `${U}/b`]);
  reconciles(botify);
  reconciles(moz);
});

test('a robots cell that says robots.txt disallows the page leaves the row out (row-non-indexable), under its switch', async () => {
  const list = ['Page;HTTP Status Code;Robots Instructions', `${U}/a;200 OK;index, follow`, `${U}/admin;200 OK;disallowed by robots.txt`, `${U}/cart;200 OK;Blocked by robots.txt`, `${U}/v;200 OK;max-video-preview:-1`].join('\n');
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/v`]);
  assert.deepEqual(codes(r, 'row-non-indexable').map(([, v]) => v), [`${U}/admin (disallowed by robots.txt)`, `${U}/cart (Blocked by robots.txt)`]);
  assert.equal((await run(list, { keep: ['row-non-indexable'] })).locs.length, 4);
});

test("more exports' columns: Xenu's Type, Integrity's Link URL, Fathom's hostname beside its paths, a modified date named with its zone", async () => {
  const xenu = await run(['Address\tStatus-Code\tStatus-Text\tType', `${U}/\t200\tok\ttext/html`, `${U}/a.css\t200\tok\ttext/css`].join('\n'));
  assert.deepEqual(xenu.locs, [`${U}/`]);
  const cms = await run(['URL,Type', `${U}/a,post`, `${U}/b,page`].join('\n'));
  assert.deepEqual(cms.locs, [`${U}/a`, `${U}/b`], "a CMS's kinds of post in a Type column leave no page out");
  const integrity = await run(['Link URL,Status,Appears on', `${U}/a,200,${U}/`, `${U}/b.jpg,200,${U}/`, `${U}/c,404,${U}/`].join('\n'));
  // The link's status decides, not the page it appears on's; an image linked to is left out by its name, as no content type says what it is.
  assert.deepEqual(integrity.locs, [`${U}/a`]);
  assert.deepEqual(codes(integrity, 'row-not-page').map(([, v]) => v), [`${U}/b.jpg (.jpg file)`]);
  assert.deepEqual(codes(integrity, 'row-status').map(([, v]) => v), [`${U}/c (404 not found)`]);
  const fathom = await run(['Hostname,Pathname,Visits', `${U},/,500`, `${U},/blog/a/,40`, `${U},/about,3`].join('\n'));
  assert.deepEqual(fathom.locs, [`${U}/`, `${U}/blog/a/`, `${U}/about`]);
  const wp = await run(['Permalink,Date,Date Modified (GMT)', `${U}/a,2025-01-01,2025-10-01`].join('\n'));
  assert.ok(wp.files['sitemap-1.xml.gz'].includes('<lastmod>2025-10-01</lastmod>'));
  const modified = await run(['Permalink,Date,Post Modified Date', `${U}/a,2025-01-01,2025-10-02`].join('\n'));
  assert.ok(modified.files['sitemap-1.xml.gz'].includes('<lastmod>2025-10-02</lastmod>'));
});

test('a non-indexable verdict in Italian, Portuguese, Dutch, Polish and Japanese leaves the row out', async () => {
  const words = ['Non indicizzabile', 'Não indexável', 'Niet indexeerbaar', 'Nieindeksowalny', 'インデックス不可'];
  const r = await run(['Address,Indexability', `${U}/a,Indicizzabile`, ...words.map((w, i) => `${U}/n${i},${w}`)].join('\n'));
  assert.deepEqual(r.locs, [`${U}/a`]);
  assert.equal(codes(r, 'row-non-indexable').length, words.length);
});

test('a short crawl in another UI language hears of its unread status and indexability columns too', async () => {
  const r = await run(['Adres,Kod stanu,Indeksowalność', `${U}/a,200,Indeksowalny`, `${U}/b,404,Nieindeksowalny`].join('\n'));
  assert.deepEqual(r.summary.notes.map((n) => n.split(' holds ')[0]), ['list.csv: column 2 (Kod stanu)', 'list.csv: column 3 (Indeksowalność)']);
  const mapped = await run(['Adres,Kod stanu,Indeksowalność', `${U}/a,200,Indeksowalny`, `${U}/b,200,Nieindeksowalny`].join('\n'), { columns: [{ column: 'Indeksowalność', role: 'indexability' }] });
  assert.deepEqual(mapped.locs, [`${U}/a`]);
});

test("a crawl in another UI language hears of its unread canonical column; a redirect target or the address written again is no canonical", async () => {
  const crawl = [
    'Indirizzo,Indirizzo codificato,URL di reindirizzamento,Elemento link canonico 1',
    `${U}/a,${U}/a,,${U}/a`,
    `${U}/a?sort=price,${U}/a?sort=price,,${U}/a`,
    `${U}/old,${U}/old,${U}/a,`,
    `${U}/b,${U}/b,,${U}/b`,
  ].join('\n');
  const r = await run(crawl);
  assert.deepEqual(r.summary.notes.filter((n) => n.includes(' holds ')), [
    'list.csv: column 4 (Elemento link canonico 1) holds canonical URLs, but its name is not one read as such, so the pages it gives another canonical URL are kept: name it Canonical, or give it the canonical role (--column "Elemento link canonico 1=canonical" on the command line, under Columns in the page)',
  ]);
  assert.deepEqual(r.summary.unreadColumns, [{ input: 'list.csv', name: 'Elemento link canonico 1', role: 'canonical' }]);
  const mapped = await run(crawl, { columns: [{ column: 'Elemento link canonico 1', role: 'canonical' }] });
  assert.deepEqual(codes(mapped, 'row-canonicalised').map((c) => c[0]), [3]);
  assert.deepEqual(mapped.summary.unreadColumns, []);
});

test("Screaming Frog's Last Modified and Redirect URL in its other UI languages are read: the page's lastmod, the redirect's target", async () => {
  for (const [address, status, modified, redirect] of [
    ['Adresse', 'Statuscode', 'Zuletzt geändert', 'Weiterleitungs-URL'],
    ['Adresse', 'Code HTTP', 'Dernière modification', 'URL de redirection'],
    ['Dirección', 'Código de estado', 'Última modificación', 'URL de redirección'],
  ]) {
    const r = await run([`${address},${status},${modified},${redirect}`, `${U}/a,200,"Fri, 15 Nov 2024 08:12:31 GMT",`, `${U}/old,301,,${U}/a`].join('\n'));
    assert.deepEqual(r.locs, [`${U}/a`], modified);
    assert.ok(r.files['sitemap-1.xml.gz'].includes('<lastmod>2024-11-15T08:12:31Z</lastmod>'), modified);
    assert.deepEqual(codes(r, 'row-status'), [[3, `${U}/old (301 redirect to ${U}/a)`]], redirect);
  }
});

test('the reasons beside an unread indexability column are named with it, and once both are read the report gives the reason', async () => {
  const crawl = ['Indirizzo,Indicizzabilità,Stato di indicizzabilità,Titolo 1', `${U}/a,Indicizzabile,,A`, `${U}/b,Non indicizzabile,Canonicalizzato,B`, `${U}/c,Non indicizzabile,Noindex,C`].join('\n');
  const r = await run(crawl);
  assert.deepEqual(r.summary.unreadColumns.map((u) => [u.name, u.role]), [['Indicizzabilità', 'indexability'], ['Stato di indicizzabilità', 'indexability-status']]);
  assert.match(r.summary.notes[1], /column 3 \(Stato di indicizzabilità\) holds the reasons for the indexability verdicts beside it, .* so the reasons are not in the report/);
  const read = await run(crawl, { columns: r.summary.unreadColumns.map((u) => ({ column: u.name, role: u.role })) });
  assert.deepEqual(codes(read, 'row-non-indexable'), [[3, `${U}/b (Canonicalizzato)`], [4, `${U}/c (Noindex)`]]);
  // A title column beside the verdicts is no reason: it is filled for the indexable pages too.
  const titled = await run(['Indirizzo,Indicizzabilità,Titolo 1', `${U}/a,Indicizzabile,A`, `${U}/b,Non indicizzabile,B`].join('\n'));
  assert.deepEqual(titled.summary.unreadColumns.map((u) => u.role), ['indexability']);
});

test('a column named loc by the columns option is the one the base URL is inferred from', async () => {
  const list = ['Referrer,Target', 'https://blog.example.org/x,https://www.example.com/a', 'https://blog.example.org/y,https://www.example.com/b'].join('\n');
  const r = await generate([source('links.csv', list)], { now: NOW, columns: [{ column: 'Target', role: 'loc' }, { column: 'Referrer', role: 'ignore' }] }, nodePlatform);
  assert.deepEqual([r.summary.accepted, r.summary.rejected], [2, 0]);
});

test("a content inventory's Status column: Removed and Redirected pages are gone, a few words of its own aside", async () => {
  const r = await run([
    'Page URL,Status,Owner', `${U}/a,Live,Ben`, `${U}/b,Redirected,Ana`, `${U}/c,Removed,Ben`, `${U}/d,Draft,Ana`, `${U}/e,Live,Ben`, `${U}/f,Needs review,Ana`,
  ].join('\n'));
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/e`, `${U}/f`]);
  assert.deepEqual(codes(r, 'row-unpublished').map(([line]) => line), [3, 4, 5]);
});

test("a product's rows after its draft row (a Shopify export's variants, the URL filled down) stay out: the first row decides", async () => {
  const list = ['Handle,Status,URL', `a,active,${U}/products/a`, `a,,${U}/products/a`, `b,draft,${U}/products/b`, `b,,${U}/products/b`, `b,,${U}/products/b`].join('\n');
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/products/a`]);
  assert.deepEqual(codes(r, 'row-unpublished').map(([line]) => line), [4]);
  assert.deepEqual(codes(r, 'loc-duplicate').map(([line]) => line), [3, 5, 6]);
  reconciles(r);
});

test("Google Analytics 4's download with its chart's rows above the table: the table is read, the chart's rows skipped", async () => {
  const head = '# ----------------------------------------\n# Pages and screens: Page path and screen class\n# Start date: 20240101\n# ----------------------------------------\n';
  const chart = 'Nth day,Page path and screen class,Views\n0000,/a,10\n0000,/b,4\n0001,/a,7\n';
  const table = '# ----------------------------------------\n# Pages and screens: Page path and screen class\n# ----------------------------------------\nPage path and screen class,Views,Active users,Event count\n/a,17,9,30\n/b,4,2,8\n/c,1,1,2\n';
  const r = await run(`${head}${chart}\n${table}`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`, `${U}/c`]);
  assert.equal(r.summary.rows, 3);
  assert.deepEqual(codes(r, 'loc-invalid'), []);
  // Without the chart, the same table.
  assert.deepEqual((await run(`${head}${table.slice(table.indexOf('Page path and screen class,'))}`)).locs, r.locs);
  // A chart of the days alone (no page column), then the table after its own # lines or a blank line alone.
  const days = '# Start date: 20241101\nNth day,Views\n0000,1203\n0001,1187\n';
  const report = 'Page path + query string and screen class,Views,Active users\n/a,17,9\n/b?x=1,4,2\n';
  for (const between of ['\n# Start date: 20241101\n', '\n']) {
    const two = await run(`${days}${between}${report}`);
    assert.deepEqual(two.locs, [`${U}/a`, `${U}/b?x=1`]);
    assert.equal(two.summary.rows, 2);
  }
});

test('a lone title line above a wider header is preamble; the header keeps its Last Modified', async () => {
  const r = await run(`"Internal - All"\n"Address","Status Code","Last Modified"\n"${U}/a","200","2025-01-02"\n`);
  assert.deepEqual(r.locs, [`${U}/a`]);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<lastmod>2025-01-02</lastmod>'));
  assert.equal(r.summary.skipped, 1);
  assert.equal(codes(r, 'input-preamble').length, 1);
});

test('a header told by content: Search Console in French, its metrics never lastmod or priority', async () => {
  const r = await run(`Pages les plus populaires,Clics,Impressions,CTR,Position\n${U}/a,1200000000,5000,"3,2 %",1.0\n${U}/b,12,500,"2,4 %",0.5\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`]);
  assert.ok(!/<lastmod>|<priority>/.test(r.files['sitemap-1.xml.gz']));
  assert.deepEqual(codes(r, 'column-ignored').map(([, v]) => v), ['Clics', 'Impressions', 'CTR', 'Position']);
  assert.equal(r.summary.rejected, 0);
});

test('without a header, a positional column whose values are not of its field is ignored, once', async () => {
  const r = await run(`${U}/a,1200,0.5\n${U}/b,35,0.7\n`);
  assert.ok(!r.files['sitemap-1.xml.gz'].includes('<lastmod>'));
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<changefreq>') === false);
  const ignored = r.findings.filter((f) => f.code === 'column-ignored');
  assert.deepEqual(ignored.map((f) => f.column), [2, 3]);
  assert.equal(codes(r, 'lastmod-invalid').length, 0);
});

test('crawl dates are never lastmod', async () => {
  const r = await run(`Address,Last crawled,Crawl Timestamp\n${U}/a,2025-01-02,2025-01-03 10:00:00\n`);
  assert.ok(!r.files['sitemap-1.xml.gz'].includes('<lastmod>'));
  assert.deepEqual(codes(r, 'column-ignored').map(([, v]) => v), ['Last crawled', 'Crawl Timestamp']);
});

test('no URL column: one fatal line naming the columns; one line of many URLs: one fatal line', async () => {
  const none = await fatal('Top queries,Clicks,Impressions\nhiking boots,12,300\ntents,4,90\n');
  assert.match(none, /no URL column/);
  assert.match(none, /"Top queries", "Clicks", "Impressions"/);
  // Google Analytics 4's "Full page URL": hosts and paths without a scheme.
  const ga4 = await fatal('# Pages and screens\n#\nFull page URL,Views\nwww.example.com/,1200\nwww.example.com/blog/a?x=1,300\nexample.com/about,20\n');
  assert.match(ga4, /no URL column/);
  assert.match(ga4, /"Full page URL" holds URLs without their scheme \(www\.example\.com\/\): write each with https:\/\//);
  // Rows wider than their header: the column is told by its place.
  assert.match(await fatal('Views,Users\n1200,800,www.example.com/\n300,200,www.example.com/b\n'), /column 3 holds URLs without their scheme/);
  const oneLine = await fatal(Array.from({ length: 50 }, (_, i) => `${U}/p${i}`).join(','), { baseUrl: `${U}/` });
  assert.match(oneLine, /one line holds 50 URLs separated by commas/);
  // The preview says so too, and shows the columns; once the person names the URL column, the list runs.
  const cms = 'Title,Path\nCompost,blog/compost\nAbout,about.html\n';
  const seen = await inspect(source('cms.csv', cms), nodePlatform);
  assert.deepEqual([seen.header, seen.roles.includes('loc')], [['Title', 'Path'], false]);
  assert.match(seen.noUrlColumn ?? '', /^cms\.csv: no URL column/);
  assert.deepEqual((await run(cms, { roles: ['ignore', 'loc'] })).locs, [`${U}/blog/compost`, `${U}/about.html`]);
});

test('Windows-1252 (what Excel saves on Windows) is decoded, with one input-encoding', async () => {
  const bytes = Uint8Array.from(`URL;Clics\n${U}/caf\xe9;3\n${U}/b;4\n`, (c) => c.charCodeAt(0));
  const r = await run(bytes);
  assert.deepEqual(r.locs, [`${U}/caf%C3%A9`, `${U}/b`]);
  assert.deepEqual(codes(r, 'input-encoding'), [[0, 'windows-1252']]);
  assert.equal(codes(r, 'row-encoding').length, 0);
});

test('relative references resolve against the base; a relative-only list without a base is one fatal line', async () => {
  const r = await run(`loc\n/a\nb/c.html\n./d/\n../e.php\n(not set)\n`, { baseUrl: `${U}/shop/` });
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/shop/b/c.html`, `${U}/shop/d/`, `${U}/e.php`]);
  assert.equal(codes(r, 'loc-relative').length, 4);
  assert.deepEqual(codes(r, 'loc-missing'), [[6, '(not set)']], 'a placeholder is an empty cell');
  assert.match(await fatal('loc\n/a\n/b\n'), /relative.*give the site's base URL/);
});

test("a bare name is a path-relative reference in a URL column the person named (a shop's handles), and only there", async () => {
  const shop = 'Handle,Title\ncopper-trowel,Trowel\nlinen-apron?variant=3,Apron\n(not set),x\nTotal,y\n';
  const named = await run(shop, { baseUrl: `${U}/products/`, columns: [{ column: 'Handle', role: 'loc' }] });
  assert.deepEqual(named.locs, [`${U}/products/copper-trowel`, `${U}/products/linen-apron?variant=3`, `${U}/products/Total`]);
  assert.deepEqual(codes(named, 'loc-missing'), [[4, '(not set)']], 'a placeholder is an empty cell');
  const positional = await run(shop, { baseUrl: `${U}/products/`, roles: ['loc', 'ignore'] });
  assert.deepEqual(positional.locs, named.locs);
  // Found by its name, a URL column's bare names are no pages; where they are most of it, a note says how to name it.
  const found = await run('loc\n/a\ncopper-trowel\n', { baseUrl: `${U}/` });
  assert.deepEqual(codes(found, 'loc-invalid'), [[3, 'copper-trowel']]);
  assert.deepEqual(found.summary.notes, [
    'list.csv: its URL column, loc, holds names, not URLs or paths (copper-trowel): they are refused unless the column is named as the URL column (--column "loc=loc" on the command line, under Columns in the page), when each is read against the base URL\'s folder',
  ]);
  assert.deepEqual((await run('Product URL\nceramic-mug\n/a\n/b\n', { baseUrl: `${U}/` })).summary.notes, [], 'a few names among paths: no note');
  assert.deepEqual(named.summary.notes, []);
  assert.match(await fatal(shop, { columns: [{ column: 'Handle', role: 'loc' }] }), /the URLs are relative \(copper-trowel\) and no base URL was given/);
});

test('the base URL is the most common origin, not the first row', async () => {
  const rows = [`https://blog.example.com/x`, ...Array.from({ length: 4 }, (_, i) => `${U}/p${i}`)];
  const r = await run(`loc\n${rows.join('\n')}\n`, { baseUrl: undefined });
  assert.equal(r.summary.baseUrl, `${U}/`);
  assert.deepEqual(codes(r, 'base-url-inferred'), [[0, `${U}/ (4 of the 5 URLs)`]]);
  assert.deepEqual(codes(r, 'loc-host').map(([line]) => line), [2]);
});

// ---- columns that decide whether a row belongs ----

const CRAWL = [
  '"Address","Content Type","Status Code","Status","Indexability","Indexability Status","Meta Robots 1","Canonical Link Element 1","Redirect URL"',
  `"${U}/a","text/html; charset=UTF-8","200","OK","Indexable","","index, follow","${U}/a",""`,
  `"${U}/old","text/html","301","Moved Permanently","Non-Indexable","Redirected","","","${U}/a"`,
  `"${U}/gone","text/html","404","Not Found","Non-Indexable","Client Error","","",""`,
  `"${U}/logo.png","image/png","200","OK","Indexable","","","",""`,
  `"${U}/guide.pdf","application/pdf","200","OK","Indexable","","","",""`,
  `"${U}/private","text/html","200","OK","Non-Indexable","noindex","noindex, follow","",""`,
  `"${U}/a?sort=asc","text/html","200","OK","Non-Indexable","Canonicalised","","${U}/a",""`,
  `"${U}/tag/x","text/html","200","OK","Indexable","","max-image-preview:none","",""`,
].join('\r\n');

test('a crawl: only indexable 200 HTML and PDF pages are written; every other row is excluded with its reason', async () => {
  const r = await run(CRAWL);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/guide.pdf`, `${U}/tag/x`]);
  assert.deepEqual(
    r.findings.filter((f) => f.severity === 'excluded').map((f) => [f.line, f.code, f.value]),
    [
      [3, 'row-status', `${U}/old (301 redirect to ${U}/a)`],
      [4, 'row-status', `${U}/gone (404 Not Found)`],
      [5, 'row-not-page', `${U}/logo.png (image/png)`],
      [7, 'row-non-indexable', `${U}/private (noindex)`],
      [8, 'row-non-indexable', `${U}/a?sort=asc (Canonicalised)`],
    ],
  );
  reconciles(r);
});

test('a crawl whose status and content-type columns have names no rule reads: a note names each, and no row is left out on a guess', async () => {
  const italian = [
    // Italian headers, which no rule reads by name (Screaming Frog's English, German, French and Spanish ones are read).
    '"Indirizzo","Tipo di contenuto","Codice di risposta","Stato","Indicizzabilità"',
    `"${U}/","text/html; charset=UTF-8","200","OK","Indexable"`,
    `"${U}/a","text/html","200","OK","Indexable"`,
    `"${U}/old","text/html","301","Moved Permanently","Non-Indexable"`,
    `"${U}/gone","text/html","404","Not Found","Non-Indexable"`,
    `"${U}/logo.png","image/png","200","OK","Indexable"`,
  ].join('\n');
  const it = await run(italian);
  // Only the image's name leaves a row out (row-not-page by name, as no content type is read).
  assert.equal(it.summary.accepted, 4);
  assert.deepEqual(it.summary.notes, [
    'list.csv: column 3 (Codice di risposta) holds HTTP status codes, but its name is not one read as such, so the redirects and errors it shows are kept: name it Status Code, or give it the status role (--column "Codice di risposta=status" on the command line, under Columns in the page)',
    'list.csv: column 2 (Tipo di contenuto) holds content types, but its name is not one read as such, so the images and other files it shows are kept: name it Content Type, or give it the content-type role (--column "Tipo di contenuto=content-type" on the command line, under Columns in the page)',
    'list.csv: column 5 (Indicizzabilità) holds indexability verdicts, but its name is not one read as such, so the pages it calls Non-Indexable are kept: name it Indexability, or give it the indexability role (--column "Indicizzabilità=indexability" on the command line, under Columns in the page)',
  ]);
  // Given those roles (the page's column mapping), the rows go as a crawl's do.
  const mapped = await run(italian, { roles: ['loc', 'content-type', 'status', 'status-text', 'indexability'] });
  assert.deepEqual(mapped.locs, [`${U}/`, `${U}/a`]);
  assert.deepEqual(mapped.summary.notes, []);
  // Counts and columns of zeros say nothing, nor does a count whose values are all one code (an
  // event count of 300), a column of codes beside a named status, or a named column set aside.
  const gsc = `Page,Clicks,Conversions,Events\n${[0, 12, 200, 3, 1, 45, 0].map((c, i) => `${U}/p${i},${c},0,300`).join('\n')}\n`;
  assert.deepEqual((await run(gsc)).summary.notes, []);
  const named = `Page,Code,Status Code\n${[200, 301, 404, 410, 500, 200].map((c, i) => `${U}/p${i},${c},200`).join('\n')}\n`;
  assert.deepEqual((await run(named)).summary.notes, []);
  const setAside = `Page,Status Code\n${[200, 301, 404, 410, 500, 200].map((c, i) => `${U}/p${i},${c}`).join('\n')}\n`;
  assert.deepEqual((await run(setAside, { roles: ['loc', 'ignore'] })).summary.notes, []);
  // A column that would leave nothing out needs no word: every page 200 and HTML.
  const clean = `Adresse,Code HTTP,Type de contenu\n${[1, 2, 3, 4, 5, 6].map((i) => `${U}/p${i},200,text/html`).join('\n')}\n`;
  assert.deepEqual((await run(clean)).summary.notes, []);
});

test("a CMS dump's posts that are not published are left out, each with its state; under a name no rule reads, a note says so", async () => {
  const states = ['publish', 'publish', 'draft', 'publish', 'private', 'future', 'Published'];
  const wp = (status: string) => `ID,Title,Permalink,${status},Date\n${states.map((s, i) => `${i + 1},Post ${i},${U}/post-${i}/,${s},2024-05-0${i + 1}`).join('\n')}\n`;
  // WordPress's `post_status`, or a plain `Status` whose values are publication states.
  for (const name of ['post_status', 'Status']) {
    const r = await run(wp(name));
    assert.deepEqual(r.locs, [`${U}/post-0/`, `${U}/post-1/`, `${U}/post-3/`, `${U}/post-6/`], name);
    assert.deepEqual(codes(r, 'row-unpublished'), [[4, `${U}/post-2/ (draft)`], [6, `${U}/post-4/ (private)`], [7, `${U}/post-5/ (future)`]], name);
    assert.deepEqual(r.summary.notes, [], name);
    reconciles(r);
    const kept = await run(wp(name), { keep: ['row-unpublished'] });
    assert.equal(kept.summary.accepted, 7, name);
  }
  // A crawler's Status (OK, Moved Permanently) stays its status text.
  const crawl = await run(`Address,Status Code,Status\n${U}/a,200,OK\n${U}/b,301,Moved Permanently\n`);
  assert.deepEqual(crawl.locs, [`${U}/a`]);
  // Under a name no rule reads, a note, and no row is left out on a guess.
  const other = await run(wp('Estado'));
  assert.equal(other.summary.accepted, 7);
  assert.deepEqual(other.summary.notes, [
    'list.csv: column 4 (Estado) holds publication states, but its name is not one read as such, so the drafts and other unpublished posts it shows are kept: name it Post Status, or give it the publication role (--column "Estado=publication" on the command line, under Columns in the page)',
  ]);
  // All published says nothing.
  assert.deepEqual((await run(wp('Estado').replace(/draft|private|future/g, 'publish'))).summary.notes, []);
});

test("Search Console's CSV download, a zip of lists, is read for the list that holds URLs; the others are named", async () => {
  const enc = (t: string) => new TextEncoder().encode(t);
  const gsc = zipSync({
    'Suchanfragen.csv': enc('Häufigste Suchanfragen,Klicks,Impressionen\ngartengeräte,120,3400\nkompost,80,2100\n'),
    'Seiten.csv': enc(`Häufigste Seiten,Klicks,Impressionen\n${U}/,300,9000\n${U}/blog/kompost#tipps,80,2100\n${U}/blog/kompost,12,400\n`),
    'Länder.csv': enc('Land,Klicks\nDeutschland,300\n'),
    'Filter.csv': enc('Filter,Wert\nSuchtyp,Web\n'),
    // A report with no rows: its header of labels is no list.
    'Darstellung in der Suche.csv': enc('Darstellung in der Suche,Klicks,Impressionen,CTR,Position\n'),
  });
  const result = await generate([source('export.zip', gsc)], { baseUrl: `${U}/`, now: NOW }, nodePlatform);
  assert.equal(result.summary.accepted, 2);
  assert.equal(result.summary.rows, 3);
  assert.deepEqual(result.summary.notes, ['export.zip: Seiten.csv read; Suchanfragen.csv, Länder.csv, Filter.csv and 1 more passed over, as they hold no URLs']);
  // The column preview shows that list.
  const shown = await inspect(source('export.zip', gsc), nodePlatform);
  assert.deepEqual([shown.header, shown.fromSitemap], [['Häufigste Seiten', 'Klicks', 'Impressionen'], false]);
  // A zip of lists none of which holds URLs is one clear error.
  const none = zipSync({ 'Queries.csv': enc('Top queries,Clicks\ncompost,3\n'), 'Countries.csv': enc('Country,Clicks\nGermany,4\n') });
  await assert.rejects(generate([source('none.zip', none)], { baseUrl: `${U}/`, now: NOW }, nodePlatform), { message: 'none.zip: none of the lists in it holds URLs (Queries.csv, Countries.csv)' });
});

test("Search Console's export of the pages under one reason they are not indexed: a 404, a redirect, a noindex leaves every page out; a reason pages may be submitted for is said in a note", async () => {
  const enc = (t: string) => new TextEncoder().encode(t);
  const drill = (issue: string, table = `URL,Last crawled\n${U}/old,2024-03-03\n${U}/older,2024-04-16\n`, names = ['Chart.csv', 'Table.csv', 'Metadata.csv'], head = 'Property,Value\nIssue') =>
    zipSync({ [names[0]]: enc('Date,Affected pages\n2024-03-01,13\n'), [names[1]]: enc(table), [names[2]]: enc(`${head},${issue}\nSource,Google systems\n`) });
  const generated = async (...inputs: [string, Uint8Array | string][]) => {
    const result = await generate(inputs.map(([name, bytes]) => source(name, bytes)), { baseUrl: `${U}/`, now: NOW }, nodePlatform);
    const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
    return { summary: result.summary, excluded: findings.filter((f) => f.severity === 'excluded').map((f) => [f.line, f.code, f.value]) };
  };

  const redirects = await generated(['redirects.zip', drill('Page with redirect')]);
  assert.equal(redirects.summary.accepted, 0);
  assert.deepEqual(redirects.excluded, [
    [2, 'row-status', `${U}/old (Search Console: Page with redirect)`],
    [3, 'row-status', `${U}/older (Search Console: Page with redirect)`],
  ]);
  assert.deepEqual(redirects.summary.notes.slice(0, 2), [
    'redirects.zip: Table.csv read; Chart.csv passed over, as it holds no URLs',
    'redirects.zip: Search Console lists these pages under “Page with redirect” (Metadata.csv), so each is left out (row-status); list a page again once it is fixed',
  ]);
  for (const [issue, code] of [
    ['Not found (404)', 'row-status'],
    ['Server error (5xx)', 'row-status'],
    ['Soft 404', 'row-non-indexable'],
    ["Excluded by ‘noindex’ tag", 'row-noindex'],
    ['Alternate page with proper canonical tag', 'row-canonicalised'],
    ['Blocked by robots.txt', 'robots-disallowed'],
  ]) {
    const r = await generated(['drill.zip', drill(issue)]);
    assert.deepEqual(r.excluded.map((f) => f[1]), [code, code], issue);
  }
  // In French, with the files named in French; in Japanese.
  const fr = await generated(['fr.zip', drill('Page avec redirection', `URL,Dernière exploration\n${U}/old,2024-03-03\n`, ['Graphique.csv', 'Tableau.csv', 'Métadonnées.csv'], 'Propriété,Valeur\nProblème')]);
  assert.deepEqual([fr.summary.accepted, fr.excluded.map((f) => f[1])], [0, ['row-status']]);
  const ja = await generated(['ja.zip', zipSync({ 'Table.csv': enc(`URL,前回のクロール\n${U}/old,2024-03-03\n`), 'Metadata.csv': enc('プロパティ,値\n問題,リダイレクトのあるページ\n') })]);
  assert.deepEqual(ja.excluded.map((f) => f[1]), ['row-status']);

  // A CMS list that names the page does not put it back, given before the drill-down or after it.
  const cms = `url\n${U}/old\n${U}/new\n`;
  for (const inputs of [[['cms.csv', cms], ['redirects.zip', drill('Page with redirect')]], [['redirects.zip', drill('Page with redirect')], ['cms.csv', cms]]] as [string, Uint8Array | string][][]) {
    const r = await generated(...inputs);
    assert.equal(r.summary.accepted, 1, inputs.map((i) => i[0]).join(' then '));
  }

  // Reasons pages may still belong: kept, and the reason said.
  const waiting = await generated(['crawled.zip', drill('Crawled - currently not indexed')]);
  assert.equal(waiting.summary.accepted, 2);
  assert.deepEqual(waiting.summary.notes.slice(1), ['crawled.zip: Search Console lists these pages under “Crawled - currently not indexed” (Metadata.csv), a reason pages are not indexed: check that each should be in a sitemap before submitting it']);
  // The drill-down of the pages that are indexed names no reason.
  const indexed = await generated(['indexed.zip', zipSync({ 'Table.csv': enc(`URL,Last crawled\n${U}/a,2024-03-03\n`), 'Metadata.csv': enc('Property,Value\nIssue,All indexed pages\n') })]);
  assert.deepEqual([indexed.summary.accepted, indexed.summary.notes.length], [1, 1]);
  // The rule turned off keeps the pages.
  const kept = await generate([source('redirects.zip', drill('Page with redirect'))], { baseUrl: `${U}/`, now: NOW, keep: ['row-status'] }, nodePlatform);
  assert.equal(kept.summary.accepted, 2);
});

test('each rule can be turned off, and the rows it left out come back', async () => {
  const base = await run(CRAWL);
  const notPage = await run(CRAWL, { keep: ['row-not-page'] });
  assert.deepEqual(notPage.locs.filter((l) => !base.locs.includes(l)), [`${U}/logo.png`]);
  reconciles(notPage);
  // A redirect's export also says Non-Indexable: with the status rule off, that is its reason.
  const status = await run(CRAWL, { keep: ['row-status'] });
  assert.deepEqual(codes(status, 'row-non-indexable').map(([line]) => line), [3, 4, 7, 8]);
  const both = await run(CRAWL, { keep: ['row-status', 'row-non-indexable'] });
  assert.ok(both.locs.includes(`${U}/old`) && both.locs.includes(`${U}/gone`));
  // Without the Indexability verdict, the noindex and canonical columns say it.
  const r = await run(CRAWL, { keep: ['row-non-indexable'] });
  assert.deepEqual(
    r.findings.filter((f) => f.line >= 7 && f.line <= 8).map((f) => f.code),
    ['row-noindex', 'row-canonicalised'],
  );
  const all = await run(CRAWL, { keep: ['row-status', 'row-not-page', 'row-non-indexable', 'row-noindex', 'row-canonicalised'] });
  assert.equal(all.summary.excluded, 0);
  // The ?sort=asc page is its own URL once nothing leaves it out.
  assert.equal(all.summary.accepted, 8);
});

test('robots directives: noindex and none in any robots column; a valued directive is not noindex', async () => {
  const list = `Address,Meta Robots 1,X-Robots-Tag 1\n${U}/a,"index, follow",\n${U}/b,,"googlebot: noindex"\n${U}/c,NONE,\n${U}/d,max-snippet:-1,\n`;
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/d`]);
  assert.deepEqual(codes(r, 'row-noindex').map(([line]) => line), [3, 4]);
});

test('a canonical that differs only in encoding or tracking parameters is the row itself', async () => {
  const r = await run(`Address,Canonical Link Element 1\n${U}/café,${U}/caf%C3%A9\n${U}/x,/y\n${U}/z?utm_source=a,${U}/z?utm_source=a\n`);
  assert.deepEqual(r.locs, [`${U}/caf%C3%A9`, `${U}/z`]);
  assert.deepEqual(codes(r, 'row-canonicalised'), [[3, `${U}/x (canonical ${U}/y)`]]);
});

test('a canonical loses the parameters the person names, as the row\'s URL did: a page naming itself stays', async () => {
  const list = `Address,Status Code,Canonical Link Element 1\n${U}/p?sessionref=7,200,${U}/p?sessionref=7\n${U}/q?sessionref=1,200,${U}/r?sessionref=1\n`;
  const r = await run(list, { stripParams: ['sessionref'] });
  assert.deepEqual(r.locs, [`${U}/p`]);
  assert.deepEqual(codes(r, 'row-canonicalised'), [[3, `${U}/q (canonical ${U}/r)`]]);
  reconciles(r);
});

test('a status written with its words or its protocol is read by its code; words where the code belongs are no 2xx', async () => {
  const list = [
    'URL,Status Code,Content Type',
    `${U}/moved,301 Moved Permanently,text/html`,
    `${U}/gone,HTTP/1.1 404 Not Found,text/html`,
    `${U}/ok,200 OK,text/html`,
    `${U}/h2,HTTP/2 200,text/html`,
    `${U}/timeout,Timeout,text/html`,
    `${U}/img,Timeout,image/png`,
  ].join('\n');
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/ok`, `${U}/h2`]);
  assert.deepEqual(codes(r, 'row-status'), [
    [2, `${U}/moved (301 redirect (Moved Permanently))`],
    [3, `${U}/gone (404 Not Found)`],
    [6, `${U}/timeout (status Timeout)`],
    [7, `${U}/img (status Timeout)`],
  ]);
  // Only a Status column of words: a code at its start is the status.
  const text = await run(`Address,Status\n${U}/a,404 Not Found\n${U}/b,OK\n`);
  assert.deepEqual(text.locs, [`${U}/b`]);
  assert.deepEqual(codes(text, 'row-status'), [[2, `${U}/a (404 Not Found)`]]);
  reconciles(r);
});

test("other crawlers' columns: a yes or no for indexable, reasons in the indexability column, Bing's HTTP code, Lumar's redirect target", async () => {
  const lumar = [
    'url,http_status_code,indexable,redirected_to_url',
    `${U}/a,200,true,`,
    `${U}/b,200,false,`,
    `${U}/c,301,false,${U}/a`,
    `${U}/d,200,TRUE,`,
  ].join('\n');
  const r = await run(lumar);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/d`]);
  assert.deepEqual(codes(r, 'row-non-indexable'), [[3, `${U}/b (not indexable)`]]);
  assert.deepEqual(codes(r, 'row-status'), [[4, `${U}/c (301 redirect to ${U}/a)`]]);
  reconciles(r);
  // Sitebulb writes Yes or No; some tools write the reason in the column.
  const reasons = ['URL,Indexable,Indexability', `${U}/p,Yes,Indexable`, `${U}/q,No,Noindex`, `${U}/r,Yes,Canonicalised`, `${U}/s,Yes,Blocked by robots.txt`, `${U}/t,Yes,Something new`].join('\n');
  const sitebulb = await run(reasons);
  assert.deepEqual(sitebulb.locs, [`${U}/p`, `${U}/r`, `${U}/s`, `${U}/t`], 'the first indexability column decides');
  const said = await run(['URL,Indexability', `${U}/p,Indexable`, `${U}/q,Noindex`, `${U}/r,Canonicalised`, `${U}/s,Blocked by robots.txt`, `${U}/t,Something new`].join('\n'));
  assert.deepEqual(said.locs, [`${U}/p`, `${U}/t`]);
  assert.deepEqual(codes(said, 'row-non-indexable').map(([, v]) => v), [`${U}/q (Noindex)`, `${U}/r (Canonicalised)`, `${U}/s (Blocked by robots.txt)`]);
  const bing = await run(['URL,HTTP code,Status', `${U}/a,200,Indexed`, `${U}/b,301,Indexed`, `${U}/c,404,Excluded`].join('\n'));
  assert.deepEqual(bing.locs, [`${U}/a`]);
  assert.deepEqual(codes(bing, 'row-status').map(([line]) => line), [3, 4]);
});

test('robots directives of two tags in one cell, on two lines or apart by ; or |, are each read', async () => {
  const list = `URL,Meta robots\n${U}/a,"noarchive\nnoindex"\n${U}/b,"noarchive\r\nnone"\n${U}/c,noarchive; noindex\n${U}/d,noarchive|noindex\n${U}/e,"index\nfollow"\n`;
  const r = await run(list);
  assert.deepEqual(r.locs, [`${U}/e`]);
  assert.deepEqual(codes(r, 'row-noindex').map(([line]) => line), [2, 4, 6, 7]);
});

test('a canonical cell that names no URL (N/A, -, Self-referencing) or two of them keeps its row; escapes in another case name the row itself', async () => {
  const placeholders = ['-', 'N/A', 'None', 'null', '--', '(not set)', 'Self-referencing', 'Missing'];
  const list = ['Address,Canonical Link Element 1', ...placeholders.map((p, i) => `${U}/p${i},${p}`), `${U}/two,"${U}/two\n${U}/other"`, `${U}/gr%c3%b6%c3%9fe,${U}/gr%C3%B6%C3%9Fe`, `${U}/x,/y`].join('\n');
  const r = await run(list);
  assert.deepEqual(r.locs, [...placeholders.map((_, i) => `${U}/p${i}`), `${U}/two`, `${U}/gr%c3%b6%c3%9fe`]);
  assert.deepEqual(codes(r, 'row-canonicalised'), [[13, `${U}/x (canonical ${U}/y)`]]); // the two-line cell takes two lines
});

test('a URL a crawl leaves out stays out when another input lists it, whichever is given first; the crawl is read first', async () => {
  const crawl = ['Address,Status Code,Indexability', `${U}/a,200,Indexable`, `${U}/gone,404,Non-Indexable`, `${U}/moved,301,Non-Indexable`, `${U}/b,200,Indexable`].join('\n');
  const list = [`${U}/gone`, `${U}/c`, `${U}/moved`, `${U}/a`].join('\n');
  const merged = async (inputs: [string, string][]) => {
    const result = await generate(inputs.map(([name, text]) => source(name, text)), { baseUrl: U, now: NOW }, nodePlatform);
    const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
    return { ...result, findings };
  };
  for (const order of [[['crawl.csv', crawl], ['cms.txt', list]], [['cms.txt', list], ['crawl.csv', crawl]]] as [string, string][][]) {
    const r = await merged(order);
    const s = r.summary;
    assert.equal(s.accepted, 3, `${order[0][0]} first`);
    assert.equal(s.rows, s.accepted + s.rejected + s.excluded);
    const fromList = r.findings.filter((f) => f.input === 'cms.txt' && f.severity === 'excluded').map((f) => [f.line, f.code, f.value]);
    assert.deepEqual(fromList, [
      [1, 'row-status', `${U}/gone (404 not found, as crawl.csv line 3 says)`],
      [3, 'row-status', `${U}/moved (301 redirect, as crawl.csv line 4 says)`],
    ]);
    assert.deepEqual(r.findings.filter((f) => f.input === 'cms.txt' && f.code === 'loc-duplicate').map((f) => f.line), [4]);
    assert.equal(s.notes.some((n) => n.startsWith('crawl.csv read first')), order[0][0] === 'cms.txt');
  }
});

test("a CMS list with its own publication status, given before a crawl, is read after it: the crawl's 404 and noindex pages stay out", async () => {
  const crawl = ['Address,Status Code,Meta Robots 1', `${U}/a,200,`, `${U}/gone,404,`, `${U}/tag,200,noindex`, `${U}/b,200,`].join('\n');
  const cms = ['Permalink,post_status', `${U}/gone,publish`, `${U}/tag,publish`, `${U}/draft,draft`, `${U}/c,publish`].join('\n');
  const gsc = ['Top pages,Clicks', `${U}/tag,3`, `${U}/d,2`].join('\n');
  const result = await generate([source('cms.csv', cms), source('crawl.csv', crawl), source('gsc.csv', gsc)], { baseUrl: U, now: NOW, gzip: false }, nodePlatform);
  const written = new TextDecoder().decode(concatParts(result.zip));
  for (const url of ['/gone', '/tag', '/draft']) assert.ok(!written.includes(`<loc>${U}${url}</loc>`), `${url} is not written`);
  for (const url of ['/a', '/b', '/c', '/d']) assert.ok(written.includes(`<loc>${U}${url}</loc>`), `${url} is written`);
  assert.deepEqual(result.summary.notes, ['crawl.csv, cms.csv read first, in that order: the URLs their columns leave out stay out, whichever input lists them']);
  assert.equal(result.summary.rows, result.summary.accepted + result.summary.rejected + result.summary.excluded);
});

test('a URL an earlier input wrote is a duplicate in a later one whose own columns would leave it out: the report never says left out of a URL the sitemap lists', async () => {
  const crawl = ['Address,Status Code', `${U}/a,200`, `${U}/c,200`, `${U}/gone,404`].join('\n');
  const cms = ['Permalink,post_status', `${U}/c,draft`, `${U}/gone,draft`, `${U}/d,draft`, `${U}/e,publish`].join('\n');
  const result = await generate([source('crawl.csv', crawl), source('cms.csv', cms)], { baseUrl: U, now: NOW, gzip: false }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  const fromCms = findings.filter((f) => f.input === 'cms.csv').map((f) => [f.line, f.code]);
  assert.deepEqual(fromCms, [
    [2, 'loc-duplicate'],
    [3, 'row-unpublished'],
    [4, 'row-unpublished'],
  ]);
  const written = new TextDecoder().decode(concatParts(result.zip));
  for (const url of ['/a', '/c', '/e']) assert.ok(written.includes(`<loc>${U}${url}</loc>`), `${url} is written`);
  for (const url of ['/gone', '/d']) assert.ok(!written.includes(`<loc>${U}${url}</loc>`), `${url} is not`);
});

test("a crawl's verdict holds for another input's spelling of the same URL: escapes in any case, %7E for ~", async () => {
  const crawl = ['Address,Status Code', `${U}/caf%C3%A9,404`, `${U}/%7Euser,404`, `${U}/a,200`].join('\n');
  const gsc = ['Top pages,Clicks', `${U}/caf%c3%a9,3`, `${U}/~user,2`, `${U}/b,1`].join('\n');
  const result = await generate([source('gsc.csv', gsc), source('crawl.csv', crawl)], { baseUrl: U, now: NOW }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  assert.deepEqual(
    findings.filter((f) => f.input === 'gsc.csv' && f.severity === 'excluded').map((f) => f.value),
    [`${U}/caf%c3%a9 (404 not found, as crawl.csv line 2 says)`, `${U}/~user (404 not found, as crawl.csv line 3 says)`],
  );
  assert.equal(result.summary.accepted, 2);
});

// ---- rules on the written URL ----

test('tracking parameters are stripped; a URL that then repeats an earlier row is loc-duplicate', async () => {
  const r = await run(`loc\n${U}/a?utm_source=x&id=2&gclid=abc\n${U}/b?fbclid=1\n${U}/a?id=2\n${U}/c?q=a%20b&srsltid=z\n`);
  assert.deepEqual(r.locs, [`${U}/a?id=2`, `${U}/b`, `${U}/c?q=a%20b`]);
  assert.deepEqual(codes(r, 'loc-tracking-param').map(([line]) => line), [2, 3, 5]);
  assert.deepEqual(codes(r, 'loc-duplicate').map(([line]) => line), [4]);
  const kept = await run(`loc\n${U}/a?utm_source=x\n`, { keep: ['loc-tracking-param'] });
  assert.deepEqual(kept.locs, [`${U}/a?utm_source=x`]);
  const named = await run(`loc\n${U}/a?sort=1&p=2\n`, { stripParams: ['sort'] });
  assert.deepEqual(named.locs, [`${U}/a?p=2`]);
});

test('robots.txt: the group of the agent, longest match, allow on a tie; robots.txt itself always allowed', async () => {
  const robotsTxt = 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\nAllow: /private/open\nDisallow: /*.json$\n';
  const list = `loc\n${U}/a\n${U}/private/x\n${U}/private/open/y\n${U}/data.json\n${U}/data.json?x=1\n${U}/robots.txt\n`;
  // Files by their name (row-not-page) kept, to see robots.txt's own verdict on them.
  const r = await run(list, { robotsTxt, keep: ['row-not-page'] });
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/private/open/y`, `${U}/data.json?x=1`, `${U}/robots.txt`]);
  assert.deepEqual(codes(r, 'robots-disallowed'), [
    [3, `${U}/private/x (Googlebot: Disallow: /private/)`],
    [5, `${U}/data.json (Googlebot: Disallow: /*.json$)`],
  ]);
  const other = await run(list, { robotsTxt, robotsAgent: 'Bingbot', keep: ['row-not-page'] });
  assert.deepEqual(other.locs, [`${U}/robots.txt`]);
  // Bingbot has no group of its own: the rule is the * group's, and the finding says so.
  assert.equal(codes(other, 'robots-disallowed')[0][1], `${U}/a (Bingbot, under User-agent: *: Disallow: /)`);
  assert.match(await fatal(list, { robotsTxt: '<!DOCTYPE html><html><body>Not found</body></html>', baseUrl: `${U}/` }), /robots.txt.*HTML page/);
});

test('include and exclude patterns, in order; a pattern that cannot be used is one clear message', async () => {
  const list = `loc\n${U}/blog/a\n${U}/blog/tag/x\n${U}/shop/b\n${U}/news/c?sort=asc\n`;
  const r = await run(list, { urlRules: [{ kind: 'include', pattern: '/blog/*' }, { kind: 'include', pattern: '/news/*' }, { kind: 'exclude', pattern: '*://*/*/tag/*' }, { kind: 'exclude', pattern: '/*?sort=*' }] });
  assert.deepEqual(r.locs, [`${U}/blog/a`]);
  assert.deepEqual(codes(r, 'row-excluded-rule'), [
    [3, `${U}/blog/tag/x (exclude *://*/*/tag/*)`],
    [4, `${U}/shop/b (include /blog/* or /news/*)`],
    [5, `${U}/news/c?sort=asc (exclude /*?sort=*)`],
  ]);
  reconciles(r);
  assert.match(await fatal(list, { baseUrl: `${U}/`, urlRules: [{ kind: 'exclude', pattern: '**.example.com' }] }), /exclude \*\*\.example\.com/);
});

// ---- the list as a whole ----

test('list-lastmod-crawl-time: most lastmods within one hour', async () => {
  const rows = Array.from({ length: 30 }, (_, i) => `${U}/p${i},2025-03-04T10:${String(i).padStart(2, '0')}:00Z`);
  const r = await run(`loc,lastmod\n${rows.join('\n')}\n${U}/old,2024-01-01\n`);
  assert.deepEqual(codes(r, 'list-lastmod-crawl-time'), [[0, '30 of 31 lastmods within the hour from 2025-03-04T10:00Z']]);
  const spread = Array.from({ length: 30 }, (_, i) => `${U}/p${i},2025-03-${String(i + 1).padStart(2, '0')}`);
  const quiet = await run(`loc,lastmod\n${spread.join('\n')}\n`);
  assert.equal(codes(quiet, 'list-lastmod-crawl-time').length, 0);
});

test('a lastmod more than a day after now is dropped, and the index lastmod is never after now', async () => {
  const r = await run(`loc,lastmod\n${U}/a,2031-01-01\n${U}/b,2026-01-01T12:00:00Z\n`);
  assert.ok(!r.files['sitemap-1.xml.gz'].includes('2031'));
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<lastmod>2026-01-01T12:00:00Z</lastmod>'));
  assert.ok(r.files['sitemap-index.xml'].includes(`<lastmod>${NOW}</lastmod>`), r.files['sitemap-index.xml']);
});

test('a parameter name is read as the URL parser decodes it: escaped, in any case, `+` a space', () => {
  assert.equal(stripTrackingParams(`${U}/a?utm%5Fsource=1&id=2`), `${U}/a?id=2`);
  assert.equal(stripTrackingParams(`${U}/a?UTM_Source=1&GCLID=x`), `${U}/a`);
  assert.equal(stripTrackingParams(`${U}/a?gcl%69d=1&q=a+b`), `${U}/a?q=a+b`);
  assert.equal(stripTrackingParams(`${U}/a?my+list=1&_ga=2`, new Set(['my list'])), `${U}/a`);
  assert.equal(stripTrackingParams(`${U}/a?%E0%A4%A=1&utm_x=2`), `${U}/a?%E0%A4%A=1`, 'a name that does not decode is kept as written');
});

test('tracking parameters go as stripTrackingParams removes them, whether the core or the engine strips (seeded)', async () => {
  const seed = testSeed('real-exports.test.ts');
  const r = mulberry32(seed);
  const names = [
    'utm_source', 'UTM_Medium', 'utm_', 'utmx', 'gclid', 'GCLID', 'fbclid', '_ga', '_gl', '_gax', 'srsltid', 'msclkid', 'mc_cid', 'id', 'q', 'ref', 'utm%5Fsource', 'gcl%69d', 'sid', 'utm+x', 'a+b', '',
    'mtm_campaign', 'MTM_kwd', 'mtm', 'pk_campaign', 'pk_id', 'pk_kwd', 'ttclid', 'li_fat_id', '_hsenc', 'mkt_tok', 'mkt_tokx',
  ];
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const urls = Array.from({ length: 1500 }, (_, i) => {
    const pairs = Array.from({ length: Math.floor(r() * 5) }, () => pick(names) + (r() < 0.8 ? `=${pick(['1', 'a b', '', 'x%20y', 'a+b', '=', '?'])}` : ''));
    const query = pairs.join(pick(['&', '&&'])) + (r() < 0.1 ? '&' : '');
    return `${pick([U, U.toUpperCase(), ''])}/p${i}` + (pairs.length || r() < 0.2 ? `?${r() < 0.1 ? '&' : ''}${query}` : '');
  });
  const list = `loc\n${urls.join('\n')}\n`;
  // A parameter of the person's own (in no URL here) sends every query to the engine, which strips in JS.
  const [inCore, inEngine] = await Promise.all([run(list, { baseUrl: `${U}/` }), run(list, { baseUrl: `${U}/`, stripParams: ['not-in-these-urls'] })]);
  const expected = urls.map((u) => stripTrackingParams(strictUri(new URL(u, `${U}/`))));
  const firsts = expected.filter((u, i) => expected.indexOf(u) === i);
  for (const [how, got] of [['core', inCore], ['engine', inEngine]] as const) {
    assert.deepEqual(got.locs, firsts, `${how}, seed ${seed}`);
    const fixes = got.findings.filter((f) => f.code === 'loc-tracking-param');
    const stripped = expected.flatMap((u, i) => (u !== strictUri(new URL(urls[i], `${U}/`)) ? [[i + 2, u]] : []));
    assert.deepEqual(fixes.map((f) => [f.line, f.fixed]), stripped, `${how}, seed ${seed}`);
  }
});

test('a 50 MB file of one line of URLs is refused from its first MiB, with one line', async () => {
  const url = `${U}/products/some-long-product-name-`;
  const line = Array.from({ length: 1_200_000 }, (_, i) => url + i).join(',');
  assert.ok(line.length > 50_000_000);
  let read = 0;
  const big = {
    name: 'one-line.csv',
    async *chunks() {
      const bytes = new TextEncoder().encode(line);
      for (let i = 0; i < bytes.length; i += 1 << 16) {
        read += 1 << 16;
        yield bytes.subarray(i, i + (1 << 16));
      }
    },
  };
  await assert.rejects(generate([big], { baseUrl: `${U}/`, now: NOW }, nodePlatform), /one line holds more than 1,000 URLs separated by commas/);
  assert.ok(read < 4 << 20, `read ${read} bytes before refusing`);
});

test('list-lastmod-crawl-time on a long list, where a sample is looked at first', async () => {
  const at = (i: number) => `2025-03-04T10:${String(i % 60).padStart(2, '0')}:00Z`;
  const rows = Array.from({ length: 10_000 }, (_, i) => `${U}/p${i},${i % 20 === 0 ? '2024-01-01' : at(i)}`);
  const r = await run(`loc,lastmod\n${rows.join('\n')}\n`);
  assert.deepEqual(codes(r, 'list-lastmod-crawl-time'), [[0, '9500 of 10000 lastmods within the hour from 2025-03-04T10:01Z']]);
  const half = Array.from({ length: 10_000 }, (_, i) => `${U}/p${i},${i % 2 ? '2024-01-01' : at(i)}`);
  assert.equal(codes(await run(`loc,lastmod\n${half.join('\n')}\n`), 'list-lastmod-crawl-time').length, 0);
});

test("a WordPress export (WXR): only published posts and pages are written, at their last change; drafts, attachments, menu items, protected, noindex and canonicalised posts stay out", async () => {
  const wxr = readFileSync(new URL('./fixtures/wordpress/garden.WordPress.2026-11-29.xml', import.meta.url));
  const G = 'https://garden.example.org';
  const r = await run(wxr, { baseUrl: `${G}/`, now: '2026-11-29T10:00:00Z' });
  reconciles(r);
  assert.deepEqual(r.locs, [`${G}/2026/10/pruning-roses-in-autumn/`, `${G}/about/`, `${G}/product/copper-trowel/`]);
  // post_modified_gmt, not the publication date; a draft's unset pubDate (-0001) warns of nothing.
  assert.match(r.files['sitemap-1.xml.gz'], /pruning-roses-in-autumn\/<\/loc><lastmod>2026-11-02T15:30:00Z</);
  assert.equal(r.findings.filter((f) => f.code === 'lastmod-invalid').length, 0);
  // Each on the line of the element that says so; the password is never written.
  assert.deepEqual(codes(r, 'row-unpublished'), [
    [64, `${G}/?p=12 (draft)`], [87, `${G}/staff-area/ (private)`], [99, `${G}/seed-swap/ (password protected: yes)`], [129, `${G}/?p=50 (trash)`],
  ]);
  assert.deepEqual(codes(r, 'row-not-page'), [
    [109, `${G}/2026/10/pruning-roses-in-autumn/rose-bed/ (post type attachment)`], [120, `${G}/?p=45 (post type nav_menu_item)`], [140, `${G}/?p=60 (post type wp_block)`],
  ]);
  assert.deepEqual(codes(r, 'row-noindex'), [[162, `${G}/thank-you/ (noindex)`]]);
  assert.deepEqual(codes(r, 'row-canonicalised'), [[173, `${G}/roses-guide/ (canonical ${G}/2026/10/pruning-roses-in-autumn/)`]]);
  assert.ok(!r.files['report.csv'].includes('tomato'));
  // Each rule can still be turned off; a plain RSS feed's items are all pages, as before.
  const kept = await run(wxr, { baseUrl: `${G}/`, keep: ['row-not-page', 'row-unpublished'] });
  assert.equal(kept.locs.length, 10);
  const feed = await run(new TextDecoder().decode(wxr).replace(/ xmlns:wp="[^"]+"/, '').replace(/<\/?wp:[^>]*>/g, ''), { baseUrl: `${G}/` });
  assert.equal(feed.locs.length, 12);
});

test("a CMS list's post type and password columns: attachments and menu items are no pages, a protected post is left out", async () => {
  const r = await run(['Title,Permalink,Post Type,Status,Password Protected', `A,${U}/a,post,publish,no`, `B,${U}/b,attachment,inherit,no`, `C,${U}/c,nav_menu_item,publish,no`, `D,${U}/d,page,publish,yes`, `E,${U}/e,portfolio,publish,no`].join('\n'));
  reconciles(r);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/e`]);
  assert.deepEqual(codes(r, 'row-not-page').map(([l]) => l), [3, 4]);
  assert.deepEqual(codes(r, 'row-unpublished'), [[5, `${U}/d (Password Protected: yes)`]]);
});

test("WordPress SEO plugins' fields in a WP All Export list: Yoast's noindex (1; 2 is index) and canonical, Rank Math's robots array, SEOPress's noindex", async () => {
  const yoast = await run([
    'ID,Permalink,Status,_yoast_wpseo_meta-robots-noindex,_yoast_wpseo_canonical',
    `1,${U}/a/,publish,,`,
    `2,${U}/thin/,publish,1,`,
    `3,${U}/kept/,publish,2,${U}/kept/`,
    `4,${U}/copy/,publish,,${U}/original/`,
  ].join('\n'));
  reconciles(yoast);
  assert.deepEqual(yoast.locs, [`${U}/a/`, `${U}/kept/`]);
  assert.deepEqual(codes(yoast, 'row-noindex'), [[3, `${U}/thin/ (_yoast_wpseo_meta-robots-noindex: 1)`]]);
  assert.deepEqual(codes(yoast, 'row-canonicalised'), [[5, `${U}/copy/ (canonical ${U}/original/)`]]);
  const rankMath = await run([
    'Permalink,rank_math_robots,rank_math_canonical_url,_seopress_robots_index',
    `${U}/a/,"a:1:{i:0;s:5:""index"";}",,`,
    `${U}/b/,"a:2:{i:0;s:7:""noindex"";i:1;s:8:""nofollow"";}",,`,
    `${U}/c/,"a:1:{i:0;s:8:""nofollow"";}",,yes`,
  ].join('\n'));
  reconciles(rankMath);
  assert.deepEqual(rankMath.locs, [`${U}/a/`]);
  assert.deepEqual(codes(rankMath, 'row-noindex').map(([line]) => line), [3, 4]);
});

test("Magento's URL rewrites: a redirect_type of 301 or 302 is a redirect to its target_path, 0 the page itself", async () => {
  const rewrites = [
    'url_rewrite_id,entity_type,entity_id,request_path,target_path,redirect_type,store_id',
    '1,cms-page,5,about-us,cms/page/view/page_id/5,0,1',
    '2,product,101,classic-tee.html,catalog/product/view/id/101,0,1',
    '3,product,101,classic-t-shirt.html,classic-tee.html,301,1',
    `4,custom,0,sale,${U}/promotions/,302,1`,
  ].join('\n');
  const r = await run(rewrites, { columns: [{ column: 'request_path', role: 'loc' }] });
  reconciles(r);
  assert.deepEqual(r.locs, [`${U}/about-us`, `${U}/classic-tee.html`]);
  assert.deepEqual(codes(r, 'row-status'), [[4, `${U}/classic-t-shirt.html (301 redirect to classic-tee.html)`], [5, `${U}/sale (302 redirect to ${U}/promotions/)`]]);
  assert.equal((await run(rewrites, { columns: [{ column: 'request_path', role: 'loc' }], keep: ['row-status'] })).locs.length, 4);
});
