// `check -` copies standard input (the audit may read it twice): an endless stream was copied to
// TMPDIR without end. The copy stops at a cap, with one line; binary input is told at once, uncopied.
// Random bytes (/dev/urandom) were taken for text in some runs, and then read without end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { binaryKind } from '../src/input/binary-kind.ts';
import { ROOT, tempDir } from './helpers.ts';

const CLI = join(ROOT, 'lib', 'cli.js');

/** Runs the CLI with `feed` writing its standard input until the process ends (or `feed` stops). */
function run(args: string[], feed: (write: (b: Uint8Array) => Promise<boolean>) => Promise<void>, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--max-old-space-size=256', CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  let open = true;
  child.stdin.on('error', () => (open = false));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => ((open = false), resolve(code))));
  const write = (b: Uint8Array) =>
    new Promise<boolean>((resolve) => {
      if (!open) return resolve(false);
      child.stdin.write(b, (err) => resolve(!err && open));
    });
  void feed(write).then(() => open && child.stdin.end());
  return closed.then((status) => ({ status, stdout, stderr }));
}

test('an endless stream on standard input stops at the copy cap with one line', async () => {
  const tmp = tempDir();
  const line = new TextEncoder().encode('https://www.example.com/\n'.repeat(40000));
  // Bounded all the same (1 GiB), so that a copy without a cap fails the test, not the disk.
  let sent = 0;
  const r = await run(['check', '-'], async (write) => {
    while (sent < 1 << 30 && (await write(line))) sent += line.length;
  }, { TMPDIR: tmp });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^sitemill: standard input passes 268,435,456 bytes[^\n]*\n$/);
  assert.deepEqual(readdirSync(tmp), [], 'the copy is removed');
});

test('binary data on standard input is one finding, told without copying the rest', async () => {
  const chunk = randomBytes(1 << 16);
  let sent = 0;
  const r = await run(['check', '-'], async (write) => {
    while (sent < 2048 && (await write(chunk))) sent++;
  });
  assert.equal(r.status, 4, r.stderr);
  assert.match(r.stdout, /^stdin: error xml-root not a sitemap: the file is binary data$/m);
  assert.ok(sent < 2048, 'the process ended before the 128 MiB were sent');
});

test('random bytes are binary data, however the sample falls', () => {
  for (let i = 0; i < 2000; i++) {
    const n = 512 + (i % 64) * 128;
    assert.equal(binaryKind(randomBytes(n)), 'binary data', `${n} random bytes`);
  }
  // Text in Windows-1252 (no UTF-8) and text with a few control bytes stay text.
  assert.equal(binaryKind(Uint8Array.from([...'https://www.example.com/caf\xe9\n'].map((c) => c.charCodeAt(0)))), null);
  assert.equal(binaryKind(new TextEncoder().encode('https://www.example.com/a\x0b\nhttps://www.example.com/b\n')), null);
});
