// A crawl's Last Modified is the server's header, and some servers send their own clock for every
// page (SPEC 10, round two: lastmod-crawl-time). The row's crawl timestamp says when the crawler
// asked, on the crawler's clock, whose time zone the export does not name: it is learnt from the
// first rows, as the whole hours or quarters most lastmods lie from their crawl time. The core then
// drops each lastmod within 10 minutes of its row's crawl time on that clock.

import { normalizeName } from '../input/detect.ts';
import type { GenerateRun } from './run.ts';

const CRAWL_TIME_NAMES = new Set(['crawltimestamp', 'crawltime', 'crawldate', 'crawledat', 'crawled', 'lastcrawled', 'lastcrawl', 'crawlzeitstempel', 'horodatagedexploration']);
const QUARTER = 15 * 60_000;
const NEAR = 10 * 60_000;

/** Tells the core the crawl timestamp's column and its clock's offset, when most sampled lastmods are that crawl time. */
export function crawlTimeColumn(run: GenerateRun, cells: string[], lastmod: number, rows: string[][]): void {
  const crawl = cells.findIndex((c) => CRAWL_TIME_NAMES.has(normalizeName(c)));
  if (crawl < 0 || lastmod < 0) return;
  const offsets = new Map<number, number>();
  let pairs = 0;
  for (const row of rows) {
    const modified = epochOf(run, row[lastmod] ?? '');
    const crawled = epochOf(run, row[crawl] ?? '');
    if (modified === null || crawled === null) continue;
    pairs++;
    const quarters = Math.round((crawled - modified) / QUARTER);
    // Within 10 minutes of a whole quarter hour (and of no more than a day's difference in zones).
    if (Math.abs(crawled - modified - quarters * QUARTER) <= NEAR && Math.abs(quarters) <= 4 * 14) offsets.set(quarters, (offsets.get(quarters) ?? 0) + 1);
  }
  const [quarters, n] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  // Most rows, not a few that happened to change while the crawl ran.
  if (n >= 5 && n * 2 >= pairs) run.x.setCrawlTime(crawl, quarters * QUARTER);
}

/** A date with a time of day, in ms, as the core reads it; null for anything else. */
function epochOf({ core, x }: GenerateRun, text: string): number | null {
  const t = text.trim();
  if (t.length <= 10) return null;
  const [len] = core.putScratch(t);
  return x.parseDate(len) <= 1 ? x.dateEpoch() : null;
}
