// The pipeline, stage by stage: the core set up for the options → each input read through it
// (read-input, drive-core, header, slow-paths) → the list finished, indexed and reported (finish).
// The core parses rows, applies the row rules, serializes and cuts files; this side decides headers,
// takes the URLs the core cannot judge, and gzips and zips what the core writes.

import { Core } from '../core/core.ts';
import { outOfMemory } from '../core/out-of-memory.ts';
import { InputError } from '../input/decode.ts';
import type { Hooks, InputSource, Options, Platform, Summary } from '../types.ts';
import type { FindingStore } from './findings.ts';
import { finishList, summarize, writeReportAndManifest } from './finish.ts';
import { OptionError, resolveOptions, type ResolvedOptions } from './options.ts';
import { readInput } from './read-input.ts';
import { otherSheetsWithUrls } from './other-sheets.ts';
import { isPublishedSet, publishedSetNote, sitemapsBesideListNote } from './published-set.ts';
import { listsInZips } from './zip-inputs.ts';
import { verdictsFirst } from './verdicts-first.ts';
import { GenerateRun } from './run.ts';
import { belongingOf } from './belonging.ts';
import { urlJudges } from './url-judges.ts';
import { Sectioning } from './sectioning.ts';
import type { SetShape } from './set-shape.ts';

export { InputError };
export { OptionError } from './options.ts';
import { inspect } from './inspect.ts';
export { inspect };

export interface GenerateResult {
  summary: Summary;
  findings: FindingStore;
  /** The zip, in parts; empty when `hooks.onZipChunk` took them. */
  zip: Uint8Array[];
}

export async function generate(
  sources: InputSource[],
  options: Partial<Options>,
  platform: Platform,
  hooks: Hooks = {},
): Promise<GenerateResult> {
  const opts = resolveOptions(options);
  if (opts.gzip && !platform.gzipLevels.includes(opts.gzipLevel)) {
    // A browser's CompressionStream has one level: refused rather than quietly not honoured.
    throw new OptionError(`gzip level ${opts.gzipLevel} is not available here: the browser compresses at level ${platform.gzipLevels.join(', ')} only (the command line takes 1 to 9)`, 'option-unsupported', 'gzipLevel');
  }
  if (sources.length === 0) throw new InputError('no input was given', 'input-none');
  const module = await platform.wasm();
  let core: Core;
  try {
    core = new Core(module);
  } catch (e) {
    throw outOfMemory(e) ?? e; // its first allocations, before any input
  }
  try {
    return await generateOn(core, sources, opts, platform, hooks);
  } catch (e) {
    throw outOfMemory(e, core.x.memory) ?? e;
  }
}

/** `generate` on a core of the caller's (the tests give one built with its probes). */
export async function generateOn(core: Core, given: InputSource[], options: ResolvedOptions, platform: Platform, hooks: Hooks): Promise<GenerateResult> {
  const notes: string[] = [];
  const note = (n: string) => void notes.push(n);
  const shape = options.keepShape && !options.allFields ? await shapeOf(given, options, platform, note) : null;
  if (shape) return generateShaped(core, shape, options, platform, hooks, notes);
  const opts = options;
  await notePublishedSets(given, opts, platform, note);
  // The audit judges what is published: its rows are all kept, their URLs as they are.
  const sources = opts.allFields ? given : await verdictsFirst(await listsInZips(given, platform, opts, note), platform, opts, note);
  const belonging = opts.allFields ? belongingOf(['loc-tracking-param']) : belongingOf(opts.keep, opts.stripParams, await urlJudges(opts, notes));
  const sectioning = opts.allFields ? null : await Sectioning.of(opts);
  // The published set's reader (the audit's) loads only for a run that has one.
  const previous = opts.previous && !opts.allFields ? await (await import('./previous-set.ts')).readPrevious(opts.previous, opts, sectioning !== null, platform, note) : null;
  return runOn(new GenerateRun(core, sources, opts, platform, hooks, belonging, sectioning, previous), notes);
}

/** The set's shape, or null (said in a note) when it cannot be kept. */
async function shapeOf(given: InputSource[], opts: ResolvedOptions, platform: Platform, note: (text: string) => void): Promise<SetShape | null> {
  // The audit's reader, which tells each file's purpose, loads only for such a run.
  const shape = await (await import('./set-shape.ts')).setShape(given, opts.format, platform);
  if (typeof shape !== 'string') {
    if (shape.left.length) note(`not part of the set, as nothing in ${shape.left.length === 1 ? 'it' : 'them'} could be read as a sitemap: ${shape.left.join(', ')}`);
    return shape;
  }
  note(`the set's shape is not kept: ${shape}`);
  return null;
}

/** A published set written again in its shape (set-shape.ts): its files are the sections and the previous set. */
async function generateShaped(core: Core, shape: SetShape, options: ResolvedOptions, platform: Platform, hooks: Hooks, notes: string[]): Promise<GenerateResult> {
  const opts: ResolvedOptions = { ...options, gzip: shape.gzip, indexName: shape.indexName ?? undefined, previous: shape.published, sectionBy: undefined, sections: undefined };
  const note = (n: string) => void notes.push(n);
  if (options.previous?.length) note('the previous set given was not used: a set written again in its shape is compared with itself');
  if (options.sectionBy || options.sections?.length) note('the sections asked for were not used: a set written again in its shape keeps each file as its section');
  const belonging = belongingOf(opts.keep, opts.stripParams, await urlJudges(opts, notes));
  const sectioning = Sectioning.byInput(shape.sections, shape.names);
  const sectionOfName = new Map([...shape.names].map(([section, name]) => [name, section]));
  const previous = await (await import('./previous-set.ts')).readPrevious(shape.published, opts, true, platform, note, (name) => sectionOfName.get(name));
  const run = new GenerateRun(core, shape.sources, opts, platform, hooks, belonging, sectioning, previous);
  return runOn(run, notes, (i) => {
    if (!shape.purposeStarts.has(i)) return;
    core.x.forgetWritten();
    sectioning.newPurpose();
  });
}

/** The run's inputs read, the list finished and the zip written; `beforeInput` is told each input's place first. */
async function runOn(run: GenerateRun, notes: string[], beforeInput: (i: number) => void = () => {}): Promise<GenerateResult> {
  const { opts, sources } = run;
  try {
    run.notes.push(...notes);
    run.configureCore();
    await readInputs(run, sources, beforeInput);
    run.throwIfAborted();
    for (const [i, { column, role }] of (opts.columns ?? []).entries()) {
      if (!run.columnsMatched.has(i)) run.notes.push(`no input has a column ${/^\d+$/.test(column) ? column : `named "${column}"`}, so the ${role} role given to it was not used`);
    }
    await finishList(run);
    const summary = summarize(run);
    await writeReportAndManifest(run, summary);
    run.progress.report(true);
    return { summary, findings: run.findings, zip: run.zipParts };
  } finally {
    run.output.drop();
    run.zip.close();
  }
}

/**
 * A set written here, given as an input beside others, is read as a list: a note says it may be
 * meant as the previous set (with one given already, as a second one).
 */
async function notePublishedSets(given: InputSource[], opts: ResolvedOptions, platform: Platform, note: (text: string) => void): Promise<void> {
  if (given.length < 2 || opts.allFields) return;
  const sitemaps = await Promise.all(given.map((s) => isSitemapInput(s, platform)));
  if (sitemaps.every(Boolean)) return; // sitemaps merged: no list beside them
  for (const [i, source] of given.entries()) {
    if (await isPublishedSet(source)) note(publishedSetNote(source.name, opts.previous !== undefined));
    else if (sitemaps[i] && !opts.previous) note(sitemapsBesideListNote(source.name));
  }
}

/** Whether the input is read as sitemaps (a sitemap, a feed, a zip of them), not a list; false when it cannot be read again. */
async function isSitemapInput(source: InputSource, platform: Platform): Promise<boolean> {
  if (source.once) return false;
  try {
    return (await inspect(source, platform)).fromSitemap;
  } catch {
    return false; // the run says what is wrong with it, in its turn
  }
}

/** Each input in turn; of a workbook read by default, a note names its other sheets that hold URLs. */
async function readInputs(run: GenerateRun, sources: InputSource[], beforeInput: (i: number) => void): Promise<void> {
  const { opts, platform } = run;
  for (const [i, source] of sources.entries()) {
    beforeInput(i);
    const sheet = await readInput(run, source, i);
    // A sheet named is the person's choice; one read by default may not be the only list.
    if (sheet && sheet.sheets.length > 1 && opts.sheet === undefined && !opts.allFields) {
      const other = await otherSheetsWithUrls(source, sheet, platform, opts);
      if (other) run.notes.push(other);
    }
  }
}
