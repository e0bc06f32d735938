// docs/codes.md is what the code tables make: a code added, renamed or reworded without rewriting the
// file fails here. The test renders in memory and never writes docs/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { codesDoc, DOC_COMMAND, DOC_PATH } from '../scripts/codes-doc.ts';
import { CHECK_CODES } from '../src/check/codes.ts';
import { CODE_ADVICE } from '../src/core/code-advice.ts';
import { CODE_INFO } from '../src/core/codes.ts';

const doc = codesDoc();

test('docs/codes.md is the one the code tables make', () => {
  const written = readFileSync(DOC_PATH, 'utf8');
  if (written === doc) return;
  const a = written.split('\n');
  const b = doc.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  assert.fail(`docs/codes.md differs from the tables at line ${line + 1}:\n  file:   ${a[line]}\n  tables: ${b[line]}\nRun \`${DOC_COMMAND}\` to rewrite it.`);
});

/** The table row of a code in the rendered document, as cells. */
function rowsOf(code: string): string[][] {
  return doc
    .split('\n')
    .filter((l) => l.startsWith(`| \`${code}\` |`))
    .map((l) => l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
}

test('every code is in one table, with its severity, meaning and advice', () => {
  for (const [code, info] of Object.entries(CODE_INFO)) {
    const rows = rowsOf(code);
    assert.equal(rows.length, 1, `${code} has one row`);
    const [, severity, meaning, advice] = rows[0];
    assert.ok(severity.startsWith(info.severity), `${code}: ${severity}`);
    assert.equal(meaning.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\\(.)/g, '$1'), info.message);
    assert.ok(advice.length > 40, `${code} has its advice`);
  }
  for (const [code, info] of Object.entries(CHECK_CODES)) {
    const rows = rowsOf(code);
    assert.equal(rows.length, 1, `${code} has one row`);
    assert.ok(rows[0][1].includes(info.severity), `${code}: the audit's ${info.severity} is shown, in ${rows[0][1]}`);
  }
});

test('the audit’s other severity for loc-duplicate is shown and explained', () => {
  assert.notEqual(CHECK_CODES['loc-duplicate'].severity, CODE_INFO['loc-duplicate'].severity, 'the tables still differ');
  assert.equal(rowsOf('loc-duplicate')[0][1], `${CODE_INFO['loc-duplicate'].severity} (check: ${CHECK_CODES['loc-duplicate'].severity})`);
  assert.match(doc, /`loc-duplicate` is a warning in `sitemill check` and an error in `sitemill generate`: /);
});

test('markup in a cell stays text: a pipe does not split the row, an element name is not HTML', () => {
  const [row] = rowsOf('xml-unescaped');
  assert.equal(row.length, 4);
  assert.ok(CODE_ADVICE['xml-unescaped'].includes('&amp;'));
  assert.match(row[3], /Write them as &amp;amp; and &amp;lt;/);
  assert.match(rowsOf('xml-root')[0][3], /Only &lt;urlset&gt; and &lt;sitemapindex&gt;/);
});
