// The zip writer past the classic format's limits, checked by Info-ZIP's unzip and zipinfo (and the
// audit's own zip reader): more than 65,535 entries, and an entry of more than 4 GiB (zeros, deflated
// as a stream, so the zip itself is small). Both were written without ZIP64: the header of a
// 5.86 GB report.csv said 1.56 GB.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ZipWriter } from '../src/compress/zip.ts';
import { zipEntries } from '../src/check/zip-entries.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { tempDir } from './helpers.ts';

const GiB = 2 ** 30;

function tool(name: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
  if (!found && process.env.CI) throw new Error(`${name} is not installed`);
  return found;
}

/** A zip written by `fill` into a file. */
async function written(fill: (zip: ZipWriter) => Promise<void> | void): Promise<string> {
  const path = join(tempDir(), 'big.zip');
  const fd = openSync(path, 'w');
  const zip = new ZipWriter((chunk) => void writeSync(fd, chunk), nodePlatform);
  await fill(zip);
  await zip.end();
  closeSync(fd);
  return path;
}

function unzipTest(path: string): string {
  const r = spawnSync('unzip', ['-tq', path], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `unzip -t: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

test('70,000 entries: ZIP64 end records, read by unzip and by the audit', { skip: !tool('unzip') && 'unzip is not installed' }, async () => {
  const n = 70_000;
  const path = await written((zip) => {
    for (let i = 0; i < n; i++) zip.store(`f-${i}.txt`, new TextEncoder().encode(`${i}\n`));
    zip.deflate('last.txt')(new TextEncoder().encode('last\n'), true);
  });
  assert.match(unzipTest(path), /No errors detected/);
  const info = spawnSync('zipinfo', ['-t', path], { encoding: 'utf8' });
  assert.equal(info.status, 0, info.stderr);
  assert.match(info.stdout, /^70001 files,/);
  let count = 0;
  async function* file() {
    yield new Uint8Array(readFileSync(path));
  }
  for await (const e of zipEntries(file())) {
    count++;
    for await (const _ of e.chunks);
  }
  assert.equal(count, n + 1);
});

test('an entry of 4.1 GiB, deflated as a stream: ZIP64 sizes, read by unzip', { skip: !tool('unzip') && 'unzip is not installed' }, async () => {
  const size = 4 * GiB + 100 * 2 ** 20;
  const block = new Uint8Array(1 << 22);
  const path = await written(async (zip) => {
    zip.store('before.txt', new TextEncoder().encode('before\n'));
    const push = zip.deflate('report.csv', 1);
    for (let at = 0; at < size; at += block.length) {
      push(block, at + block.length >= size);
      // Back-pressure, as the writer's users give it.
      if ((at / block.length) % 64 === 0) await zip.drained();
    }
    zip.store('after.txt', new TextEncoder().encode('after\n'));
  });
  assert.match(unzipTest(path), /No errors detected/);
  const info = spawnSync('zipinfo', ['-l', path], { encoding: 'utf8' });
  assert.equal(info.status, 0, info.stderr);
  const line = info.stdout.split('\n').find((l) => l.endsWith(' report.csv'));
  assert.ok(line, info.stdout);
  assert.match(line, new RegExp(`\\s${size}\\s`), `zipinfo gives the full size: ${line}`);
});
