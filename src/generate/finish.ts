// After the last input: the list-wide findings, the last file, the sitemap index and robots.txt
// lines, then report.csv and manifest.json, and the summary the caller reads.

import { Code } from '../core/code.ts';
import { Counter } from '../core/counter.ts';
import type { Core } from '../core/core.ts';
import type { ZipWriter } from '../compress/zip.ts';
import { indexFileName } from '../output/index-names.ts';
import { manifestJson } from '../output/manifest.ts';
import { REPORT_LEVEL, reportBlocks } from '../output/report.ts';
import { changesCsv } from '../output/changes.ts';
import type { Summary } from '../types.ts';
import { emitFile } from './drive-core.ts';
import type { ResolvedOptions } from './options.ts';
import type { GenerateRun } from './run.ts';

const MAX_INDEX_ENTRIES = 50000;
const MAX_HOSTS_LISTED = 100;
const encoder = new TextEncoder();

/** The findings about the list as a whole, and the last file out. */
export async function finishList(run: GenerateRun): Promise<void> {
  const { x } = run;
  x.finishList();
  if (!run.opts.allFields) reportCrawlTimeLastmods(run);
  reportRejectedHosts(run);
  run.drainFindings();
  x.closeLastFile();
  if (x.outUrls() > 0) await emitFile(run);
  await run.output.flush();
}

/** Below this many lastmods, a list whose pages all changed within an hour is a small site, not a crawl. */
const CRAWL_TIME_MIN_LASTMODS = 20;

/**
 * list-lastmod-crawl-time: 90% or more of the written lastmods within one hour are likely the time a
 * crawler fetched the pages (an HTTP Last-Modified of dynamic pages), not when their content changed.
 */
function reportCrawlTimeLastmods(run: GenerateRun): void {
  const { core, x } = run;
  const n = x.lastmodMinutesCount();
  if (n < CRAWL_TIME_MIN_LASTMODS) return;
  const at = x.lastmodMinutesPtr();
  const all = new Int32Array(core.bytes().slice(at, at + n * 4).buffer);
  // A spread sample rules most lists out before the whole is sorted (100 ms a million): a list with
  // 90% in one hour cannot show under 60% there in an evenly spaced sample of 4,096.
  if (n > SAMPLE_LASTMODS) {
    const step = n / SAMPLE_LASTMODS;
    const sample = Int32Array.from({ length: SAMPLE_LASTMODS }, (_, i) => all[Math.floor(i * step)]).sort();
    if (densestHour(sample).count < 0.6 * SAMPLE_LASTMODS) return;
  }
  const { count, from } = densestHour(all.sort());
  if (count < 0.9 * n) return;
  const start = new Date(from * 60000).toISOString().slice(0, 16) + 'Z';
  run.finding(0, 0, Code.ListLastmodCrawlTime, `${count} of ${n} lastmods within the hour from ${start}`);
}

const SAMPLE_LASTMODS = 4096;

/** The most sorted minutes within 60 of each other, and the first of them. */
function densestHour(minutes: Int32Array): { count: number; from: number } {
  let count = 0;
  let from = 0;
  for (let i = 0, j = 0; j < minutes.length; j++) {
    while (minutes[j] - minutes[i] > 60) i++;
    if (j - i + 1 > count) [count, from] = [j - i + 1, minutes[i]];
  }
  return { count, from };
}

/** list-mixed-hosts: the hosts whose rows were refused, most rows first, the long tail in one line. */
function reportRejectedHosts(run: GenerateRun): void {
  const hosts = run.rejectedHosts.entries().sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [host, n] of hosts.slice(0, MAX_HOSTS_LISTED)) run.finding(0, 0, Code.ListMixedHosts, `${host}: ${n} ${n === 1 ? 'row' : 'rows'}`);
  if (hosts.length > MAX_HOSTS_LISTED) {
    const { uncounted } = run.rejectedHosts;
    const rest = hosts.slice(MAX_HOSTS_LISTED).reduce((n, h) => n + h[1], uncounted);
    run.finding(0, 0, Code.ListMixedHosts, `${uncounted ? 'over ' : ''}${hosts.length - MAX_HOSTS_LISTED} more hosts: ${rest} rows`);
  }
}

/**
 * When most rows were refused for one other host (a base URL given without its `www.`), the base
 * URL that host would make, for the message that no row was accepted.
 */
function otherSite(run: GenerateRun): string {
  const [host, n] = run.rejectedHosts.entries().sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (!run.site || n * 2 < run.x.counter(Counter.Rows)) return '';
  return `; ${n.toLocaleString('en-US')} of them are on ${host}, not on the base URL's ${run.site.host}: give ${run.site.protocol}//${host}/ as the base URL if that is the site`;
}

/** Why no row was accepted, by what became of the rows. */
function whyNone(rejected: number, excluded: number): string {
  if (!excluded) return 'every row has an error';
  if (!rejected) return 'every row was left out (redirects, errors, noindex, rules…)';
  return 'every row has an error or was left out';
}

/** The counts, and the index when any row was accepted (else the message that says why not). */
export function summarize(run: GenerateRun): Summary {
  const { x } = run;
  const accepted = x.counter(Counter.Accepted);
  let message: string | undefined;
  if (accepted === 0) {
    message = x.counter(Counter.Rows) === 0 ? 'the input has no rows' : `no row was accepted: ${whyNone(x.counter(Counter.Rejected), x.counter(Counter.Excluded))} (see report.csv)${otherSite(run)}`;
  } else {
    for (const f of run.output.files) f.lastmod = notAfter(f.lastmod, run.opts.nowMs);
    writeIndexes(run.core, run.zip, run.output.files, run.baseHref!, run.opts);
  }
  const codes = run.findings.counts();
  const utility = codes['row-utility-path'] ?? 0;
  // An analytics list's other paths that are no pages only the site's robots.txt knows.
  if (utility > 0 && run.opts.robotsTxt === undefined) {
    run.notes.push(`${utility} utility path${utility === 1 ? '' : 's'} of an analytics list left out (cart, checkout, account, search…); give the site's robots.txt (--robots) to leave out the other paths it disallows`);
  }
  return {
    rows: x.counter(Counter.Rows),
    skipped: x.counter(Counter.Skipped),
    accepted,
    rejected: x.counter(Counter.Rejected),
    excluded: x.counter(Counter.Excluded),
    fixed: x.counter(Counter.RowsFixed),
    warnings: x.counter(Counter.RowsWarned),
    codes,
    files: run.output.files,
    sections: run.sectioned?.sectionCounts(),
    changes: run.opts.previous ? run.sectioned?.changes : undefined,
    baseUrl: run.baseHref,
    message,
    notes: run.notes,
    unreadColumns: run.unreadColumns,
  };
}

/** report.csv (streamed a block at a time, or already written as the run went), and manifest.json; then the zip's directory. */
export async function writeReportAndManifest(run: GenerateRun, summary: Summary): Promise<void> {
  const { zip } = run;
  if (run.report) {
    const last = run.report.rows.end();
    run.hooks.onReportBytes?.(last);
    run.report.file.push(last, true);
    await run.report.file.place();
  } else {
    const pushReport = zip.deflate('report.csv', REPORT_LEVEL);
    for (const block of reportBlocks(run.findings)) {
      pushReport(block, false);
      await zip.drained();
    }
    pushReport(new Uint8Array(0), true);
  }
  if (summary.changes) zip.deflate('changes.csv')(encoder.encode(changesCsv(summary.changes)), true);
  const pushManifest = zip.deflate('manifest.json');
  pushManifest(encoder.encode(manifestJson(run.opts, run.baseHref, run.inputs, summary)), true);
  await zip.end();
}

/** A file's lastmod for the index, never later than `now` (a row may carry one up to a day ahead). */
function notAfter(lastmod: string, nowMs: number): string {
  if (!lastmod || !(Date.parse(lastmod) > nowMs)) return lastmod;
  return new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The sitemap index (split past 50,000 files) and the robots.txt lines. */
function writeIndexes(core: Core, zip: ZipWriter, files: { name: string; lastmod: string }[], baseHref: string, opts: ResolvedOptions): void {
  const x = core.x;
  const parts = Math.ceil(files.length / MAX_INDEX_ENTRIES);
  const names: string[] = [];
  for (let p = 0; p < parts; p++) {
    const name = parts === 1 && opts.indexName ? opts.indexName : indexFileName(opts.prefix, p, parts);
    x.indexBegin();
    for (const f of files.slice(p * MAX_INDEX_ENTRIES, (p + 1) * MAX_INDEX_ENTRIES)) {
      const [locLen, lastmodLen] = core.putScratch(baseHref + f.name, f.lastmod);
      x.indexEntry(locLen, lastmodLen);
    }
    x.indexEnd();
    zip.deflate(name)(core.copy(x.indexPtr(), x.indexLen()), true);
    names.push(name);
  }
  const robots = names.map((n) => `Sitemap: ${baseHref}${n}\n`).join('');
  zip.deflate('robots-sitemap.txt')(encoder.encode(robots), true);
}
