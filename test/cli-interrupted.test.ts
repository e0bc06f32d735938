// A run that is interrupted (SIGINT, SIGTERM) or fails to write (a full disk) leaves nothing that
// looks complete: no zip, no .partial file, no sitemap files without their index, no staging folder;
// a set an earlier run left in --out-dir stays as it was.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { cli, tempDir, NOW, BASE } from './helpers.ts';
import { startCli } from './helpers/cli.ts';

const U = 'https://www.example.com';

/** A list of `rows` URLs in a new temporary file, with `token` making each one's path. */
async function bigList(rows: number, token: (i: number) => string): Promise<string> {
  const path = join(tempDir(), 'big.csv');
  const out = createWriteStream(path);
  out.write('loc\n');
  for (let i = 0; i < rows; i += 10_000) {
    let block = '';
    for (let k = i; k < Math.min(rows, i + 10_000); k++) block += `${U}/p/${token(k)}\n`;
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return path;
}

const MILLION = bigList(1_000_000, (i) => `${i.toString(36)}-${((i * 2654435761) >>> 0).toString(16)}`);

/** Waits until `ready()` holds, checking every 10 ms; fails after 60 s. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let t = 0; t < 6000; t++) {
    if (ready()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every file under `dir`, by path relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

const nonEmpty = (path: string) => existsSync(path) && statSync(path).size > 0;

for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  test(`${signal} while -o is written: exit ${status}, no zip and no .partial left`, async () => {
    const list = await MILLION;
    const dir = tempDir();
    const run = startCli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(dir, 'big.zip'), '--json']);
    after(() => void run.child.kill('SIGKILL'));
    // Once the zip has its first bytes aside.
    await until(() => readdirSync(dir).some((n) => n.endsWith('.partial') && nonEmpty(join(dir, n))), 'the partial zip');
    run.child.kill(signal);
    const r = await run.exited;
    assert.equal(r.status, status, r.stderr);
    assert.deepEqual(tree(dir), []);
    assert.deepEqual(JSON.parse(r.stdout), { error: { code: 'interrupted', message: `interrupted by ${signal}` } });
    assert.equal(r.stderr, `sitemill: interrupted by ${signal}: nothing was written\n`);
  });

  test(`${signal} while --out-dir is written: exit ${status}; a new folder goes, an earlier set stays as it was`, async () => {
    const list = await MILLION;
    const parent = tempDir();
    const fresh = join(parent, 'new');
    let run = startCli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', fresh]);
    after(() => void run.child.kill('SIGKILL'));
    const staged = (dir: string) => existsSync(dir) && readdirSync(dir).some((n) => n.startsWith('.sitemill-') && readdirSync(join(dir, n)).length > 0);
    await until(() => staged(fresh), 'a staged sitemap file');
    run.child.kill(signal);
    let r = await run.exited;
    assert.equal(r.status, status, r.stderr);
    assert.deepEqual(readdirSync(parent), [], `the folder the run made is gone: ${JSON.stringify(existsSync(fresh) ? readdirSync(fresh, { recursive: true }) : null)} ${r.stderr}`);

    // A folder that holds a set from an earlier run: it keeps that set, file for file.
    const earlier = join(parent, 'published');
    mkdirSync(earlier);
    const small = join(parent, 'small.csv');
    writeFileSync(small, `loc\n${U}/a\n${U}/b\n`);
    assert.equal(cli(['generate', small, '--base-url', BASE, '--now', NOW, '--out-dir', earlier, '--quiet']).status, 0);
    const before = Object.fromEntries(tree(earlier).map((n) => [n, readFileSync(join(earlier, n))]));
    run = startCli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', earlier]);
    after(() => void run.child.kill('SIGKILL'));
    await until(() => staged(earlier), 'a staged sitemap file');
    run.child.kill(signal);
    r = await run.exited;
    assert.equal(r.status, status, r.stderr);
    assert.deepEqual(Object.fromEntries(tree(earlier).map((n) => [n, readFileSync(join(earlier, n))])), before);
  });
}

/** A 1 MiB tmpfs, mounted for the test (as root); null when this process may not mount one. */
function tinyDisk(): string | null {
  const dir = tempDir();
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  after(() => void spawnSync('umount', [dir]));
  return dir;
}

test('a full disk: one line and exit 1, for -o and --out-dir, and nothing left on the disk', async (t) => {
  const disk = tinyDisk();
  if (!disk) {
    // CI must run it: there the test fails rather than pass without having run.
    assert.ok(!process.env.CI, 'the full-disk test needs root, to mount a 1 MiB tmpfs');
    return t.skip('not root: cannot mount a 1 MiB tmpfs, so the full-disk case is not run');
  }
  // Random paths: gzip cannot make 300,000 of them fit in 1 MiB.
  const list = await bigList(300_000, () => randomBytes(8).toString('hex'));
  const zip = cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(disk, 'out.zip'), '--json']);
  assert.equal(zip.status, 1);
  const line = `cannot write ${join(disk, 'out.zip')}: no space left on the device (ENOSPC)`;
  assert.equal(zip.stderr, `sitemill: ${line}\n`);
  assert.deepEqual(JSON.parse(zip.stdout), { error: { code: 'output', message: line } });
  assert.deepEqual(tree(disk), []);

  const folder = cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', join(disk, 'set')]);
  assert.equal(folder.status, 1);
  assert.match(folder.stderr, new RegExp(`^sitemill: cannot write ${join(disk, 'set')}/sitemap-\\d+\\.xml\\.gz: no space left on the device \\(ENOSPC\\)\\n$`));
  assert.deepEqual(tree(disk), []);

  // The disk itself as the folder, holding a file of the person's: it stays, alone.
  writeFileSync(join(disk, 'keep.txt'), 'mine');
  const into = cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', disk, '--quiet']);
  assert.equal(into.status, 1);
  assert.match(into.stderr, /^sitemill: cannot write .*: no space left on the device \(ENOSPC\)\n$/);
  assert.deepEqual(tree(disk), ['keep.txt']);
});
