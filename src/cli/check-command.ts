// sitemill check <file|url…> [--json]: the audit of SPEC section 7 from the command line, of files
// and of live sites (SPEC 12: URLs are fetched, see ../fetch/). Node only.
// Exit 0 when nothing is at error level, 4 otherwise; 2 on bad usage; 1 when no file can be read.

import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { OptionError, resolveOptions } from '../generate/options.ts';
import { nodePlatform } from '../platform/node.ts';
import { auditFiles, type Audit } from '../check/check.ts';
import { onlyCompanions } from '../check/companions.ts';
import { expandPaths } from './check-paths.ts';
import { threadRowRules } from './thread-row-rules.ts';
import { FetchProgress } from './fetch-progress.ts';
import { integer, parseArgsProblem } from './usage.ts';
import { tryHelp } from './help.ts';
import { say } from './terminal-text.ts';
import { auditFetched, fetchSite, type FetchedSite } from '../fetch/check-site.ts';
import type { CheckFinding } from '../check/types.ts';
import { stdinInput, type StdinInput } from '../input/stdin-source.ts';
import { InputError } from '../input/decode.ts';
import type { InputSource } from '../types.ts';

/** An argument with a scheme (two letters or more, so a Windows drive is a path) is a URL to fetch. */
const URL_ARGUMENT = /^[a-z][a-z\d+.-]+:/i;

const EXIT = { clean: 0, unreadable: 1, usage: 2, errors: 4 } as const;

/** Bad usage: one line, and where the help is. */
function usage(message: string): number {
  say(message);
  process.stderr.write(tryHelp('check') + '\n');
  return EXIT.usage;
}

export function findingLine(f: CheckFinding): string {
  const where = f.file === '' ? '(all files)' : f.line > 0 ? `${f.file}:${f.line}` : f.file;
  return `${where}: ${f.severity} ${f.code} ${f.message}`;
}

function summary(r: Pick<Audit, "files" | "codes"> & { findings: { severities(): Partial<Record<string, number>> } }, unreadable: string[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const bySeverity: Partial<Record<string, number>> = r.findings.severities();
  const urls = r.files.reduce((s, f) => s + f.urls, 0);
  const plural: Record<string, string> = { error: 'errors', warning: 'warnings', fix: 'fixes', info: 'info' };
  const parts = Object.keys(plural).map((s) => `${n(bySeverity[s] ?? 0)} ${(bySeverity[s] ?? 0) === 1 ? s : plural[s]}`);
  const lines = [`${n(r.files.length)} file${r.files.length === 1 ? '' : 's'}, ${n(urls)} ${urls === 1 ? 'entry' : 'entries'}: ${parts.join(', ')}`];
  const codes = Object.entries(r.codes);
  if (codes.length) lines.push('findings: ' + codes.map(([c, k]) => `${c} ${n(k)}`).join(', '));
  if (unreadable.length) lines.push(`not read: ${unreadable.join('; ')}`);
  return lines.join('\n') + '\n';
}

/** Nothing to check: one line, and with --json the error as JSON on standard output (exit 1). */
function unreadable(message: string, json: boolean | undefined): number {
  if (json) process.stdout.write(JSON.stringify({ error: { code: 'input', message } }) + '\n');
  say(message);
  return EXIT.unreadable;
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
      options: {
        json: { type: 'boolean' },
        'base-url': { type: 'string' },
        now: { type: 'string' },
        'sample-pages': { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
      },
    }));
  } catch (e) {
    return usage(parseArgsProblem(e as Error));
  }
  if (positionals.length === 0) return usage('check needs at least one file, folder or URL');
  const options = { baseUrl: values['base-url'], now: values.now };
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof OptionError) return usage(e.message);
    throw e;
  }

  let fetching;
  try {
    fetching = fetchOptions(values);
  } catch (e) {
    return usage((e as Error).message);
  }
  const urls = positionals.filter((p) => URL_ARGUMENT.test(p));
  const other = urls.find((u) => !/^https?:/i.test(u));
  if (other) return usage(`${other}: only http and https URLs are fetched (give a file or folder by its path)`);
  // Not fetched, and not said back: the password would stay in a terminal's or a CI log's history.
  const secret = urls.find((u) => URL.canParse(u) && (new URL(u).username !== '' || new URL(u).password !== ''));
  if (secret) return usage(`${withoutCredentials(secret)}: a URL with a user name or password is not fetched; give the site's public URL`);
  if (positionals.filter((p) => p === '-').length > 1) return usage('- (standard input) can be given once');
  const paths = positionals.filter((p) => !URL_ARGUMENT.test(p));
  // Files are read in the order given, standard input among them.
  const at = paths.indexOf('-');
  const before = await expandPaths(at < 0 ? paths : paths.slice(0, at));
  const after = await expandPaths(at < 0 ? [] : paths.slice(at + 1));
  const problems = [...before.problems, ...after.problems];
  for (const p of problems) say(p);
  let stdin: StdinInput | undefined;
  try {
    stdin = at >= 0 ? await stdinInput(process.stdin, tmpdir(), true) : undefined;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return unreadable(e.message, values.json);
  }
  try {
    const sources = [...before.sources, ...(stdin ? [stdin.source] : []), ...after.sources];
    return await checkSources(sources, problems, urls, fetching, options, values.json);
  } finally {
    await stdin?.close();
  }
}

async function checkSources(
  sources: InputSource[],
  problems: string[],
  urls: string[],
  fetching: ReturnType<typeof fetchOptions>,
  options: { baseUrl?: string; now?: string },
  json: boolean | undefined,
): Promise<number> {
  const site = urls.length ? await fetchUrls(urls, fetching) : null;
  if (sources.length === 0 && !site) {
    return unreadable('no file could be read', json);
  }

  const auditing = { ...options, rowRules: threadRowRules };
  const result = site ? await auditFetched(sources, urls, site, auditing, nodePlatform) : await auditFiles(sources, auditing, nodePlatform);
  if (result.files.length === 0 && !site) {
    return unreadable(result.passedOver.length ? onlyCompanions(result.passedOver) : 'no file to check was found (an empty archive?)', json);
  }
  if (json) {
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
    const fetched = site ? `,"fetched":${JSON.stringify(site.fetched)},"notes":${JSON.stringify(site.notes)}` : '';
    await write(block + `]${fetched}${problems.length ? `,"unreadable":${JSON.stringify(problems)}` : ''}}\n`);
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
  for (const note of site?.notes ?? []) say(note);
  const errors = (result.findings.severities().error ?? 0) > 0;
  return errors || problems.length > 0 ? EXIT.errors : EXIT.clean;
}

function fetchOptions(values: { 'sample-pages'?: string; concurrency?: string; timeout?: string }) {
  const concurrency = integer('concurrency', values.concurrency);
  if (concurrency !== undefined && (concurrency < 1 || concurrency > 4)) throw new Error('--concurrency takes 1 to 4 (requests at a time)');
  let requestTimeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(values.timeout) || Number(values.timeout) <= 0) throw new Error(`--timeout takes seconds, such as 30 or 0.5, not ${values.timeout}`);
    requestTimeoutMs = Number(values.timeout) * 1000;
  }
  return { samplePages: integer('sample-pages', values['sample-pages']), concurrency, requestTimeoutMs };
}

/** Fetches the sitemaps the URLs stand for, with a progress line on a terminal. */
async function fetchUrls(urls: string[], options: ReturnType<typeof fetchOptions>): Promise<FetchedSite> {
  const progress = process.stderr.isTTY ? new FetchProgress(process.stderr) : undefined;
  try {
    return await fetchSite(urls, { ...options, onFetched: progress && ((url, bytes, done, known) => progress.fetched(url, bytes, done, known)) }, nodePlatform);
  } finally {
    progress?.clear();
  }
}

/** `url` with its user name and password left out. */
function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.href;
}
