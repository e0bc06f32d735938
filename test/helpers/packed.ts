// The package as a consumer gets it: the repository's files as a fresh clone has them (tracked and
// new files, none of the build's output), packed with `npm pack`, so the package's own prepack
// builds everything it ships.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './cli.ts';

export interface Packed {
  /** The tarball's absolute path. */
  tarball: string;
  /** The paths in it, from the package root (`package.json`, `lib/index.js`, …). */
  files: string[];
  /** Its package.json. */
  manifest: PackageJson;
  /** What `npm pack` printed on stderr. */
  log: string;
}

export interface PackageJson {
  name: string;
  bin?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  scripts?: Record<string, string>;
  [field: string]: unknown;
}

/** The repository's files a fresh clone would have (deleted ones left out), copied to `to`. */
async function cloneLike(to: string): Promise<void> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue;
    await mkdir(path.dirname(path.join(to, file)), { recursive: true });
    await copyFile(from, path.join(to, file));
  }
  // The dev dependencies `npm ci` would install; the build reads nothing else from outside.
  await symlink(path.join(ROOT, 'node_modules'), path.join(to, 'node_modules'), 'dir');
}

/** Packs a clone-like copy of the repository into `work`. */
export async function packFreshClone(work: string): Promise<Packed> {
  const clone = path.join(work, 'clone');
  await cloneLike(clone);
  for (const built of ['lib', 'dist', 'build']) {
    if (existsSync(path.join(clone, built))) throw new Error(`${built}/ is in the clone: it must come from the build`);
  }
  const out = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: clone, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`npm pack failed (${out.error?.message ?? `exit ${out.status}`}):\n${out.stderr}\n${out.stdout.slice(-4000)}`);
  // The scripts' own output comes first; npm's JSON report is the last thing printed.
  const json = out.stdout.slice(out.stdout.lastIndexOf('\n[\n') + 1);
  const [report] = JSON.parse(json) as { filename: string; files: { path: string }[] }[];
  const tarball = path.join(work, report.filename);
  const manifest = JSON.parse(await readFile(path.join(clone, 'package.json'), 'utf8')) as PackageJson;
  return { tarball, files: report.files.map((f) => f.path), manifest, log: out.stderr };
}

/** Every path the manifest points at: bin, and each export's conditions (types included). */
export function pointedAt(manifest: PackageJson): string[] {
  const paths = Object.values(manifest.bin ?? {});
  for (const target of Object.values(manifest.exports)) {
    paths.push(...(typeof target === 'string' ? [target] : Object.values(target)));
  }
  return paths.map((p) => p.replace(/^\.\//, ''));
}
