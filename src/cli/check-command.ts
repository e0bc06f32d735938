// sitemill check <file…> [--json]: the audit of SPEC section 7 from the command line. Node only.
// Exit 0 when nothing is at error level, 4 otherwise; 2 on bad usage; 1 when no file can be read.

import { parseArgs } from 'node:util';
import { OptionError, resolveOptions } from '../generate/options.ts';
import { nodePlatform } from '../platform/node.ts';
import { auditFiles, type Audit } from '../check/check.ts';
import { onlyCompanions } from '../check/companions.ts';
import { expandPaths } from './check-paths.ts';
import { threadRowRules } from './thread-row-rules.ts';
import type { CheckFinding } from '../check/types.ts';

export const CHECK_USAGE = 'sitemill check <file|folder…> [--json] [--base-url <url>] [--now <iso>]';

const EXIT = { clean: 0, unreadable: 1, usage: 2, errors: 4 } as const;

function usage(message: string): number {
  process.stderr.write(`sitemill: ${message}\nUsage: ${CHECK_USAGE}\n`);
  return EXIT.usage;
}

export function findingLine(f: CheckFinding): string {
  const where = f.file === '' ? '(all files)' : f.line > 0 ? `${f.file}:${f.line}` : f.file;
  return `${where}: ${f.severity} ${f.code} ${f.message}`;
}

function summary(r: Audit, unreadable: string[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const bySeverity: Record<string, number> = r.findings.severities();
  const urls = r.files.reduce((s, f) => s + f.urls, 0);
  const plural: Record<string, string> = { error: 'errors', warning: 'warnings', fix: 'fixes', info: 'info' };
  const parts = Object.keys(plural).map((s) => `${n(bySeverity[s] ?? 0)} ${(bySeverity[s] ?? 0) === 1 ? s : plural[s]}`);
  const lines = [`${n(r.files.length)} file${r.files.length === 1 ? '' : 's'}, ${n(urls)} ${urls === 1 ? 'entry' : 'entries'}: ${parts.join(', ')}`];
  const codes = Object.entries(r.codes);
  if (codes.length) lines.push('findings: ' + codes.map(([c, k]) => `${c} ${n(k)}`).join(', '));
  if (unreadable.length) lines.push(`not read: ${unreadable.join('; ')}`);
  return lines.join('\n') + '\n';
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

export async function runCheck(args: string[]): Promise<number> {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, 'base-url': { type: 'string' }, now: { type: 'string' } },
    }));
  } catch (e) {
    return usage((e as Error).message);
  }
  if (positionals.length === 0) return usage('check needs at least one file or folder');
  const options = { baseUrl: values['base-url'], now: values.now };
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof OptionError) return usage(e.message);
    throw e;
  }

  const { sources, problems } = await expandPaths(positionals);
  for (const p of problems) process.stderr.write(`sitemill: ${p}\n`);
  if (sources.length === 0) {
    process.stderr.write('sitemill: no file could be read\n');
    return EXIT.unreadable;
  }

  const result = await auditFiles(sources, { ...options, rowRules: threadRowRules }, nodePlatform);
  if (result.files.length === 0) {
    process.stderr.write(`sitemill: ${result.passedOver.length ? onlyCompanions(result.passedOver) : 'no file to check was found (an empty archive?)'}\n`);
    return EXIT.unreadable;
  }
  if (values.json) {
    // The same text as JSON.stringify(result), written in blocks: a million findings stay writable.
    // Paths that could not be read (they make the exit code 4) are listed after the findings.
    let block = `{"files":${JSON.stringify(result.files)},"codes":${JSON.stringify(result.codes)},"findings":[`;
    for (let i = 0; i < result.findings.length; i++) {
      block += (i ? ',' : '') + JSON.stringify(result.findings.at(i));
      if (block.length > 1 << 16) {
        await write(block);
        block = '';
      }
    }
    await write(block + `]${problems.length ? `,"unreadable":${JSON.stringify(problems)}` : ''}}\n`);
  } else {
    let block = '';
    for (let i = 0; i < result.findings.length; i++) {
      block += findingLine(result.findings.at(i)) + '\n';
      if (block.length > 1 << 16) {
        await write(block);
        block = '';
      }
    }
    await write(block + summary(result, problems));
  }
  const errors = (result.findings.severities().error ?? 0) > 0;
  return errors || problems.length > 0 ? EXIT.errors : EXIT.clean;
}
