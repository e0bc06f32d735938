// The column preview: an input's delimiter, header and first rows, read from its first MiB only.

import { firstBytes, peek } from '../input/byte-streams.ts';
import { decodeInput } from '../input/decode.ts';
import { Core } from '../core/core.ts';
import { defaultRoles, isHeader, sitemapRowRoles } from '../input/detect.ts';
import { decideLayout, rowsHoldUrls } from '../input/layout.ts';
import { splitterOn, wholeRows } from '../input/split-rows.ts';
import type { InputSource, Inspection, Options, Platform } from '../types.ts';
import { decoder, SAMPLE_BYTES } from './read-input.ts';
import { listOrOtherSheet, readListSheet, type SheetRead } from './sheet-choice.ts';
import { zippedLists } from './zipped-lists.ts';
import { InputError } from '../input/input-error.ts';

/** How much of a sitemap the column preview reads for its extension columns. */
const PREVIEW_SURVEY_BYTES = 1 << 20;
/** Rows shown under the header in the column mapping. */
const PREVIEW_ROWS = 5;

/** The delimiter, header and first rows of an input, for the column mapping. */
export async function inspect(source: InputSource, platform: Platform, options: Partial<Options> = {}): Promise<Inspection> {
  // A zip of lists shows the first of them that holds URLs, as the run reads it (zip-inputs.ts).
  for (const list of (await zippedLists(source)) ?? []) {
    const own = await inspectOne(list, platform, { ...options, roles: undefined }).catch((e: unknown) => {
      if (e instanceof InputError) return null; // a list without URLs
      throw e;
    });
    if (own?.roles.includes('loc')) return options.roles ? inspectOne(list, platform, options) : own;
  }
  return inspectOne(source, platform, options);
}

/**
 * Whether the input holds a list as a run reads one: a URL column, and without a header, URLs or
 * paths in it (a report's line of labels over no rows holds none). The roles given are not its own.
 */
export async function holdsUrlList(source: InputSource, platform: Platform, options: Partial<Options>): Promise<boolean> {
  try {
    const seen = await inspect(source, platform, { ...options, roles: undefined });
    return seen.roles.includes('loc') && (seen.header !== null || rowsHoldUrls(seen.rows, seen.roles.indexOf('loc')));
  } catch (e) {
    if (e instanceof InputError) return false; // no list: a sheet of labels and figures, a list without URLs
    throw e;
  }
}

async function inspectOne(source: InputSource, platform: Platform, options: Partial<Options>): Promise<Inspection> {
  try {
    return await readListSheet(source.name, options.sheet, (sheet) => inspectSheet(source, platform, options, sheet), () => {});
  } catch (e) {
    // A workbook none of whose sheets has a URL column by name or content: its first sheet is shown,
    // so the person can name it (a shop's Handle), as in a CSV list. A sheet asked for is refused.
    if (!(e instanceof InputError) || options.sheet !== undefined) throw e;
    const shown = await inspectSheet(source, platform, options, undefined, true).catch(() => null);
    if (shown?.sheet === undefined || shown.noUrlColumn === undefined) throw e;
    return shown;
  }
}

async function inspectSheet(source: InputSource, platform: Platform, options: Partial<Options>, sheet: string | undefined, anySheet = false): Promise<Inspection> {
  let fromSitemap = false;
  let workbook = false;
  let sheetSeen = null as SheetRead | null;
  // A sitemap's extension columns as far as its first bytes show them: the columns of the first rows,
  // without reading a big file through.
  const reread = () => (source.once ? null : firstBytes(source.chunks(), PREVIEW_SURVEY_BYTES));
  const decoded = decodeInput(source.name, source.chunks(), platform, () => {}, () => (fromSitemap = true), reread, () => {}, {
    sheet,
    onWorkbook: () => (workbook = true),
    onSheet: (name, sheets) => (sheetSeen = { name, sheets }),
  });
  const { head, rest } = await peek(decoded, SAMPLE_BYTES);
  await rest[Symbol.asyncIterator]().return?.();
  const sample = decoder.decode(head.subarray(0, SAMPLE_BYTES));
  // The rows as the run's core splits them: the preview shows what the run will read.
  const split = splitterOn(new Core(await platform.wasm()), head.length < SAMPLE_BYTES);
  if (fromSitemap) {
    // A sitemap's rows come as TSV with a header of its own, whatever the options say (as in generate).
    const rows = wholeRows(split(sample, '\t', 6));
    const header = rows.length > 0 && isHeader(rows[0]) ? rows[0] : null;
    const data = header ? rows.slice(1) : rows;
    const roles = header ? sitemapRowRoles(header) : defaultRoles(Math.max(1, ...data.map((r) => r.length)));
    return { delimiter: '\t', header, rows: data, roles, fromSitemap };
  }
  // A workbook's sheet comes as CSV, whatever delimiter the options name.
  const decide = () => decideLayout(sample, source.name, split, workbook ? ',' : options.delimiter);
  const layout = anySheet ? decide() : listOrOtherSheet(decide, sheetSeen);
  const roles = options.roles ?? layout.roles;
  const shown: Inspection = { delimiter: layout.delimiter, header: layout.header, rows: layout.rows.slice(0, PREVIEW_ROWS), roles, fromSitemap };
  if (sheetSeen) {
    shown.sheet = sheetSeen.name;
    shown.sheets = sheetSeen.sheets;
  }
  if (layout.noUrlColumn && !roles.includes('loc')) shown.noUrlColumn = layout.noUrlColumn;
  return shown;
}
