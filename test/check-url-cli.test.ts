// `sitemill check <url…>` (SPEC 12 and 8) against a site served by the test: the --json shape with
// what was fetched, the lines printed, the exit codes, and a refusal that is one clear line.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cliAsync as cli } from './helpers/cli.ts';
import { gzipSync } from 'node:zlib';
import { tempFile, NOW } from './helpers.ts';
import { urlset, url } from './check-helpers.ts';
import { answer, redirect, startSite, xml, type Site } from './helpers/site-server.ts';

let site: Site;
let O: string;
before(async () => {
  site = await startSite();
  O = site.origin;
  site.route('/robots.txt', answer(`Sitemap: ${O}/sitemap.xml\n`, { 'Content-Type': 'text/plain' }));
  site.route('/sitemap.xml', xml(urlset(url(`${O}/a`) + url(`${O}/b`))));
  site.route('/a', answer('<html><head></head></html>', { 'Content-Type': 'text/html' }));
  site.route('/b', answer('gone', {}, 404));
  for (let i = 0; i < 10; i++) site.route(`/r${i}.xml`, redirect(`/r${i + 1}.xml`));
  site.route('/bomb.xml', answer(gzipSync(Buffer.alloc(80 << 20, 0x20)), { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip' }));
  site.route('/slow.xml', (_req, res) => void res.writeHead(200).write('<'));
});
after(() => site.close());

/** The CLI run as a child, without blocking this process's server. */
test('a site URL: robots.txt, its sitemap audited under its URL, the fetches listed in --json; exit 0', async () => {
  const r = await cli(['check', `${O}/`, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.files.map((f: { name: string; urls: number }) => [f.name, f.urls]), [[`${O}/sitemap.xml`, 2]]);
  assert.deepEqual(json.findings, []);
  assert.deepEqual(json.fetched.map((f: { url: string; status: number }) => [f.url, f.status]), [[`${O}/robots.txt`, 200], [`${O}/sitemap.xml`, 200]]);
  assert.equal(r.stderr, '', 'no progress line when stderr is not a terminal');
});

test('--sample-pages: a page that answers 404 is a warning on its entry', async () => {
  const r = await cli(['check', `${O}/sitemap.xml`, '--sample-pages', '2', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.split('\n')[0], `${O}/sitemap.xml:4: warning page-status ${O}/b: answers HTTP 404 Not Found`);
});

test('an endless redirect, a gzip bomb and a slow answer are refused with one clear line each; exit 4', async () => {
  const r = await cli(['check', `${O}/r0.xml`, `${O}/bomb.xml`, '--now', NOW]);
  assert.equal(r.status, 4, r.stdout + r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0], new RegExp(`^${O}/r0.xml: error fetch-failed more than 5 redirects: `));
  assert.equal(lines[1], `${O}/bomb.xml: error fetch-too-large more than 52,428,800 bytes (uncompressed): reading stopped`);
  assert.equal(lines.length, 4, r.stdout); // the two, then the summary's two lines
  const slow = await cli(['check', `${O}/slow.xml`, '--timeout', '0.3', '--now', NOW]);
  assert.equal(slow.status, 4, slow.stdout + slow.stderr);
  assert.equal(slow.stdout.split('\n')[0], `${O}/slow.xml: error fetch-failed no complete answer within 0.3 s`);
});

test('two sites at once: each judged by its own address, as the site checked', async () => {
  const second = await startSite();
  try {
    second.route('/robots.txt', answer(`Sitemap: ${second.origin}/sitemap.xml\n`, { 'Content-Type': 'text/plain' }));
    second.route('/sitemap.xml', xml(urlset(url(`${second.origin}/c`) + url(`${O}/listed-by-the-second`))));
    const r = await cli(['check', `${O}/`, `${second.origin}/`, '--now', NOW]);
    assert.equal(r.status, 4, r.stderr);
    const hosts = r.stdout.split('\n').filter((line) => line.includes(': error loc-host '));
    assert.deepEqual(hosts.length, 1, r.stdout);
    assert.ok(hosts[0].startsWith(`${second.origin}/sitemap.xml:4: error loc-host Host differs from the base URL ${second.origin}/ (the site checked)`), hosts[0]);
    const both = await cli(['check', `${O}/`, `${second.origin}/`, '--json', '--now', NOW]);
    assert.deepEqual(JSON.parse(both.stdout).files.map((f: { name: string }) => f.name), [`${O}/sitemap.xml`, `${second.origin}/sitemap.xml`]);
  } finally {
    await second.close();
  }
});

test('files and URLs together; bad options are usage errors (exit 2)', async () => {
  const file = tempFile('local.xml', urlset(url(`${O}/x`)));
  const r = await cli(['check', file, `${O}/sitemap.xml`, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.map((f: { name: string }) => f.name), [file, `${O}/sitemap.xml`]);
  for (const bad of [['--timeout', '0'], ['--timeout', 'soon'], ['--concurrency', '9'], ['--sample-pages', 'x']]) {
    const u = await cli(['check', `${O}/`, ...bad]);
    assert.equal(u.status, 2, bad.join(' '));
    assert.match(u.stderr, /^sitemill: --/);
  }
  for (const other of ['ftp://example.com/sitemap.xml', 'file:///tmp/sitemap.xml']) {
    const u = await cli(['check', other]);
    assert.equal(u.status, 2, other);
    assert.equal(u.stderr.split('\n')[0], `sitemill: ${other}: only http and https URLs are fetched (give a file or folder by its path)`);
  }
  // A URL with a password is neither fetched nor said back.
  const secret = await cli(['check', `${O.replace('://', '://bob:s3cret@')}/`]);
  assert.equal(secret.status, 2);
  assert.equal(secret.stderr.split('\n')[0], `sitemill: ${O}/: a URL with a user name or password is not fetched; give the site's public URL`);
  assert.ok(!secret.stderr.includes('s3cret') && !secret.stdout.includes('s3cret'));
});
