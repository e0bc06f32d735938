// Real exports as their tools write them (test/fixtures/exports, each with its expectation written
// from the documented formats and SPEC section 10): the sitemap holds exactly the pages that belong,
// in order, and every other row is in the report with its one reason.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { concatParts, locsOf, NOW, readZip, source } from './helpers.ts';
import type { Expectation } from './fixtures/exports/expectation.ts';

const DIR = new URL('./fixtures/exports/', import.meta.url).pathname;

const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.expect.json'));

test('the export fixtures are there, and each expectation agrees with its export read on its own', () => {
  assert.ok(fixtures.length >= 15, fixtures.join(', '));
  const checked = spawnSync(process.execPath, ['--import', 'tsx', path.join(DIR, 'check-expectations.ts')], { encoding: 'utf8' });
  assert.equal(checked.status, 0, checked.stderr + checked.stdout);
});

for (const expectFile of fixtures) {
  const name = expectFile.replace('.expect.json', '.csv');
  const expected: Expectation = JSON.parse(readFileSync(path.join(DIR, expectFile), 'utf8'));
  test(`${name}: ${expected.fatal ? 'one fatal line' : `${expected.sitemap.length} pages in the sitemap`}`, async () => {
    const bytes = readFileSync(path.join(DIR, name));
    const options = { baseUrl: expected.baseUrl ?? undefined, now: NOW };
    if (expected.fatal) {
      await assert.rejects(generate([source(name, bytes)], options, nodePlatform), (e: Error) => {
        assert.match(e.message, new RegExp(expected.fatal!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
        for (const column of expected.fatalNames ?? []) assert.ok(e.message.includes(column), `the message names ${column}: ${e.message}`);
        return true;
      });
      return;
    }
    const result = await generate([source(name, bytes)], options, nodePlatform);
    const files = readZip(concatParts(result.zip));
    const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
    assert.deepEqual(locsOf(files), expected.sitemap);
    const byLine = (severity: string) =>
      Object.fromEntries(findings.filter((f) => f.severity === severity).map((f) => [String(f.line), f.code]));
    assert.deepEqual(byLine('excluded'), expected.excluded);
    assert.deepEqual(byLine('error'), expected.rejected);
    const { summary } = result;
    assert.equal(summary.skipped, expected.skipped, 'skipped');
    assert.equal(summary.rows, summary.accepted + summary.rejected + summary.excluded, 'rows = accepted + rejected + excluded');
    assert.equal(summary.excluded, Object.keys(expected.excluded).length);
    const ignored = findings.filter((f) => f.code === 'column-ignored').map((f) => f.value);
    if (expected.lastmodColumn) assert.ok(!ignored.includes(expected.lastmodColumn), `${expected.lastmodColumn} is read as lastmod`);
    else assert.ok(!files['sitemap-1.xml.gz']?.includes('<lastmod>'), 'no column becomes lastmod');
  });
}
