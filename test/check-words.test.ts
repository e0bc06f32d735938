// What the audit says fits an audit: entries, not rows; nothing "dropped"; a fix is what would be
// written; an HTML page or a file cut short is called so; one fault is one finding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, U, url, urlset } from './check-helpers.ts';
import { auditMessage, describeForAudit } from '../src/check/audit-words.ts';
import { CODE_INFO } from '../src/core/codes.ts';

/** Codes of the generator the audit never gives: they are about a list's columns, header or choices. */
const LIST_ONLY = new Set(['column-ignored', 'row-columns', 'base-url-inferred', 'input-preamble', 'input-encoding', 'row-excluded-rule', 'lastmod-crawl-time']);

test('no audit message speaks of rows or of values dropped or written', () => {
  const codes = Object.keys(CODE_INFO).filter((c) => !LIST_ONLY.has(c) && CODE_INFO[c].severity !== 'excluded');
  assert.ok(codes.length > 30, `${codes.length} codes`);
  const wrong = codes.filter((c) => /\brows?\b|dropped|\bwritten\b|left out/i.test(auditMessage(c))).map((c) => `${c}: ${auditMessage(c)}`);
  assert.deepEqual(wrong, []);
  assert.equal(describeForAudit({ code: 'loc-fragment', value: `${U}/a#b`, fixed: `${U}/a` }), `#fragment removed: ${U}/a#b, would be written as ${U}/a`);
});

test('a fix found in a sitemap reads as what would be written', async () => {
  const r = await check({ 's.xml': urlset(url('HTTPS://WWW.EXAMPLE.COM/a')) });
  const f = r.findings.find((x) => x.code === 'loc-normalized');
  assert.ok(f, JSON.stringify(r.findings));
  assert.equal(f.message, `URL not in canonical form (encoding, case, port, dot segments): HTTPS://WWW.EXAMPLE.COM/a, would be written as ${U}/a`);
});

test('an HTML page saved as .xml is called an HTML page, with or without its DOCTYPE', async () => {
  const r = await check({
    'doctype.xml': '<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>404</body></html>\n',
    'bare.xml': '<html><body>Please sign in</body></html>\n',
  });
  const said = r.findings.map((f) => `${f.file} ${f.severity} ${f.message}`);
  assert.equal(said.length, 2, JSON.stringify(said));
  for (const s of said) assert.match(s, /^(doctype|bare)\.xml error an HTML page, not a sitemap/);
  // Another DOCTYPE is still refused for what it is.
  const other = await check({ 'd.xml': '<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY a "b">]>\n<urlset/>\n' });
  assert.match(other.findings[0].message, /^a DOCTYPE is refused/);
});

test('a file cut short says so', async () => {
  const whole = urlset(url(`${U}/a`) + url(`${U}/b`));
  for (const cut of [whole.slice(0, whole.indexOf('</urlset>')), whole.slice(0, whole.lastIndexOf('</lo') + 3)]) {
    const r = await check({ 'cut.xml': cut });
    const malformed = r.findings.filter((f) => f.code === 'xml-malformed');
    assert.equal(malformed.length, 1, JSON.stringify(r.findings));
    assert.match(malformed[0].message, /^the file is cut short: it ends /);
  }
});

test('a value that breaks the schema is one finding, an error, as xmllint says it', async () => {
  const r = await check({ 's.xml': urlset(url(`${U}/a`, '<lastmod>yesterday</lastmod>') + url(`${U}/b`, '<priority>high</priority>')) });
  assert.deepEqual(
    r.findings.map((f) => [f.line, f.code, f.severity, f.message]),
    [
      [3, 'xml-schema', 'error', 'bad value for <lastmod>: yesterday'],
      [4, 'xml-schema', 'error', 'bad value for <priority>: high'],
    ],
  );
});

test('a sitemap of a staging host is refused, checked alone or beside others; one fetched from such a host is not', async () => {
  const local = urlset(url('http://localhost:3000/a') + url('http://127.0.0.1/b') + url('https://shop.local/c') + url('http://[::1]/d') + url('http://10.1.2.3/e'));
  const r = await check({ 'staging.xml': local });
  assert.deepEqual(
    r.findings.filter((f) => f.code === 'loc-local-host').map((f) => `${f.line} ${f.severity} ${f.message.split(': ').at(-1)}`),
    ['3 error localhost', '4 error 127.0.0.1', '5 error shop.local', '6 error ::1', '7 error 10.1.2.3'],
  );
  const live = await check({ 'live.xml': urlset(url(`${U}/a`) + url('https://www.example.org.local.example.com/b') + url('http://172.32.0.1/c')) });
  assert.deepEqual(live.findings.filter((f) => f.code === 'loc-local-host'), [], 'public names and addresses pass');
  // A check of a local site on purpose (a sitemap fetched from it) judges its URLs, and its files', by that site.
  const fetched = await check({ 'http://127.0.0.1:8080/sitemap.xml': urlset(url('http://127.0.0.1:8080/a')), 'saved.xml': urlset(url('http://127.0.0.1:8080/b')) });
  assert.deepEqual(fetched.findings.filter((f) => f.code === 'loc-local-host'), []);
});

test('loc-host names the base URL it compared against and where it came from', async () => {
  const body = urlset(url(`${U}/a`) + url(`${U}/b`) + url('https://other.example.org/c'));
  const inferred = (await check({ 's.xml': body })).findings.find((f) => f.code === 'loc-host');
  assert.equal(inferred?.message, `Host differs from the base URL ${U}/ (the most common origin of the entries): https://other.example.org/c`);
  const given = (await check({ 's.xml': body }, { baseUrl: `${U}/` })).findings.find((f) => f.code === 'loc-host');
  assert.equal(given?.message, `Host differs from the base URL ${U}/ (given): https://other.example.org/c`);
});
