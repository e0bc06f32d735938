// A loc-duplicate names the row it repeats, in the finding itself, so report.csv says it too: on one
// list its line, across lists the earlier list's name and line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Papa from 'papaparse';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { BASE, NOW, cli, readZip, run, source, tempDir } from './helpers.ts';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';

const U = 'https://www.example.com';

test('a duplicate names the line of the row it repeats', async () => {
  const r = await run(`loc\n${U}/a\n${U}/b\n\n${U}/a\nHTTPS://WWW.EXAMPLE.COM/b\n${U}/a\n`);
  const dups = r.findings.filter((f) => f.code === 'loc-duplicate').map((f) => [f.line, f.fixed]);
  assert.deepEqual(dups, [
    [5, 'first at line 2'],
    [6, 'first at line 3'],
    [7, 'first at line 2'],
  ]);
});

test('across lists, a duplicate names the earlier list and its line', async () => {
  const inputs = [source('first.txt', `${U}/x\n${U}/y\n`), source('second.txt', `${U}/z\n${U}/y\n${U}/z\n`)];
  const result = await generate(inputs, { baseUrl: BASE, now: NOW }, nodePlatform);
  const dups = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i))
    .filter((f) => f.code === 'loc-duplicate')
    .map((f) => [f.input, f.line, f.fixed]);
  assert.deepEqual(dups, [
    ['second.txt', 2, 'first at first.txt line 2'],
    ['second.txt', 3, 'first at line 1'],
  ]);
});

test('the CLI’s report.csv says where the first row is, for rows the core writes and the rest', () => {
  const dir = tempDir();
  // 3,000 rows, every tenth a copy of one nine lines up; the first copy has a non-ASCII path, so the engine writes its row, the core the others.
  const rows = ['loc'];
  for (let i = 0; i < 3000; i++) rows.push(i % 10 === 9 ? rows[rows.length - 9] : `${U}/p${i}${i === 0 ? 'é' : ''}`);
  writeFileSync(join(dir, 'list.csv'), rows.join('\n') + '\n');
  const r = cli(['generate', join(dir, 'list.csv'), '--base-url', BASE, '--now', NOW, '-o', join(dir, 'out.zip'), '--quiet']);
  assert.equal(r.status, 0, r.stderr);
  const report = Papa.parse<Record<string, string>>(readZip(new Uint8Array(readFileSync(join(dir, 'out.zip'))))['report.csv'], { header: true, skipEmptyLines: true });
  const dups = report.data.filter((row) => row.code === 'loc-duplicate');
  assert.equal(dups.length, 300);
  for (const row of dups) assert.equal(row.fixed, `first at line ${Number(row.line) - 9}`, `line ${row.line}`);
});
