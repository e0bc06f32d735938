// What the audit says fits an audit: entries, not rows; nothing "dropped"; a fix is what would be
// written; an HTML page or a file cut short is called so; one fault is one finding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, U, url, urlset } from './check-helpers.ts';
import { auditMessage, describeForAudit } from '../src/check/audit-words.ts';
import { CODE_INFO } from '../src/core/codes.ts';

/** Codes of the generator the audit never gives: they are about a list's columns, header or choices. */
const LIST_ONLY = new Set(['column-ignored', 'row-columns', 'base-url-inferred', 'input-preamble', 'input-encoding', 'row-excluded-rule']);

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
