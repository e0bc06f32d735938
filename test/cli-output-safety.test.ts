// What -o and --out-dir may write over, and what a failed write leaves: a FIFO and a device are
// written through, a symbolic link's target is written and the link stays, an input is never
// replaced, a link inside --out-dir is replaced, not written through, and a full disk is one line.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { cli, tempDir, tempFile, NOW, BASE } from './helpers.ts';
import { startCli, unzipTest } from './helpers/cli.ts';

const U = 'https://www.example.com';
const LIST = `loc\n${U}/a\n${U}/b\n`;
const ZIP_NAMES = /testing: sitemap-1\.xml\.gz +OK[\s\S]*testing: manifest\.json +OK/;

function generate(input: string, ...more: string[]) {
  return cli(['generate', input, '--base-url', BASE, '--now', NOW, '--quiet', ...more]);
}

test('-o a FIFO: written through to its reader, and the FIFO stays one', async () => {
  const dir = tempDir();
  const fifo = join(dir, 'pipe');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const input = tempFile('list.csv', LIST);
  // The CLI starts first and waits for a reader, as a shell's > does.
  const run = startCli(['generate', input, '--base-url', BASE, '--now', NOW, '--quiet', '-o', fifo]);
  after(() => void run.child.kill('SIGKILL'));
  // A run that replaced the FIFO would leave this reader waiting: it gives up after 60 s.
  const reader = spawnSync('bash', ['-c', `cat "${fifo}" > "${join(dir, 'read.zip')}"`], { timeout: 60_000 });
  assert.equal(reader.status, 0, 'the reader got the zip and its end');
  const r = await run.exited;
  assert.equal(r.status, 0, r.stderr);
  assert.ok(lstatSync(fifo).isFIFO());
  assert.match(unzipTest(join(dir, 'read.zip')).output, ZIP_NAMES);
  assert.deepEqual(readdirSync(dir).sort(), ['pipe', 'read.zip'], 'no .partial file beside it');
});

/**
 * A character device node like `/dev/<name>` to write to. As root, a new node in a temporary folder
 * (the same device), so that a run that wrongly renamed over it would replace that copy, never the
 * system's own; as another user, the system's, which such a run may not replace.
 */
function deviceLike(name: 'null' | 'full', minor: number): string {
  if (process.getuid?.() !== 0) return `/dev/${name}`;
  const node = join(tempDir(), name);
  const r = spawnSync('mknod', ['-m', '666', node, 'c', '1', String(minor)], { encoding: 'utf8' });
  assert.equal(r.status, 0, `mknod: ${r.stderr}`);
  return node;
}

test('-o a character device: null takes the zip, full is one line and exit 1; both stay devices', () => {
  const input = tempFile('list.csv', LIST);
  const devNull = deviceLike('null', 3);
  const ok = generate(input, '-o', devNull);
  assert.equal(ok.status, 0, ok.stderr);
  assert.ok(lstatSync(devNull).isCharacterDevice());
  const devFull = deviceLike('full', 7);
  const full = generate(input, '-o', devFull, '--json');
  assert.equal(full.status, 1);
  assert.equal(full.stderr, `sitemill: cannot write ${devFull}: no space left on the device (ENOSPC)\n`);
  assert.deepEqual(JSON.parse(full.stdout), { error: { code: 'output', message: `cannot write ${devFull}: no space left on the device (ENOSPC)` } });
  assert.ok(lstatSync(devFull).isCharacterDevice(), 'the device is still a device');
});

test('-o a symbolic link: the file it points to gets the zip, the link stays; a link to nothing is refused', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'releases'));
  const target = join(dir, 'releases', 'week1.zip');
  writeFileSync(target, 'old');
  const link = join(dir, 'current.zip');
  symlinkSync('releases/week1.zip', link);
  const r = generate(tempFile('list.csv', LIST), '-o', link);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readlinkSync(link), 'releases/week1.zip');
  assert.match(unzipTest(target).output, ZIP_NAMES);
  assert.deepEqual(readdirSync(join(dir, 'releases')), ['week1.zip']);
  const dangling = join(dir, 'gone.zip');
  symlinkSync('nowhere/x.zip', dangling);
  const refused = generate(tempFile('list.csv', LIST), '-o', dangling);
  assert.equal(refused.status, 1);
  assert.equal(refused.stderr, `sitemill: cannot write ${dangling}: it is a symbolic link to nowhere/x.zip, which does not exist\n`);
  assert.equal(readlinkSync(dangling), 'nowhere/x.zip');
});

test('-o a regular file keeps its mode; a block device is refused', (t) => {
  const out = tempFile('out.zip', 'old');
  spawnSync('chmod', ['640', out]);
  assert.equal(generate(tempFile('list.csv', LIST), '-o', out).status, 0);
  assert.equal(statSync(out).mode & 0o777, 0o640);
  // A block device node of a loop device no one set up (minor 250): nothing can be written to it,
  // should the refusal ever fail. Making one takes root.
  const block = join(tempDir(), 'disk');
  if (spawnSync('mknod', [block, 'b', '7', '250']).status !== 0) return t.diagnostic('not root: the block device case is not run');
  const r = generate(tempFile('list.csv', LIST), '-o', block);
  assert.equal(r.status, 1);
  assert.equal(r.stderr, `sitemill: cannot write ${block}: it is a block device (a disk); the zip is not written over one\n`);
  assert.ok(lstatSync(block).isBlockDevice());
});

test('an output that is one of the inputs is refused, by any name, and the input is kept', () => {
  const dir = tempDir();
  const input = join(dir, 'list.csv');
  writeFileSync(input, LIST);
  const refused = (r: ReturnType<typeof cli>, shown: string) => {
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `sitemill: cannot write ${shown}: it is one of the inputs, which the zip would replace\n`);
    assert.equal(readFileSync(input, 'utf8'), LIST);
  };
  refused(generate(input, '-o', input), input);
  // A hard link and a symbolic link to it are the same file.
  linkSync(input, join(dir, 'hard.csv'));
  refused(generate(input, '-o', join(dir, 'hard.csv')), join(dir, 'hard.csv'));
  symlinkSync('list.csv', join(dir, 'soft.zip'));
  refused(generate(input, '-o', join(dir, 'soft.zip')), join(dir, 'soft.zip'));
  // Standard input read from the file the zip would go to.
  const viaStdin = spawnSync('bash', ['-c', `"${process.execPath}" "${join(import.meta.dirname, '..', 'lib', 'cli.js')}" generate - --base-url ${BASE} -o "${input}" < "${input}"`], { encoding: 'utf8' });
  assert.equal(viaStdin.status, 1, viaStdin.stderr);
  assert.match(viaStdin.stderr, /it is one of the inputs/);
  // Standard output appended to the input (>> does not empty it first).
  const appended = spawnSync('bash', ['-c', `"${process.execPath}" "${join(import.meta.dirname, '..', 'lib', 'cli.js')}" generate "${input}" --base-url ${BASE} -o - >> "${input}"`], { encoding: 'utf8' });
  assert.equal(appended.status, 1);
  assert.equal(appended.stderr, 'sitemill: cannot write standard output: it is one of the inputs, which the zip would replace\n');
  assert.equal(readFileSync(input, 'utf8'), LIST);
  // --out-dir holding the input under a name the run writes: nothing is moved in.
  const out = tempDir();
  const first = generate(input, '--out-dir', out, '--no-gzip');
  assert.equal(first.status, 0, first.stderr);
  const before = readFileSync(join(out, 'sitemap-1.xml'), 'utf8');
  const again = generate(join(out, 'sitemap-1.xml'), '--out-dir', out, '--no-gzip');
  assert.equal(again.status, 1);
  assert.equal(again.stderr, `sitemill: cannot write ${join(out, 'sitemap-1.xml')}: it is one of the inputs, which this run would replace\n`);
  assert.equal(readFileSync(join(out, 'sitemap-1.xml'), 'utf8'), before);
  assert.deepEqual(readdirSync(out).filter((n) => n.startsWith('.')), [], 'no staging folder left');
});

test('--out-dir replaces a symbolic link in the folder with the file; what it pointed to is not written', () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  mkdirSync(out);
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'keep me');
  symlinkSync('../victim.txt', join(out, 'report.csv'));
  symlinkSync('../victim.txt', join(out, 'sitemap-1.xml.gz'));
  const r = generate(tempFile('list.csv', `loc\n${U}/a\n${U}/b c\n`), '--out-dir', out);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readFileSync(victim, 'utf8'), 'keep me');
  for (const name of ['report.csv', 'sitemap-1.xml.gz']) assert.ok(lstatSync(join(out, name)).isFile(), name);
  assert.match(readFileSync(join(out, 'report.csv'), 'utf8'), /^line,column,severity,code/);
  assert.deepEqual(readdirSync(out).sort(), ['manifest.json', 'report.csv', 'robots-sitemap.txt', 'sitemap-1.xml.gz', 'sitemap-index.xml']);
  // A folder where a file goes is not replaced: one line, and nothing moves in.
  const blocked = tempDir();
  mkdirSync(join(blocked, 'report.csv'));
  const refused = generate(tempFile('list.csv', LIST), '--out-dir', blocked);
  assert.equal(refused.status, 1);
  assert.equal(refused.stderr, `sitemill: cannot write ${join(blocked, 'report.csv')}: it is a folder\n`);
  assert.deepEqual(readdirSync(blocked), ['report.csv']);
});
