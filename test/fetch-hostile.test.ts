// The live check against sites that would make it go wrong: an index of indexes too large to hold,
// an index at exactly the limit, pages on other sites, a robots.txt cut at its cap, a robots.txt
// that answers 429, and redirects to URLs with a user name and password.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite } from '../src/fetch/check-site.ts';
import { LIMITS, type FetchOptions } from '../src/fetch/limits.ts';
import type { CheckOptions } from '../src/check/types.ts';
import { ROBOTS_TXT_MAX_BYTES } from '../src/rules/robots-txt.ts';
import { nodePlatform } from '../src/platform/node.ts';
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
const text = (body: string) => answer(body, { 'Content-Type': 'text/plain' });
const page = answer('<!doctype html><html><head><title>t</title></head><body>p</body></html>', { 'Content-Type': 'text/html' });

test('an index of indexes too large to hold: what the check keeps is capped, the rest is not fetched, and a note says so', async () => {
  assert.equal(LIMITS.heldBytes, 64 * 1024 * 1024);
  // Each listed index names 2,000 sitemaps (about 120 KB); 300 of them would be 36 MB.
  const inner = index(Array.from({ length: 2000 }, (_, i) => `<sitemap><loc>${O}/deep/s${i}.xml</loc></sitemap>\n`).join(''));
  let served = 0;
  site.route('/outer.xml', xml(index(Array.from({ length: 300 }, (_, i) => `<sitemap><loc>${O}/inner/${i}.xml</loc></sitemap>\n`).join(''))));
  for (let i = 0; i < 300; i++) site.route(`/inner/${i}.xml`, (req, res) => void (served++, xml(inner)(req, res)));
  const cap = 1024 * 1024;
  const r = await run([`${O}/outer.xml`], { maxHeldBytes: cap });
  const held = r.files.reduce((n, f) => n + f.bytes, 0);
  assert.ok(held <= cap, `${held} bytes held, over the cap of ${cap}`);
  assert.ok(served < 20, `${served} indexes fetched past a cap of 1 MiB`);
  assert.equal(r.notes.length, 1, r.notes.join('\n'));
  assert.match(r.notes[0], /^the sitemaps read reached 1 MiB, the most a live check keeps: \d+ more listed were not checked$/);
  const outer = r.findings.filter((f) => f.file === `${O}/outer.xml` && f.code === 'index-missing-file');
  assert.deepEqual(outer, [], 'the note tells the entries not checked, not a finding on each');
});

test('an index of exactly the most sitemaps allowed: every one is fetched, and no note says "more than"', async () => {
  const n = 40;
  site.route('/full.xml', xml(index(Array.from({ length: n }, (_, i) => `<sitemap><loc>${O}/full/${i}.xml</loc></sitemap>\n`).join(''))));
  for (let i = 0; i < n; i++) site.route(`/full/${i}.xml`, xml(urlset(url(`${O}/f${i}`))));
  const r = await run([`${O}/full.xml`], { maxSitemaps: n });
  assert.equal(r.files.length, n + 1);
  assert.deepEqual(r.notes, []);
  const over = await run([`${O}/full.xml`], { maxSitemaps: n - 1 });
  assert.equal(over.files.length, n);
  assert.deepEqual(over.notes, [`more than ${n - 1} sitemaps: those past the limit were not fetched`]);
});

test('--sample-pages samples the site checked only: pages on other hosts and ports are not fetched, and a note counts them', async () => {
  const elsewhere = `http://localhost:${new URL(other.origin).port}`;
  site.route('/mixed.xml', xml(urlset([`${O}/m1`, `${other.origin}/x1`, `${O}/m2`, `${elsewhere}/x2`, `${other.origin}/x3`, `${O}/m3`].map((u) => url(u)).join(''))));
  for (const p of ['/m1', '/m2', '/m3']) site.route(p, page);
  for (const p of ['/x1', '/x2', '/x3']) other.route(p, page);
  const before = other.requests.length;
  const r = await run([`${O}/mixed.xml`], { samplePages: 6 });
  assert.equal(other.requests.length, before, `asked of the other site: ${other.requests.slice(before).join(', ')}`);
  assert.deepEqual(r.findings.filter((f) => f.code.startsWith('page-')), []);
  assert.deepEqual(r.notes, [
    '3 listed pages sampled: 3 answered 200 with nothing that keeps them from being indexed',
    `3 listed pages are on other sites than ${O}/ and were not sampled`,
  ]);
  // Two of the site's own three, spread over them.
  const two = await run([`${O}/mixed.xml`], { samplePages: 2 });
  assert.match(two.notes[0], /^2 listed pages sampled/);
  assert.equal(other.requests.length, before);
});

test("a robots.txt cut at its cap: its partial last line is not read as a sitemap's URL", async () => {
  const head = `Sitemap: ${O}/whole.xml\n`;
  const last = `Sitemap: ${O}/cut-here-and-then-more.xml\n`;
  // The cap falls inside the last line, after `cut-here`.
  const at = ROBOTS_TXT_MAX_BYTES - head.length - last.indexOf('-and-');
  const padding = `# ${'x'.repeat(97)}\n`.repeat(Math.floor(at / 100)) + '#'.repeat(at % 100 - 1) + '\n';
  const body = head + padding + last;
  assert.equal(body.indexOf('-and-'), ROBOTS_TXT_MAX_BYTES);
  site.route('/robots.txt', text(body));
  site.route('/whole.xml', xml(urlset(url(`${O}/w`))));
  const r = await run([`${O}/`]);
  assert.equal(site.requests.filter((q) => q.includes('/cut-here')).length, 0, 'the cut URL is not fetched');
  assert.deepEqual(r.files.map((f) => f.name), [`${O}/whole.xml`]);
  assert.deepEqual(r.findings.map((f) => f.code), []);
});

test('a robots.txt that answers 429 is a failure to say, not a robots.txt that names nothing; pages then are not judged by it', async () => {
  const s = await startSite();
  try {
    s.route('/robots.txt', answer('slow down', { 'Content-Type': 'text/plain', 'Retry-After': '60' }, 429));
    s.route('/sitemap.xml', xml(urlset(url(`${s.origin}/a`))));
    s.route('/a', page);
    let r = await run([`${s.origin}/`]);
    assert.deepEqual(r.findings.map((f) => [f.code, f.severity, f.message]), [['fetch-failed', 'error', 'answers HTTP 429 Too Many Requests: the robots.txt could not be read, so its Sitemap lines are not known']]);
    assert.equal(s.requests.filter((q) => q.endsWith(' /sitemap.xml')).length, 0, 'no sitemap is guessed at');
    // A sitemap checked directly: its pages are sampled, and the note says robots.txt was not read for them.
    r = await run([`${s.origin}/sitemap.xml`], { samplePages: 1 });
    assert.deepEqual(r.findings.map((f) => f.code), []);
    assert.deepEqual(r.notes, [
      '1 listed page sampled: 1 answered 200 with nothing that keeps it from being indexed',
      `${s.origin}/robots.txt answers HTTP 429 Too Many Requests: the sampled pages were not checked against it`,
    ]);
  } finally {
    await s.close();
  }
});

test('a redirect to a URL with a user name and password is not followed, and the password is never said back', async () => {
  const secretly = (path: string) => `${O.replace('://', '://bob:s3cret@')}${path}`;
  site.route('/to-secret.xml', redirect(secretly('/target.xml')));
  site.route('/target.xml', xml(urlset(url(`${O}/page-to-secret`))));
  site.route('/page-to-secret', redirect(secretly('/target-page')));
  const r = await run([`${O}/to-secret.xml`, `${O}/target.xml`], { samplePages: 1 });
  const said = JSON.stringify(r);
  assert.ok(!said.includes('s3cret') && !said.includes('bob'), said);
  assert.deepEqual(r.findings.map((f) => [f.file, f.code, f.message]), [
    [`${O}/to-secret.xml`, 'fetch-failed', `redirects to http://***:***@${O.slice(7)}/target.xml, a URL with a user name and password: not followed`],
    [`${O}/target.xml`, 'page-status', `${O}/page-to-secret: answers HTTP 301 Moved Permanently, redirects to http://***:***@${O.slice(7)}/target-page, a URL with a user name and password: not followed`],
  ]);
  assert.equal(site.requests.filter((q) => q.includes('target-page')).length, 0);
});
