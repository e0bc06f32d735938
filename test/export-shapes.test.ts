// SPEC section 10, round two: the shapes of real exports, each rule on the smallest input written
// from the export's documented format.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipSync } from 'fflate';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { Options } from '../src/types.ts';
import { concatParts, locsOf, NOW, readZip, run, source, type Run } from './helpers.ts';

const U = 'https://www.example.com';
const bytes = (text: string) => new TextEncoder().encode(text);

function reconciles(r: { summary: Run['summary'] }): void {
  const s = r.summary;
  assert.equal(s.rows, s.accepted + s.rejected + s.excluded, 'rows = accepted + rejected + excluded');
}

async function runAll(inputs: [string, string | Uint8Array][], options: Partial<Options> = {}) {
  const result = await generate(inputs.map(([name, data]) => source(name, data)), { now: NOW, ...options }, nodePlatform);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  return { summary: result.summary, findings, locs: result.summary.accepted ? locsOf(readZip(concatParts(result.zip))) : [] };
}

test("a Search Console validation export's Status (Pending, Failed) is the state of a fix, never a publication state", async () => {
  const r = await run(`URL,Last crawled,Status\n${U}/a,2025-06-29,Pending\n${U}/b,2025-06-29,Pending\n${U}/c,2025-06-28,Pending\n${U}/d,2025-06-28,Failed\n`);
  assert.deepEqual(r.locs, [`${U}/a`, `${U}/b`, `${U}/c`, `${U}/d`]);
  assert.equal(r.summary.excluded, 0);
  const german = await run(`URL,Zuletzt gecrawlt,Status\n${U}/a,2025-11-07,Ausstehend\n${U}/b,2025-11-06,Ausstehend\n`);
  assert.deepEqual(german.locs, [`${U}/a`, `${U}/b`]);
  reconciles(r);
});

test("a drill-down's issue decides every row before its columns do: a 404 drill-down with a validation Status is left out whole", async () => {
  const table = `URL,Zuletzt gecrawlt,Status\n${U}/a,2025-11-07,Ausstehend\n${U}/b?x=1,2025-11-06,Ausstehend\n${U}/c,2025-11-05,Ausstehend\n`;
  const zip = zipSync({ 'Tabelle.csv': bytes(table), 'Metadaten.csv': bytes('Property,Wert\nProblem,Nicht gefunden (404)\nSitemap,Alle bekannten Seiten\n') });
  const r = await runAll([['drilldown.zip', zip]]);
  assert.deepEqual(r.locs, []);
  assert.deepEqual([r.summary.excluded, r.summary.codes['row-status']], [3, 3]);
  reconciles(r);
});
