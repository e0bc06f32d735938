// Values that used to be written changed without a word: two URLs on one line of a text list became
// one URL with `%20` between them, and bytes after a CSV field's closing quote were glued to it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli, tempDir, tempFile, readZip, locsOf, NOW } from './helpers.ts';
import { readFileSync } from 'node:fs';

const U = 'https://www.example.com';

function generate(name: string, content: string) {
  const out = join(tempDir(), 'out.zip');
  const r = cli(['generate', tempFile(name, content), '--base-url', `${U}/`, '-o', out, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  const files = readZip(new Uint8Array(readFileSync(out)));
  const report = files['report.csv'].trim().split('\n').slice(1);
  return { json: JSON.parse(r.stdout), locs: locsOf(files), report };
}

test('a text line with two absolute URLs is rejected as loc-invalid, never joined by %20', () => {
  const r = generate('two.txt', `${U}/p0 ${U}/p1\n${U}/p2\n${U}/a b\n`);
  assert.deepEqual(r.locs, [`${U}/p2`, `${U}/a%20b`]);
  assert.equal(r.json.rows, 3);
  assert.equal(r.json.rejected, 1);
  assert.equal(r.json.codes['loc-invalid'], 1);
  assert.match(r.report.find((l: string) => l.includes('loc-invalid'))!, /^1,1,error,loc-invalid,"[^"]*more than one URL/);
});

test('a CSV field with bytes after its closing quote rejects its row as row-malformed', () => {
  const r = generate('q.csv', `url,lastmod\n"${U}/c"x,2024-01-01\n"${U}/d" ,2024-01-02\n${U}/e,2024-01-03\n`);
  assert.deepEqual(r.locs, [`${U}/d`, `${U}/e`]);
  assert.equal(r.json.rows, 3);
  assert.equal(r.json.accepted + r.json.rejected + r.json.excluded, r.json.rows);
  assert.equal(r.json.codes['row-malformed'], 1);
  assert.match(r.report.find((l: string) => l.includes('row-malformed'))!, /^2,0,error,row-malformed,"[^"]*text after a closing quote/);
});
