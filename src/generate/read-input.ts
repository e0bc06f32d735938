// One input through the core: its bytes decoded (gunzip, UTF-16, a sitemap turned into rows), the
// delimiter told from its first MiB, then fed to the core chunk by chunk.

import { peek, prepend } from '../input/byte-streams.ts';
import { decodeInput } from '../input/decode.ts';
import { decideLayout, type Layout } from '../input/layout.ts';
import { InputError } from '../input/input-error.ts';
import { Counter } from '../core/counter.ts';
import { inferBase } from './base-url.ts';
import { delimiterByte, splitterOn } from '../input/split-rows.ts';
import type { InputSource } from '../types.ts';
import { driveCore } from './drive-core.ts';
import { listOrOtherSheet, readListSheet, type SheetRead } from './sheet-choice.ts';
import { withNamedColumns } from '../input/named-columns.ts';
import { isMarkdownLinkList, markdownUrls } from '../input/markdown-links.ts';
import type { GenerateRun } from './run.ts';

/** How much of an input's start its delimiter is detected on: rows before it far longer than a line. */
export const SAMPLE_BYTES = 1 << 20;
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
export const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Reads the input; of a workbook, returns the sheet read and the workbook's worksheets. */
export async function readInput(run: GenerateRun, source: InputSource, index: number): Promise<SheetRead | null> {
  const readBefore = run.progress.bytesRead;
  const read = (sheet: string | undefined) => {
    run.progress.bytesRead = readBefore;
    return readSheet(run, source, index, sheet);
  };
  return readListSheet(source.name, run.opts.sheet, read, (n) => void run.notes.push(n));
}

/**
 * The layout with the roles the person gave (`columns` by name, `roles` by place) in `run.input`:
 * found by no name or content, the URL column may still be theirs to name, in a CSV or a sheet.
 */
function withPersonsRoles(run: GenerateRun, decided: Layout): Layout {
  const { opts } = run;
  let layout = decided;
  run.input.locNamed = opts.roles?.includes('loc') ?? false;
  run.input.roles = undefined;
  if (opts.columns?.length) {
    const matched = (i: number) => {
      run.columnsMatched.add(i);
      if (opts.columns![i].role === 'loc') run.input.locNamed = true;
    };
    const named = withNamedColumns(layout, opts.roles, opts.columns, matched);
    [layout, run.input.roles] = [named.layout, named.roles];
  }
  return layout.noUrlColumn && (run.input.roles ?? opts.roles)?.includes('loc') ? { ...layout, noUrlColumn: undefined } : layout;
}

/** The input, of a workbook the sheet given (else its first). */
async function readSheet(run: GenerateRun, source: InputSource, index: number, sheet: string | undefined): Promise<SheetRead | null> {
  const { core, x, opts, progress } = run;
  run.input = { source, index, converted: false };
  run.askAboutRows(index);
  const rowsBefore = x.counter(Counter.Rows);
  const readBefore = progress.bytesRead;
  let firstStream: AsyncIterable<Uint8Array> | undefined;
  const counted = async function* () {
    firstStream = source.chunks();
    for await (const chunk of firstStream) {
      run.throwIfAborted();
      progress.bytesRead += chunk.length;
      yield chunk;
    }
  };
  let started = false;
  let sized = false;
  const start = async (first: Uint8Array) => {
    // A duplicate of one of its rows in a later input names it.
    const [nameLen] = core.putScratch(source.name);
    x.setInputName(index, nameLen);
    // A sitemap's rows sit on their entries' lines; the empty lines between them are no rows.
    if (run.input.converted) x.beginInput(delimiterByte('\t'), index, 1, 1);
    else {
      const split = splitterOn(core, first.length < SAMPLE_BYTES);
      const text = decoder.decode(first.subarray(0, SAMPLE_BYTES));
      const layout = listOrOtherSheet(() => withPersonsRoles(run, decideLayout(text, source.name, split, run.input.workbook ? ',' : opts.delimiter)), sheetSeen);
      if (layout.noUrlColumn) throw new InputError(layout.noUrlColumn);
      run.input.layout = layout;
      if (!run.site) await inferBase(run, layout, text, first.length < SAMPLE_BYTES, split);
      x.beginInput(delimiterByte(layout.delimiter), index, 0, layout.firstLine);
    }
    core.resetInput();
    started = true;
  };
  const reread = () => rereadForSurvey(run, source, firstStream);
  const notes = (n: string) => void run.notes.push(n);
  // The delimiter is told from the first MiB, however small the chunks it comes in.
  const windows1252 = () => void (run.input.windows1252 = true);
  let sheetSeen = null as SheetRead | null;
  const workbook = { sheet, onWorkbook: () => void (run.input.workbook = true), onSheet: (name: string, sheets: string[]) => void (sheetSeen = { name, sheets }) };
  const decoded = decodeInput(source.name, counted(), run.platform, notes, (origin) => run.placeRows(origin), reread, windows1252, workbook);
  let { head, rest } = await peek(decoded, SAMPLE_BYTES);
  if (!run.input.workbook && isMarkdownLinkList(decoder.decode(head.subarray(0, 1 << 16)))) {
    ({ head, rest } = await peek(markdownUrls(prepend(head, rest)), SAMPLE_BYTES));
    run.notes.push(`${source.name} is a Markdown list of links: the URL of each link is read`);
  }
  for await (const chunk of prepend(head, rest)) {
    run.throwIfAborted();
    if (!started) await start(chunk);
    core.feed(chunk);
    if (!core.worthScanning()) continue;
    await driveCore(run, false);
    if (index === 0 && !sized) sized = expectUrls(run);
    progress.report(false);
  }
  if (!started) await start(new Uint8Array(0));
  core.feed(new Uint8Array(0));
  await driveCore(run, true);
  const read: SheetRead | null = sheetSeen;
  run.inputs.push({ name: source.name, bytes: progress.bytesRead - readBefore, rows: x.counter(Counter.Rows) - rowsBefore, ...(read ? { sheet: read.name } : {}) });
  return sheetSeen;
}

/**
 * The rows of the first chunk, scaled to every input's bytes, tell the core about how many URLs to
 * expect (the duplicate set then takes its size at once). Input of unknown size is not told.
 */
function expectUrls(run: GenerateRun): boolean {
  const { x, progress } = run;
  const rows = x.counter(Counter.Rows);
  if (progress.bytesTotal === undefined || progress.bytesRead === 0) return true;
  if (rows < MIN_SAMPLE_ROWS) return false;
  const expected = Math.ceil((rows / progress.bytesRead) * progress.bytesTotal);
  x.expectUrls(Math.min(expected, MAX_EXPECTED_URLS));
  return true;
}

/** Below this many rows a sample says too little, and growing as it goes costs nothing much. */
const MIN_SAMPLE_ROWS = 1000;
/** At most a set of 128 MB up front (a guess this high may be wrong); past it, the set grows as usual. */
const MAX_EXPECTED_URLS = 12_000_000;

/**
 * A sitemap input is read once ahead to learn its extension columns. A source that hands out its
 * one stream again cannot be read twice: its sitemap keeps the core columns.
 */
function rereadForSurvey(run: GenerateRun, source: InputSource, firstStream: AsyncIterable<Uint8Array> | undefined) {
  const again = source.once ? undefined : source.chunks();
  if (!again || again === firstStream) return null;
  const { progress } = run;
  return (async function* () {
    for await (const chunk of again) {
      run.throwIfAborted();
      progress.surveyed += chunk.length;
      progress.report(false);
      yield chunk;
    }
  })();
}
