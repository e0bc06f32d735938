// Runs the built CLI on a list, for comparing what the page shows and writes with it.
import { execFileSync } from 'node:child_process';
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
