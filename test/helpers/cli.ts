// Runs the built CLI on a list, for comparing what the page shows and writes with it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(ROOT, 'lib/cli.js');

/** The CLI's `--json` summary. */
export interface CliSummary {
  rows: number;
  skipped: number;
  accepted: number;
  rejected: number;
  codes: Record<string, number>;
  files: { name: string; urls: number; bytes: number; gzipBytes?: number }[];
}

/** Runs `sitemill generate <input> -o cli.zip --json` in `dir`; returns the summary. */
export function runCli(dir: string, input: string, args: string[] = []): CliSummary {
  const out = execFileSync(process.execPath, [CLI, 'generate', input, '-o', 'cli.zip', '--json', '--quiet', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  return JSON.parse(out) as CliSummary;
}

/** The built CLI started in the background: `exited` resolves with its status and output. */
export function startCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: 'pipe' | 'ignore' } = {}) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env ?? process.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  return { child, exited };
}

/** `unzip -t` of a zip file: its status and output (Debian's unzip; missing, the test fails). */
export function unzipTest(path: string): { status: number | null; output: string } {
  const r = spawnSync('unzip', ['-t', path], { encoding: 'utf8' });
  if (r.error) throw new Error(`unzip could not run (${r.error.message}); install unzip`);
  return { status: r.status, output: r.stdout + r.stderr };
}

/** Runs the CLI without blocking the test's own event loop (its local servers must keep answering). */
export function cliAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
