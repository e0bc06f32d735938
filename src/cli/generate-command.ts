// sitemill generate <input…|-> …: URL lists → sitemaps.zip (SPEC section 8). A thin shell over the engine.

import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { generate, InputError, type GenerateResult } from '../generate/engine.ts';
import { isIndexFileName } from '../output/index-names.ts';
import { publishText } from '../output/publish.ts';
import { resolveOptions } from '../generate/options.ts';
import { nodePlatform } from '../platform/node.ts';
import { ProgressBar } from './progress-bar.ts';
import { stdinInput, type StdinInput } from '../input/stdin-source.ts';
import type { Finding, InputSource, Options, PreviousFile, SectionRule, Summary, UrlRule } from '../types.ts';
import { parseSectionRule } from '../rules/sections.ts';
import { EXIT, integer, UsageError } from './usage.ts';
import { folderNames, removedChangesNote, removeStaleChanges, staleNote, staleSitemaps } from './stale-files.ts';
import { ioProblem } from '../platform/io-problem.ts';
import { parseColumnRole } from './column-roles.ts';
import { Interrupts } from './signals.ts';
import { say, terminalText } from './terminal-text.ts';
import { inputIds, openOutputs } from './run-outputs.ts';
import { ReportHead } from './report-head.ts';

/** How many findings `--json` lists unless --json-findings says. */
const JSON_FINDINGS = 100;

/** An input file; named by its base name, so no local path reaches the manifest. */
function fileSource(path: string): InputSource {
  return { name: basename(path), chunks: () => createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array> };
}

/** `--timezone -05:00` reads as an option to parseArgs; join such a value to its option. */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--timezone' && /^-\d/.test(args[i + 1] ?? '')) out.push(`--timezone=${args[++i]}`);
    else out.push(args[i]);
  }
  return out;
}

export async function runGenerate(args: string[]): Promise<number> {
  const { values, positionals } = parseGenerateArgs(args);
  const options = generateOptions(values);
  options.urlRules = urlRulesInOrder(args);
  options.sections = sectionRules(values.section);
  if (values.previous !== undefined) options.previous = await previousFiles(values.previous);
  if (values.robots !== undefined) options.robotsTxt = await readText(values.robots, '--robots');
  const { prefix } = resolveOptions(options); // bad options are bad usage, found before any input is read
  const shown = integer('json-findings', values['json-findings']) ?? JSON_FINDINGS;

  const outDir = values['out-dir'];
  const zipPath = values.output ?? (outDir ? undefined : 'sitemaps.zip');
  if (zipPath && zipPath !== '-' && (/[\\/]$/.test(zipPath) || (await isDirectory(zipPath)))) {
    const named = values.output !== undefined ? '-o names the zip file to write' : 'the zip is written to sitemaps.zip unless -o names another';
    throw new UsageError(`${named}, and ${zipPath} is a folder (for loose files use --out-dir ${zipPath})`);
  }
  const sources = await fileSources(positionals);
  if (values.column?.length) options.columns = values.column.map(parseColumnRole);

  // With the zip on standard output, everything else goes to standard error.
  const text = zipPath === '-' ? process.stderr : process.stdout;
  const bar = !values.quiet && process.stderr.isTTY ? new ProgressBar(process.stderr) : undefined;
  const streamed = zipPath !== undefined && (zipPath === '-' || (await streamTarget(zipPath)));
  const interrupts = new Interrupts((signal) => {
    bar?.clear();
    if (values.json) text.write(JSON.stringify({ error: { code: 'interrupted', message: `interrupted by ${signal}` } }) + '\n');
    say(`interrupted by ${signal}: ${streamed ? `the zip written to ${zipPath === '-' ? 'standard output' : zipPath} is incomplete` : 'nothing was written'}`);
  });
  try {
    // The outputs open before any input is read: one that cannot be written is said at once.
    const outputs = await openOutputs(zipPath, outDir, inputIds(positionals));
    const head = new ReportHead(values.json ? shown : 0);
    let result;
    let stdin: StdinInput | undefined;
    try {
      // Read last, once every file is known to be there.
      stdin = positionals.includes('-') ? await stdinInput(process.stdin) : undefined;
      if (stdin) sources.splice(positionals.indexOf('-'), 0, stdin.source);
      result = await generate(sources, options, nodePlatform, {
        onProgress: bar ? (p) => bar.update(p) : undefined,
        onZipChunk: outputs.zip ? (chunk) => outputs.zip!.write(chunk) : () => {},
        onFile: outputs.folder ? (name, data) => outputs.folder!.write(name, data) : undefined,
        // Findings go to report.csv as they are found: the command reads only their counts (and the first few, for --json).
        keepFindings: false,
        onReportBytes: head.take,
      });
    } catch (e) {
      outputs.discard();
      throw e;
    } finally {
      await stdin?.close();
      bar?.clear();
    }
    const written = await interrupts.held(() => outputs.commit((name) => isIndexFileName(name, prefix)));
    return await reported(result, values, text, zipPath ?? outDir!, prefix, outDir !== undefined ? { dir: outDir, written: new Set(written), prefix } : undefined, head.findings);
  } finally {
    interrupts.dispose();
  }
}

/** The summary, the notes and the exit code of a run whose outputs are in place. */
async function reported(
  result: GenerateResult,
  values: GenerateValues,
  text: NodeJS.WriteStream,
  where: string,
  prefix: string,
  folder: { dir: string; written: ReadonlySet<string>; prefix: string } | undefined,
  findings: Finding[],
): Promise<number> {
  const { summary } = result;
  const failure = summary.message ? { error: { code: 'no-accepted-row', message: summary.message } } : {};
  if (values.json) text.write(JSON.stringify({ ...jsonSummary(summary, findings), ...failure }) + '\n');
  else if (!values.quiet) text.write(humanSummary(summary, where === '-' ? 'standard output' : where, prefix).split('\n').map(terminalText).join('\n'));
  for (const note of summary.notes) say(note);
  if (folder && !summary.message) {
    const { dir, written, prefix } = folder;
    const names = await folderNames(dir);
    const stale = staleSitemaps(names, prefix, written);
    if (stale.length) say(staleNote(dir, stale));
    if (await removeStaleChanges(dir, names, written)) say(removedChangesNote(dir));
  }
  if (summary.message) {
    say(summary.message);
    return EXIT.fatal;
  }
  if (values.strict && Object.keys(summary.codes).some((c) => result.findings.severityOf(c) === 'error')) return EXIT.strict;
  return EXIT.ok;
}

function parseGenerateArgs(args: string[]) {
  const parsed = parseArgs({
    args: joinNegativeValues(args),
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      output: { type: 'string', short: 'o' },
      'out-dir': { type: 'string' },
      format: { type: 'string' },
      'no-gzip': { type: 'boolean' },
      'gzip-level': { type: 'string' },
      'max-urls': { type: 'string' },
      'max-bytes': { type: 'string' },
      prefix: { type: 'string' },
      timezone: { type: 'string' },
      now: { type: 'string' },
      sheet: { type: 'string' },
      strict: { type: 'boolean' },
      json: { type: 'boolean' },
      'json-findings': { type: 'string' },
      quiet: { type: 'boolean' },
      keep: { type: 'string', multiple: true },
      'strip-param': { type: 'string', multiple: true },
      robots: { type: 'string' },
      'robots-agent': { type: 'string' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      'section-by': { type: 'string' },
      section: { type: 'string', multiple: true },
      previous: { type: 'string' },
      'keep-shape': { type: 'boolean' },
      column: { type: 'string', multiple: true },
    },
  });
  if (parsed.positionals.length === 0) throw new UsageError('generate needs at least one input file (or - for standard input)');
  return parsed;
}

type GenerateValues = ReturnType<typeof parseGenerateArgs>['values'];

/** The engine's options from the command line's values; what parseArgs cannot judge is judged here. */
function generateOptions(values: GenerateValues): Partial<Options> {
  const format = values.format;
  if (format !== undefined && format !== 'xml' && format !== 'txt') throw new UsageError('--format is xml or txt');
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) throw new UsageError(`--now is not an ISO date-time: ${values.now}`);
  return {
    baseUrl: values['base-url'],
    format,
    gzip: values['no-gzip'] ? false : undefined,
    gzipLevel: integer('gzip-level', values['gzip-level']),
    maxUrls: integer('max-urls', values['max-urls']),
    maxBytes: integer('max-bytes', values['max-bytes']),
    prefix: values.prefix,
    timezone: values.timezone,
    now: values.now,
    sheet: values.sheet,
    strict: values.strict,
    keep: values.keep,
    stripParams: values['strip-param'],
    robotsAgent: values['robots-agent'],
    sectionBy: values['section-by'],
    keepShape: values['keep-shape'],
  };
}

/** `--include` and `--exclude` rules in the order given: the first that matches names the exclusion. */
function urlRulesInOrder(args: string[]): UrlRule[] {
  const rules: UrlRule[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = /^--(include|exclude)(?:=(.*))?$/s.exec(args[i]);
    if (!m) continue;
    const pattern = m[2] ?? args[++i];
    if (pattern !== undefined) rules.push({ kind: m[1] as UrlRule['kind'], pattern });
  }
  return rules;
}

/** `--section blog=/blog/*`, in the order given. */
function sectionRules(given: string[] | undefined): SectionRule[] | undefined {
  return given?.map((text) => parseSectionRule(text) ?? usage(`--section is name=pattern, such as blog=/blog/*, not ${text}`));
}

function usage(message: string): never {
  throw new UsageError(message);
}

/**
 * `--previous`: a zip, a folder, or a manifest (`manifest.json`, or one kept under another name):
 * then the folder's files, the manifest given standing for the folder's own.
 */
async function previousFiles(path: string): Promise<PreviousFile[]> {
  try {
    const manifest = path.endsWith('.json') && !(await isDirectory(path)) ? await readFile(path) : null;
    const folder = manifest ? dirname(path) : (await isDirectory(path)) ? path : null;
    if (folder === null) return [{ name: basename(path), data: await readFile(path) }];
    const names = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isFile() && !(manifest && d.name === 'manifest.json')).map((d) => d.name).sort();
    const files = await Promise.all(names.map(async (name) => ({ name, data: await readFile(join(folder, name)) })));
    // A manifest under another name is read as the manifest.
    return manifest ? [...files.filter((f) => f.name !== basename(path)), { name: 'manifest.json', data: manifest }] : files;
  } catch (e) {
    throw new InputError(`--previous: cannot read ${path}: ${ioProblem(e)}`);
  }
}

async function readText(path: string, option: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new InputError(`${option}: cannot read ${path}: ${ioProblem(e)}`);
  }
}

/** The input files, each known to be a readable file before anything is read; `-` is added later. */
async function fileSources(positionals: string[]): Promise<InputSource[]> {
  if (positionals.filter((p) => p === '-').length > 1) throw new UsageError('- (standard input) can be given once');
  const sources: InputSource[] = [];
  for (const path of positionals) {
    if (path === '-') continue;
    const source = fileSource(path);
    try {
      const s = await stat(path);
      if (!s.isFile()) throw new InputError(`${path} is not a file`);
      source.size = s.size;
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read ${path}: ${ioProblem(e)}`);
    }
    sources.push(source);
  }
  return sources;
}

/** Whether the zip's output is written through (a FIFO or a device), not put in place at the end. */
async function streamTarget(path: string): Promise<boolean> {
  const s = await stat(path).catch(() => null);
  return s !== null && (s.isFIFO() || s.isCharacterDevice());
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function jsonSummary(s: Summary, findings: Finding[]) {
  return {
    rows: s.rows,
    skipped: s.skipped,
    accepted: s.accepted,
    rejected: s.rejected,
    excluded: s.excluded,
    codes: s.codes,
    findings,
    files: s.files.map((f) => ({ name: f.name, ...(f.section !== undefined ? { section: f.section } : {}), urls: f.urls, bytes: f.bytes, gzipBytes: f.gzipBytes ?? null })),
    ...(s.sections ? { sections: s.sections } : {}),
    ...(s.changes ? { changes: s.changes } : {}),
    ...(s.notes.length ? { notes: s.notes } : {}),
  };
}

function humanSummary(s: Summary, where: string, prefix: string): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `${n(s.rows)} ${s.rows === 1 ? 'row' : 'rows'}: ${n(s.accepted)} accepted, ${n(s.rejected)} rejected, ${n(s.excluded)} excluded, ${n(s.skipped)} skipped; ${n(s.fixed)} fixed, ${n(s.warnings)} with warnings`,
  ];
  if (s.files.length) lines.push(`${s.files.length} sitemap file${s.files.length === 1 ? '' : 's'} written to ${where}`);
  const urls = (k: number) => `${n(k)} URL${k === 1 ? '' : 's'}`;
  if (s.sections?.length) lines.push('sections: ' + s.sections.map((c) => `${c.name} ${urls(c.urls)} in ${c.files} file${c.files === 1 ? '' : 's'}`).join(', '));
  if (s.changes) {
    const count = (k: string) => s.changes!.filter((c) => c.change === k).length;
    lines.push(`against the previous set: ${count('added')} added, ${count('changed')} changed, ${count('unchanged')} unchanged, ${count('removed')} removed (changes.csv)`);
  }
  const codes = Object.entries(s.codes);
  if (codes.length) lines.push('findings: ' + codes.map(([c, k]) => `${c} ${n(k)}`).join(', '));
  // The same steps as the page's Publish panel: where the files go, the robots.txt line, what to submit.
  if (s.files.length && s.baseUrl && !s.message) lines.push('', publishText({ baseUrl: s.baseUrl, files: s.files, prefix, changes: s.changes }));
  return lines.join('\n') + '\n';
}

