// A live site (SPEC 12), served on 127.0.0.1 by the test: robots.txt and its Sitemap lines, indexes
// followed, every fetch finding, every limit (redirects, timeouts, size, gzip bombs, schemes,
// concurrency, the number of sitemaps), and the sample of pages.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { checkSite } from '../src/fetch/check-site.ts';
import { allot } from '../src/fetch/sample-pages.ts';
import { headerCanonical } from '../src/fetch/page-head.ts';
import type { CheckOptions } from '../src/check/types.ts';
import type { FetchOptions } from '../src/fetch/limits.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { VERSION } from '../src/version.ts';
import { index, urlset, url } from './check-helpers.ts';
import { NOW } from './helpers.ts';
import { answer, redirect, startSite, xml, type Site } from './helpers/site-server.ts';

let site: Site;
let other: Site;
let O: string;

before(async () => {
  site = await startSite();
  other = await startSite();
  O = site.origin;
});
after(async () => {
  await site.close();
  await other.close();
});

const run = (urls: string[], options: CheckOptions & FetchOptions = {}) => checkSite(urls, { now: NOW, ...options }, nodePlatform);
const codesOf = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);
const text = (body: string) => answer(body, { 'Content-Type': 'text/plain' });
/** Where each URL was asked for. */
const asked = (path: string) => site.requests.filter((r) => r.endsWith(` ${path}`)).length;

test('a site URL reads robots.txt: its Sitemap lines are fetched and audited under their URLs', async () => {
  site.route('/robots.txt', text(`User-agent: *\nDisallow:\n\nSitemap: ${O}/s1.xml\nsitemap: /s2.xml\nSitemap: ${other.origin}/s3.xml\n`));
  site.route('/s1.xml', xml(urlset(url(`${O}/a`) + url(`${O}/a`))));
  site.route('/s2.xml', xml(urlset(url(`${O}/b`))));
  other.route('/s3.xml', xml(urlset(url(`${O}/c`))));
  for (const given of [`${O}/`, `${O}/robots.txt`]) {
    const r = await run([given]);
    assert.deepEqual(r.files.map((f) => [f.name, f.kind, f.urls]), [
      [`${O}/s1.xml`, 'urlset', 2],
      [`${O}/s2.xml`, 'urlset', 1],
      [`${other.origin}/s3.xml`, 'urlset', 1],
    ]);
    assert.deepEqual(codesOf(r), ['robots-sitemap-relative', 'robots-sitemap-other-host', 'loc-duplicate']);
    assert.equal(r.findings[0].message, "Sitemap: /s2.xml is not a full URL, which search engines may ignore (checked here against the robots.txt's own URL)");
    assert.equal(r.findings[0].severity, 'warning');
    const f = r.findings[1];
    assert.equal(f.file, `${O}/robots.txt`);
    assert.equal(f.severity, 'info');
    assert.match(f.message, new RegExp(`${other.origin}/s3.xml`));
    assert.equal(r.findings[2].file, `${O}/s1.xml`, 'the audit names the file by its URL');
    assert.deepEqual(r.fetched.map((x) => x.status), [200, 200, 200, 200]);
  }
});

test("the site checked is the base its URLs are judged by, not the host most URLs are on; a sitemap reached twice is read once; an index's entries with a query are the sitemaps fetched", async () => {
  const partner = Array.from({ length: 5 }, (_, i) => url(`${other.origin}/p${i}`)).join('');
  site.route('/robots.txt', text(`Sitemap: ${O}/index.xml\nSitemap: ${O}/old.xml\nSitemap: ${O}/new.xml\n`));
  site.route('/index.xml', xml(index(`<sitemap><loc>${O}/products.xml?from=1&amp;to=99</loc></sitemap>\n<sitemap><loc>${O}/partner.xml</loc></sitemap>\n`)));
  site.route('/products.xml?from=1&to=99', xml(urlset(url(`${O}/a`) + url(`${O}/b`))));
  site.route('/partner.xml', xml(urlset(partner)));
  site.route('/old.xml', redirect(`${O}/new.xml`));
  site.route('/new.xml', xml(urlset(url(`${O}/c`))));
  const r = await run([`${O}/`]);
  assert.deepEqual(r.files.map((f) => f.name), [`${O}/index.xml`, `${O}/products.xml?from=1&to=99`, `${O}/partner.xml`, `${O}/new.xml`], 'the redirected copy is not audited again');
  const hosts = r.findings.filter((f) => f.code === 'loc-host');
  assert.equal(hosts.length, 5, 'the partner URLs are on another host than the site checked');
  assert.ok(hosts.every((f) => f.file === `${O}/partner.xml`));
  assert.match(hosts[0].message, new RegExp(`^Host differs from the base URL ${O}/ \\(the site checked\\)`));
  assert.deepEqual(r.findings.filter((f) => ['index-missing-file', 'loc-duplicate'].includes(f.code)), []);
  assert.deepEqual(r.findings.filter((f) => f.code === 'fetch-redirected').map((f) => f.file), [`${O}/old.xml`]);
});

test("two sites checked at once: each one's sitemaps are judged by its own address; a base URL given judges them all", async () => {
  const [first, second] = [await startSite(), await startSite()];
  try {
    const [A, B] = [first.origin, second.origin];
    first.route('/robots.txt', text(`Sitemap: ${A}/sitemap.xml\n`));
    first.route('/sitemap.xml', xml(urlset(url(`${A}/a`) + url(`${A}/b`) + url(`${B}/listed-by-the-first`))));
    second.route('/robots.txt', text(`Sitemap: ${B}/sitemap.xml\n`));
    second.route('/sitemap.xml', xml(urlset(url(`${B}/c`) + url(`${B}/d`))));
    const r = await run([`${A}/`, `${B}/`]);
    assert.deepEqual(r.files.map((f) => [f.name, f.urls]), [[`${A}/sitemap.xml`, 3], [`${B}/sitemap.xml`, 2]]);
    const hosts = r.findings.filter((f) => f.code === 'loc-host');
    assert.deepEqual(hosts.map((f) => [f.file, f.line]), [[`${A}/sitemap.xml`, 5]], "only the first site's entry on the second's host");
    assert.match(hosts[0].message, new RegExp(`^Host differs from the base URL ${A}/ \\(the site checked\\)`));
    assert.equal(r.codes['loc-host'], 1);
    assert.equal(r.files[1].findings, 0);

    const given = await run([`${A}/`, `${B}/`], { baseUrl: `${A}/` });
    assert.deepEqual(given.findings.filter((f) => f.code === 'loc-host').map((f) => f.file), [`${A}/sitemap.xml`, `${B}/sitemap.xml`, `${B}/sitemap.xml`]);
  } finally {
    await first.close();
    await second.close();
  }
});

test('a robots.txt that disallows the whole site to Googlebot is one error; one that disallows a folder is none', async () => {
  for (const [rules, blocked] of [
    ['User-agent: Googlebot\nDisallow: /\n', true],
    ['User-agent: *\nDisallow: /\n', true],
    ['User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n', false],
    ['User-agent: *\nDisallow: /admin/\n', false],
  ] as const) {
    site.route('/robots.txt', text(`${rules}\nSitemap: ${O}/s.xml\n`));
    site.route('/s.xml', xml(urlset(url(`${O}/a`))));
    const r = await run([`${O}/`]);
    const found = r.findings.filter((f) => f.code === 'robots-disallows-site');
    assert.equal(found.length, blocked ? 1 : 0, rules);
    if (blocked) {
      assert.equal(found[0].severity, 'error');
      assert.equal(found[0].file, `${O}/robots.txt`);
      assert.match(found[0].message, new RegExp(`^Disallow: /: Googlebot may not crawl ${O}/, the site's home page`));
    }
  }
});

test('robots.txt without a Sitemap line, as an HTML page, or missing', async () => {
  site.route('/robots.txt', text('User-agent: *\nDisallow: /private\n'));
  let r = await run([`${O}/`]);
  assert.deepEqual(codesOf(r), ['robots-no-sitemap']);
  assert.equal(r.findings[0].severity, 'warning');
  assert.equal(r.files.length, 0);
  site.route('/robots.txt', answer('<!doctype html><html><body>Welcome</body></html>', { 'Content-Type': 'text/html' }));
  r = await run([`${O}/robots.txt`]);
  assert.deepEqual(codesOf(r), ['robots-no-sitemap']);
  assert.match(r.findings[0].message, /HTML page/);
  // Missing (4xx) is a valid robots.txt that names nothing (RFC 9309); a server error is a failure.
  site.route('/robots.txt', answer('gone', {}, 404));
  r = await run([`${O}/`]);
  assert.deepEqual(r.findings.map((f) => [f.code, f.severity, f.message]), [
    ['robots-no-sitemap', 'warning', `no robots.txt (answers HTTP 404 Not Found), so no Sitemap: line: search engines find the sitemaps only where they are submitted; ${O}/sitemap.xml was tried instead and answers HTTP 404 Not Found`],
  ]);
  assert.equal(r.files.length, 0);
  site.route('/robots.txt', answer('down', {}, 503));
  r = await run([`${O}/`]);
  assert.deepEqual(r.findings.map((f) => [f.code, f.severity, f.message]), [['fetch-failed', 'error', 'answers HTTP 503 Service Unavailable: the robots.txt could not be read, so its Sitemap lines are not known']]);
});

test('robots.txt naming no sitemap: /sitemap.xml is tried, and checked only when it is a sitemap', async () => {
  const s = await startSite();
  try {
    s.route('/robots.txt', text('User-agent: *\nDisallow: /private\n'));
    // A site that serves its home page for any path (a soft 404): nothing to audit, no alarm.
    s.route('/sitemap.xml', answer('<!doctype html><html><body>Welcome</body></html>', { 'Content-Type': 'text/html' }));
    let r = await run([`${s.origin}/`]);
    assert.deepEqual(r.findings.map((f) => [f.code, f.message]), [
      ['robots-no-sitemap', `no Sitemap: line: search engines find the sitemaps only where they are submitted; ${s.origin}/sitemap.xml was tried instead and answers with no sitemap`],
    ]);
    assert.equal(r.files.length, 0);
    // A real one (an index, as CMSs serve) is followed and audited, and robots.txt is told to name it.
    s.route('/sitemap.xml', xml(index(`<sitemap><loc>${s.origin}/pages.xml</loc></sitemap>\n`)));
    s.route('/pages.xml', xml(urlset(url(`${s.origin}/a`) + url(`${s.origin}/a`))));
    r = await run([`${s.origin}/`]);
    assert.deepEqual(r.files.map((f) => [f.name, f.kind]), [
      [`${s.origin}/sitemap.xml`, 'sitemapindex'],
      [`${s.origin}/pages.xml`, 'urlset'],
    ]);
    assert.deepEqual(codesOf(r), ['robots-no-sitemap', 'loc-duplicate']);
    assert.equal(r.findings[0].file, `${s.origin}/robots.txt`);
    assert.match(r.findings[0].message, new RegExp(`; ${s.origin}/sitemap.xml was found and is checked here: name it in robots.txt \\(Sitemap: ${s.origin}/sitemap.xml\\)$`));
    // Where it redirects (as /sitemap.xml to /sitemap_index.xml does on many CMSs), robots.txt is told the target.
    s.route('/sitemap.xml', redirect('/sitemap_index.xml'));
    s.route('/sitemap_index.xml', xml(urlset(url(`${s.origin}/b`))));
    r = await run([`${s.origin}/`]);
    assert.deepEqual(codesOf(r), ['robots-no-sitemap', 'fetch-redirected']);
    assert.match(r.findings[0].message, new RegExp(`\\(Sitemap: ${s.origin}/sitemap_index.xml\\)$`));
    s.route('/sitemap.xml', xml(index(`<sitemap><loc>${s.origin}/pages.xml</loc></sitemap>\n`)));
    // Given as well, it is fetched once and checked as given.
    r = await run([`${s.origin}/`, `${s.origin}/sitemap.xml`]);
    assert.equal(s.requests.filter((q) => q.endsWith(' /sitemap.xml')).length, 4);
    assert.deepEqual(codesOf(r), ['robots-no-sitemap', 'loc-duplicate']);
  } finally {
    await s.close();
  }
});

test('an index is followed to its sitemaps; an index listed in it is audited, not followed', async () => {
  site.route('/index.xml', xml(index(`<sitemap><loc>${O}/i1.xml</loc></sitemap>\n<sitemap><loc>${O}/inner.xml</loc></sitemap>\n`)));
  site.route('/i1.xml', xml(urlset(url(`${O}/x`))));
  site.route('/inner.xml', xml(index(`<sitemap><loc>${O}/deep.xml</loc></sitemap>\n`)));
  site.route('/deep.xml', xml(urlset(url(`${O}/y`))));
  const r = await run([`${O}/index.xml`]);
  assert.deepEqual(r.files.map((f) => [f.name, f.kind]), [
    [`${O}/index.xml`, 'sitemapindex'],
    [`${O}/i1.xml`, 'urlset'],
    [`${O}/inner.xml`, 'sitemapindex'],
  ]);
  assert.ok(codesOf(r).includes('index-nested'));
  assert.equal(asked('/deep.xml'), 0);
});

test('redirects: a chain of two is followed and reported; more than 5, a loop, and a non-http target are refused', async () => {
  site.route('/moved.xml', redirect('/moved-2.xml'));
  site.route('/moved-2.xml', redirect(`${O}/final.xml`, 308));
  site.route('/final.xml', xml(urlset(url(`${O}/z`))));
  let r = await run([`${O}/moved.xml`]);
  assert.deepEqual(r.files.map((f) => [f.name, f.urls]), [[`${O}/moved.xml`, 1]]);
  assert.deepEqual(codesOf(r), ['fetch-redirected']);
  assert.equal(r.findings[0].severity, 'warning');
  assert.match(r.findings[0].message, new RegExp(`redirects to ${O}/final.xml \\(2 redirects\\)`));

  for (let i = 0; i < 8; i++) site.route(`/hop${i}.xml`, redirect(`/hop${i + 1}.xml`));
  r = await run([`${O}/hop0.xml`]);
  assert.deepEqual(r.findings.map((f) => [f.code, f.severity]), [['fetch-failed', 'error']]);
  assert.match(r.findings[0].message, /^more than 5 redirects: /);
  assert.equal(asked('/hop6.xml'), 0, 'the sixth redirect is not followed');

  site.route('/loop-a.xml', redirect('/loop-b.xml'));
  site.route('/loop-b.xml', redirect('/loop-a.xml'));
  r = await run([`${O}/loop-a.xml`]);
  assert.deepEqual(codesOf(r), ['fetch-failed']);
  assert.equal(r.findings[0].message, `a redirect loop: ${O}/loop-a.xml → ${O}/loop-b.xml → ${O}/loop-a.xml`);

  site.route('/to-file.xml', redirect('file:///etc/passwd'));
  r = await run([`${O}/to-file.xml`]);
  assert.deepEqual(codesOf(r), ['fetch-failed']);
  assert.match(r.findings[0].message, /file:\/\/\/etc\/passwd, which is not http or https/);
});

test('a network failure is said in words, its code after them: a connection cut mid-body, a port nobody answers, a Content-Encoding that does not inflate', async () => {
  site.route('/cut.xml', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': 5000 });
    res.write('<?xml version="1.0"?>\n<urlset');
    setTimeout(() => req.socket.destroy(), 20);
  });
  site.route('/bad-gzip.xml', answer('this is not gzip at all', { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip' }));
  const message = async (target: string) => (await run([target])).findings.map((f) => `${f.code}: ${f.message}`);
  assert.match((await message(`${O}/cut.xml`))[0], /^fetch-failed: network error: the (connection closed before the answer ended|body is not as long as its Content-Length says) \(UND_ERR_\w+\)$/);
  assert.match((await message(`${O}/bad-gzip.xml`))[0], /^fetch-failed: network error: its Content-Encoding does not inflate( \(cut short\))? \(Z_\w+_ERROR\)$/);
  // A port that was just closed answers nothing.
  const closed = await startSite();
  const port = closed.origin;
  await closed.close();
  assert.deepEqual(await message(`${port}/sitemap.xml`), ['fetch-failed: network error: connection refused: nothing answers on that port (ECONNREFUSED)']);
});

test('a slow answer is a timeout, for the request and for the run', async () => {
  site.route('/slow.xml', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.write('<?xml version="1.0"?>\n<urlset');
    // and never ends
  });
  let r = await run([`${O}/slow.xml`], { requestTimeoutMs: 150 });
  assert.deepEqual(r.findings.map((f) => [f.code, f.message]), [['fetch-failed', 'no complete answer within 0.15 s']]);
  r = await run([`${O}/slow.xml`], { runTimeoutMs: 150 });
  assert.deepEqual(r.findings.map((f) => [f.code, f.message]), [['fetch-failed', "the run's time limit of 0.15 s ran out"]]);
});

test('an oversized body: announced, or streamed past the cap, is refused and reading stops', async () => {
  const big = urlset(url(`${O}/a`).repeat(8000)); // about 280 KB
  site.route('/announced.xml', answer(big, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(big) }));
  site.route('/streamed.xml', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' }); // chunked: no length announced
    res.end(big);
  });
  let r = await run([`${O}/announced.xml`], { maxBytes: 64 * 1024 });
  assert.deepEqual(r.findings.map((f) => [f.code, f.severity]), [['fetch-too-large', 'error']]);
  assert.match(r.findings[0].message, /bytes announced, over the limit of 65,536: not read/);
  assert.equal(r.fetched[0].bytes, 0);
  assert.equal(r.files.length, 0);
  r = await run([`${O}/streamed.xml`], { maxBytes: 64 * 1024 });
  assert.deepEqual(codesOf(r), ['fetch-too-large']);
  assert.match(r.findings[0].message, /more than 65,536 bytes \(uncompressed\): reading stopped/);
  assert.ok(r.fetched[0].bytes < big.length, `${r.fetched[0].bytes} bytes read of ${big.length}`);
});

test('a gzip bomb is refused at the cap: as Content-Encoding, and as a .xml.gz file', async () => {
  // 64 MiB of spaces inside a sitemap, about 64 KB compressed.
  const inflated = 64 << 20;
  const bomb = gzipSync(Buffer.concat([Buffer.from(urlset('').slice(0, -10)), Buffer.alloc(inflated, 0x20), Buffer.from('</urlset>\n')]), { level: 9 });
  site.route('/bomb.xml', answer(bomb, { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip' }));
  const cap = 1 << 20;
  let r = await run([`${O}/bomb.xml`], { maxBytes: cap });
  assert.deepEqual(r.findings.map((f) => [f.code, f.message]), [['fetch-too-large', 'more than 1,048,576 bytes (uncompressed): reading stopped']]);
  assert.ok(r.fetched[0].bytes < 2 * cap, `${r.fetched[0].bytes} bytes inflated, with a cap of ${cap} and a bomb of ${inflated}`);

  // Served as a file, the audit inflates it, and stops at the protocol's 52,428,800 bytes.
  site.route('/bomb.xml.gz', answer(bomb, { 'Content-Type': 'application/gzip' }));
  r = await run([`${O}/bomb.xml.gz`]);
  assert.equal(r.fetched[0].bytes, bomb.length);
  assert.deepEqual(codesOf(r), ['file-too-large']);
  assert.match(r.findings[0].message, /once inflated; reading stopped here/);
  assert.equal(r.files[0].bytes, 52_428_800);
});

test('a wrong content type is reported, and the body still read by its content', async () => {
  site.route('/html-type.xml', answer(urlset(url(`${O}/a`)), { 'Content-Type': 'text/html; charset=utf-8' }));
  site.route('/feed.xml', answer(urlset(url(`${O}/b`)), { 'Content-Type': 'application/rss+xml' }));
  const r = await run([`${O}/html-type.xml`, `${O}/feed.xml`]);
  assert.deepEqual(r.findings.map((f) => [f.file, f.code, f.severity]), [[`${O}/html-type.xml`, 'fetch-content-type', 'warning']]);
  assert.match(r.findings[0].message, /^served as text\/html/);
  assert.deepEqual(r.files.map((f) => f.urls), [1, 1]);
});

test('only http and https: other schemes and non-URLs are refused without a request', async () => {
  const before = site.requests.length;
  const r = await run(['ftp://127.0.0.1/sitemap.xml', 'file:///etc/passwd', 'not a url']);
  assert.deepEqual(r.findings.map((f) => [f.file, f.code, f.message]), [
    ['ftp://127.0.0.1/sitemap.xml', 'fetch-failed', 'ftp is not fetched: only http and https URLs are'],
    ['file:///etc/passwd', 'fetch-failed', 'file is not fetched: only http and https URLs are'],
    ['not a url', 'fetch-failed', 'not an absolute URL'],
  ]);
  assert.equal(site.requests.length, before);
});

test('a 404 sitemap, listed in an index, fails as fetch-failed with its status', async () => {
  site.route('/index-404.xml', xml(index(`<sitemap><loc>${O}/missing.xml</loc></sitemap>\n`)));
  const r = await run([`${O}/index-404.xml`]);
  const failed = r.findings.find((f) => f.code === 'fetch-failed');
  assert.deepEqual(failed && [failed.file, failed.message], [`${O}/missing.xml`, 'answers HTTP 404 Not Found']);
  // One fault, told once: the index entry is not also a file that was not given.
  assert.deepEqual(codesOf(r), ['fetch-failed']);
});

test('manners: a User-Agent naming Sitemill, at most 4 requests at a time, at most the sitemaps allowed', async () => {
  let active = 0;
  let most = 0;
  const agents = new Set<string | undefined>();
  const body = urlset(url(`${O}/p`));
  for (let i = 0; i < 12; i++) {
    site.route(`/c${i}.xml`, (req, res) => {
      agents.add(req.headers['user-agent']);
      most = Math.max(most, ++active);
      // Held until the next event-loop turns, so requests overlap when they can.
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'Content-Type': 'application/xml' }).end(body);
      }, 20);
    });
  }
  site.route('/many.xml', xml(index(Array.from({ length: 12 }, (_, i) => `<sitemap><loc>${O}/c${i}.xml</loc></sitemap>\n`).join(''))));
  let r = await run([`${O}/many.xml`]);
  assert.equal(r.files.length, 13);
  assert.ok(most <= 4, `${most} requests at a time`);
  assert.ok(most >= 2, 'requests do overlap');
  assert.deepEqual([...agents], [`Sitemill/${VERSION} (sitemap checker; +https://www.npmjs.com/package/sitemill)`]);
  // The limit counts the sitemaps, not the index that lists them.
  r = await run([`${O}/many.xml`], { maxSitemaps: 5 });
  assert.equal(r.files.length, 6);
  assert.deepEqual(r.notes, ['more than 5 sitemaps: those past the limit were not fetched']);
});

test('--sample-pages: status, redirects, noindex by meta and header, canonical elsewhere, robots.txt', async () => {
  const html = (head: string) => answer(`<!doctype html><html><head><title>t</title>${head}</head><body>page</body></html>`, { 'Content-Type': 'text/html' });
  const pages: Record<string, ReturnType<typeof answer>> = {
    '/ok': html(`<link rel="canonical" href="${O}/ok">`),
    '/gone': answer('no', { 'Content-Type': 'text/html' }, 404),
    '/moved': redirect('/ok', 301),
    '/meta': html('<meta name="robots" content="noindex, follow">'),
    '/header': answer('<html></html>', { 'Content-Type': 'text/html', 'X-Robots-Tag': 'googlebot: noindex' }),
    '/canon': html('<link rel="canonical" href="/ok">'),
    '/private/x': html(''),
    '/no-head': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200, { 'Content-Type': 'text/html' }).end(req.method === 'HEAD' ? undefined : '<meta name=robots content=noindex>'),
  };
  for (const [path, route] of Object.entries(pages)) site.route(path, route);
  site.route('/robots.txt', text(`User-agent: *\nDisallow: /private/\nSitemap: ${O}/pages.xml\n`));
  site.route('/pages.xml', xml(urlset(Object.keys(pages).map((p) => url(O + p)).join(''))));
  const r = await run([`${O}/`], { samplePages: 8 });
  const seen = r.findings.map((f) => [f.code, f.line, f.message.split(': ')[0]]);
  assert.deepEqual(seen, [
    ['page-status', 4, `${O}/gone`],
    ['page-status', 5, `${O}/moved`],
    ['page-noindex', 6, `${O}/meta`],
    ['page-noindex', 7, `${O}/header`],
    ['page-canonical-other', 8, `${O}/canon`],
    ['page-robots-disallowed', 9, `${O}/private/x`],
    ['page-noindex', 10, `${O}/no-head`],
  ]);
  assert.ok(r.findings.every((f) => f.file === `${O}/pages.xml` && f.severity === 'warning'));
  assert.match(r.findings[0].message, /answers HTTP 404/);
  assert.match(r.findings[1].message, new RegExp(`answers HTTP 301 Moved Permanently, redirects to ${O}/ok, which answers 200: list it instead$`));
  assert.match(r.findings[3].message, /X-Robots-Tag: googlebot: noindex/);
  assert.match(r.findings[4].message, new RegExp(`names ${O}/ok`));
  assert.equal(asked('/private/x'), 0, 'a disallowed page is not fetched');
  assert.deepEqual(r.files[0].findings, 7);
  assert.deepEqual(r.notes, ['8 listed pages sampled: 1 answered 200 with nothing that keeps it from being indexed; the findings name the other 7']);

  // Two of eight, spread: the middles of the two halves, entries 3 and 7 (the second not fetched).
  const before = site.requests.length;
  const two = await run([`${O}/pages.xml`], { samplePages: 2 });
  const pagesAsked = site.requests.slice(before).filter((q) => q.startsWith('HEAD '));
  assert.deepEqual(pagesAsked, ['HEAD /moved', 'HEAD /ok'], 'a redirect is followed to where it ends');
  assert.deepEqual(codesOf(two), ['page-status', 'page-robots-disallowed']);
});

test("--sample-pages follows a page's redirects to where they end: the URL to list, or what answers there", async () => {
  site.route('/hop-1', redirect('/hop-2', 301));
  site.route('/hop-2', redirect('/hop-3', 302));
  site.route('/hop-3', answer('<html></html>', { 'Content-Type': 'text/html' }));
  site.route('/to-gone', redirect('/gone-page', 301));
  site.route('/gone-page', answer('no', { 'Content-Type': 'text/html' }, 410));
  site.route('/loop-1', redirect('/loop-2', 301));
  site.route('/loop-2', redirect('/loop-1', 301));
  site.route('/chained.xml', xml(urlset(['/hop-1', '/to-gone', '/loop-1'].map((p) => url(O + p)).join(''))));
  const r = await run([`${O}/chained.xml`], { samplePages: 3 });
  assert.deepEqual(r.findings.map((f) => f.message), [
    `${O}/hop-1: answers HTTP 301 Moved Permanently, redirects to ${O}/hop-2, and on to ${O}/hop-3 (2 redirects), which answers 200: list that URL instead`,
    `${O}/to-gone: answers HTTP 301 Moved Permanently, redirects to ${O}/gone-page, which answers HTTP 410 Gone`,
    `${O}/loop-1: answers HTTP 301 Moved Permanently, redirects to ${O}/loop-2; then a redirect loop: ${O}/loop-2 → ${O}/loop-1 → ${O}/loop-2`,
  ]);
});

test('--sample-pages is spread over the files: fewer samples than files, one each for files spread over the list; else one each and the rest by size', () => {
  const big = [100_000, ...Array<number>(12).fill(10)];
  assert.deepEqual(allot(big, 6), [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
  assert.deepEqual(allot([100_000, 10, 10, 10], 6), [3, 1, 1, 1]);
  assert.deepEqual(allot([1000, 3, 1], 10), [8, 1, 1]);
  assert.deepEqual(allot([5, 0, 3], 20), [5, 0, 3], 'never more than a file lists; a file of no pages gets none');
  for (let n = 0; n < 40; n++) {
    const shares = allot([7, 0, 13, 2, 30], n);
    assert.equal(shares.reduce((a, b) => a + b, 0), Math.min(n, 52), `${n} samples in all`);
    assert.ok(shares.every((k, i) => k <= [7, 0, 13, 2, 30][i]));
  }
});

test('a canonical in a Link header, the form a PDF carries: read by its rel, resolved against the page', async () => {
  const page = 'https://www.example.com/docs/a.pdf';
  assert.equal(headerCanonical('<https://www.example.com/a>; rel="canonical"', page), 'https://www.example.com/a');
  assert.equal(headerCanonical('</a.pdf>; rel=canonical', page), 'https://www.example.com/a.pdf');
  assert.equal(headerCanonical('<https://cdn.example.net/s.css>; rel=preload; as=style, <https://www.example.com/b>; rel="alternate canonical"', page), 'https://www.example.com/b');
  assert.equal(headerCanonical('<https://www.example.com/x,y>; rel="canonical"', page), 'https://www.example.com/x,y', 'a comma inside the target');
  assert.equal(headerCanonical('<https://www.example.com/de>; rel="alternate"; hreflang="de"', page), null);
  assert.equal(headerCanonical(null, page), null);

  site.route('/report.pdf', answer('%PDF-1.4', { 'Content-Type': 'application/pdf', Link: `<${O}/report>; rel="canonical"` }));
  site.route('/self.pdf', answer('%PDF-1.4', { 'Content-Type': 'application/pdf', Link: `<${O}/self.pdf>; rel="canonical"` }));
  site.route('/docs.xml', xml(urlset(url(`${O}/report.pdf`) + url(`${O}/self.pdf`))));
  const r = await run([`${O}/docs.xml`], { samplePages: 2 });
  assert.deepEqual(r.findings.map((f) => [f.code, f.line, f.message]), [
    ['page-canonical-other', 3, `${O}/report.pdf: its Link header names ${O}/report: Search Console says "Alternate page with proper canonical tag"`],
  ]);
});

test('--sample-pages asks with GET a server that refuses HEAD: 405 and 501, a length announced or not', async () => {
  const refusing = (status: number) => (req: Parameters<ReturnType<typeof answer>>[0], res: Parameters<ReturnType<typeof answer>>[1]) => {
    if (req.method === 'HEAD') return void res.writeHead(status, { 'Content-Type': 'text/html', 'Content-Length': 120, Allow: 'GET' }).end();
    answer('<html><head><meta name="robots" content="noindex"></head></html>', { 'Content-Type': 'text/html' })(req, res);
  };
  site.route('/head-405', refusing(405));
  site.route('/head-501', refusing(501));
  site.route('/refusing.xml', xml(urlset(url(`${O}/head-405`) + url(`${O}/head-501`))));
  const r = await run([`${O}/refusing.xml`], { samplePages: 2 });
  assert.deepEqual(r.findings.map((f) => [f.code, f.message.split(': ')[0]]), [
    ['page-noindex', `${O}/head-405`],
    ['page-noindex', `${O}/head-501`],
  ]);
  assert.equal(asked('/head-501'), 2, 'HEAD, then GET');
});
