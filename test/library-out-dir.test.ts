// The Node library's outDir writes the folder `sitemill generate --out-dir` writes, through the same
// module: in place only when the run succeeds, never over one of its inputs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'sitemill';
import { cli, tempDir, tempFile, NOW, BASE } from './helpers.ts';

const U = 'https://www.example.com';

function files(dir: string): Record<string, Buffer> {
  return Object.fromEntries(readdirSync(dir).sort().map((n) => [n, readFileSync(join(dir, n))]));
}

test('generate(input, {outDir}) writes the files --out-dir writes, byte for byte, and keeps no zip', async () => {
  const list = tempFile('list.csv', `loc,lastmod\n${U}/,2025-01-01\n${U}/a b,2025-01-02\nftp://x/,\n`);
  const byCli = join(tempDir(), 'cli');
  assert.equal(cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', byCli, '--quiet']).status, 0);
  const byLibrary = join(tempDir(), 'nested', 'lib');
  const r = await generate({ path: list }, { baseUrl: BASE, now: NOW, outDir: byLibrary });
  assert.equal(r.summary.accepted, 2);
  assert.deepEqual(r.zip, []);
  assert.deepEqual(files(byLibrary), files(byCli));
});

test('outDir: a cancelled run leaves a folder as it was, and a folder it made is gone', async () => {
  const list = tempFile('big.csv', 'loc\n' + Array.from({ length: 200_000 }, (_, i) => `${U}/p/${i}`).join('\n'));
  const existing = tempDir();
  writeFileSync(join(existing, 'keep.txt'), 'mine');
  for (const outDir of [existing, join(tempDir(), 'new')]) {
    const controller = new AbortController();
    let written = false;
    const run = generate({ path: list }, { baseUrl: BASE, outDir }, {
      // Cancelled once a sitemap file is staged in the folder.
      onProgress: () => {
        written ||= existsSync(outDir) && readdirSync(outDir).some((n) => n.startsWith('.sitemill-') && readdirSync(join(outDir, n)).length > 0);
        if (written) controller.abort();
      },
      signal: controller.signal,
    });
    await assert.rejects(run, { name: 'AbortError' });
    assert.ok(written, 'the run was cancelled after it had written a file');
    if (outDir === existing) assert.deepEqual(readdirSync(existing), ['keep.txt']);
    else assert.ok(!existsSync(outDir));
  }
});

test('outDir: an input under a name the run writes is not replaced', async () => {
  const dir = tempDir();
  const list = join(dir, 'report.csv');
  writeFileSync(list, `loc\n${U}/a\n`);
  await assert.rejects(generate({ path: list }, { baseUrl: BASE, outDir: dir }), { message: `cannot write ${list}: it is one of the inputs, which this run would replace` });
  assert.deepEqual(readdirSync(dir), ['report.csv']);
  assert.equal(readFileSync(list, 'utf8'), `loc\n${U}/a\n`);
});
