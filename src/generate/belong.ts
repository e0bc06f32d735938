// Whether a row belongs in the sitemap (SPEC section 10), asked by the core once a row's URL is
// written: tracking parameters removed, then the export's columns, then robots.txt and the person's
// rules on the URL. A row left out is `excluded`, with one finding that says why.

import { Code } from '../core/code.ts';
import { BelongVerdict } from '../core/status.ts';
import { judgeColumns, type Exclusion } from '../rules/belonging-columns.ts';
import { stripTrackingParams } from '../rules/tracking-params.ts';
import { utilityPath } from '../rules/utility-paths.ts';
import { notPageByName } from '../rules/asset-names.ts';
import { titleSaysNotFound } from '../rules/soft-404.ts';
import type { GenerateRun } from './run.ts';
import { verdictOf } from './judged-source.ts';
import { CODE_NAMES } from '../core/codes.ts';

/** The core's `Status.Belong`: keep the row, keep it rewritten, or leave it out. */
export function judgeBelonging(run: GenerateRun): void {
  const { core, x, belonging: b } = run;
  // The core read the columns from the bytes: most rows of a crawl say they are pages, and those
  // come here only when something else asks (rules, a section column, parameters to strip).
  const columnsKeep = run.input.belongColumns ? x.belongColumnsSayPage() === 1 : false;
  if (columnsKeep && run.leftOut.size === 0 && nothingElseAsks(run)) return x.belongAnswer(BelongVerdict.Keep, 0);
  const written = core.text(x.belongUrlPtr(), x.belongUrlLen());
  const url = b.stripTracking && written.includes('?') ? stripTrackingParams(written, b.extraParams, !b.keep.has('loc-tracking-param')) : written;
  // The bytes were judged against the written URL: they hold for the row's URL when it is the same.
  const exclusion = rowExclusion(run, url, columnsKeep && url === written);
  if (exclusion) {
    run.finding(x.currentRowLine(), exclusion.column + 1, exclusion.code, `${url} (${exclusion.detail})`);
    if (!COLUMN_CODES.has(exclusion.code)) return x.belongAnswer(BelongVerdict.Excluded, 0);
    const [len] = core.putScratch(url);
    x.belongAnswer(BelongVerdict.ExcludedByColumns, len);
    return;
  }
  noteSection(run, url);
  if (url === written) return x.belongAnswer(BelongVerdict.Keep, 0);
  const [len] = core.putScratch(url);
  x.belongAnswer(BelongVerdict.Rewritten, len);
}

/** The codes of the columns' reasons (`judgeColumns`), as against the rules' on URLs. */
const COLUMN_CODES: ReadonlySet<Code> = new Set([Code.RowStatus, Code.RowNotPage, Code.RowNonIndexable, Code.RowNoindex, Code.RowCanonicalised, Code.RowUnpublished]);

/** Whether nothing but the columns looks at the row's URL: no rule on URLs, no section column, no query whose parameters may be stripped. */
function nothingElseAsks(run: GenerateRun): boolean {
  const { core, x, belonging: b } = run;
  // A drill-down's issue decides every row, whatever its columns say (verdicts before columns).
  if (b.urlJudges.length > 0 || run.sectioning?.column || run.sectioning?.inputSections || run.input.analytics || (run.input.titleColumn ?? -1) >= 0 || verdictOf(run.input.source)) return false;
  if (!b.stripTracking) return true;
  const bytes = core.bytes();
  for (let k = x.belongUrlPtr(), end = k + x.belongUrlLen(); k < end; k++) if (bytes[k] === 0x3f) return false;
  return true;
}

/** `columnsKeep`: the columns are known to keep the row. */
function rowExclusion(run: GenerateRun, url: string, columnsKeep: boolean): Exclusion | null {
  const { core, x, belonging: b } = run;
  const said = inputVerdict(run, url);
  if (said) return said;
  const columns = run.input.belongColumns;
  if (columns && !columnsKeep) {
    const cell = (i: number) => (i < x.rowFieldCount() ? core.text(x.rowFieldPtr(i), x.rowFieldLen(i)).trim() : '');
    const found = judgeColumns(columns, cell, url, b.keep, b.extraParams);
    // An earlier input wrote the URL (a crawl said 200) when the core has it and no input left it
    // out: this row's own verdict (a CMS's draft) cannot take it back out, and the row is a duplicate.
    if (found && run.sources.length > 1 && !run.leftOut.has(sameUrl(url)) && seenBefore(run, url)) return null;
    if (found) {
      keepLeftOut(run, url, found);
      return found;
    }
  }
  // No content type to say it: the URL's name says it is a file (the core asks about such rows).
  const named = !columns && !run.opts.allFields && !b.keep.has('row-not-page') ? notPageByName(url) : null;
  if (named) return { code: Code.RowNotPage, column: -1, detail: named };
  // One verdict a URL: what an earlier input's columns left out stays out, whichever input lists it again.
  const earlier = run.leftOut.size > 0 ? run.leftOut.get(sameUrl(url)) : undefined;
  if (earlier) return { code: earlier.code, column: -1, detail: `${earlier.detail}, as ${earlier.where} says` };
  for (const judge of b.urlJudges) {
    const found = judge(url);
    if (found) return found;
  }
  const title = run.input.titleColumn ?? -1;
  if (title >= 0 && title < x.rowFieldCount()) {
    const said = core.text(x.rowFieldPtr(title), x.rowFieldLen(title)).trim();
    if (titleSaysNotFound(said)) return { code: Code.RowSoft404, column: title, detail: `title ${said}` };
  }
  const utility = run.input.analytics ? utilityPath(url) : null;
  return utility ? { code: Code.RowUtilityPath, column: -1, detail: utility } : null;
}

/** What the input says of every row (a Search Console drill-down's issue), unless its rule is off. */
function inputVerdict(run: GenerateRun, url: string): Exclusion | null {
  const verdict = verdictOf(run.input.source);
  if (!verdict || run.belonging.keep.has(CODE_NAMES[verdict.code])) return null;
  const found = { code: verdict.code, column: -1, detail: verdict.detail };
  keepLeftOut(run, url, found);
  return found;
}

/** A URL this input leaves out, kept for the inputs after it (run.ts' leftOut). */
function keepLeftOut(run: GenerateRun, url: string, found: Exclusion): void {
  if (run.recordsLeftOut && !run.leftOut.has(sameUrl(url))) run.leftOut.set(sameUrl(url), { code: found.code, detail: found.detail, where: `${run.input.source.name} line ${run.x.currentRowLine()}` });
}

/**
 * The URL as exports that name the same page may spell it differently (RFC 3986, 6.2.2): escapes in
 * upper case, and those of unreserved characters decoded (`%7E` is `~`). A crawl's verdict on
 * `/caf%C3%A9` holds for Search Console's `/caf%c3%a9`.
 */
function sameUrl(url: string): string {
  if (!url.includes('%')) return url;
  return url.replace(/%[0-9a-f]{2}/gi, (e) => {
    const c = String.fromCharCode(parseInt(e.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : e.toUpperCase();
  });
}

/** Whether the core's set of URLs holds `url`: written, or left out by an earlier row's columns. */
function seenBefore({ core, x }: GenerateRun, url: string): boolean {
  const [len] = core.putScratch(url);
  return x.scratchUrlSeen(len) !== 0;
}

/** The row's cell in the section column, for the section of the URL it writes. */
function noteSection(run: GenerateRun, url: string): void {
  const { core, x } = run;
  const i = run.input.sectionColumn ?? -1;
  if (run.sectioning?.inputSections) return run.sectioning.noteInputRow(url, run.input.index);
  if (!run.sectioning?.column) return;
  run.sectioning.noteRow(url, i >= 0 && i < x.rowFieldCount() ? core.text(x.rowFieldPtr(i), x.rowFieldLen(i)).trim() : '');
}
