/**
 * Benchmark: Sitemill's CLI against sitemap.js and against the gzip floor, one run, side by side.
 *
 *   npm run bench                 1M rows (+ the 100k documented-pipe comparison)
 *   npm run bench -- --5m         also 5M rows (or BENCH_5M=1); generating the 5M list takes a while
 *   npm run bench -- --10m        also 10M rows in the CLI (time against the 1M list's, peak memory) and in the page (or BENCH_10M=1); generating that list takes a while
 *   npm run bench -- --no-page    leaves out the page in headless Chromium (or BENCH_PAGE=0)
 *   npm run bench -- --no-crawler leaves out the 1M-row crawler export and its plain list (or BENCH_CRAWLER=0)
 *   npm run bench -- --no-stable  leaves out the stable updates (--previous) on 1M rows with 1% edited, two ways (or BENCH_STABLE=0)
 *   npm run bench -- --no-findings leaves out the 1M list written other ways: a finding on every row, root-relative paths, hosts in mixed case (or BENCH_FINDINGS=0)
 *   BENCH_CLI=path/to/cli.js      measure another Sitemill build (default lib/cli.js)
 *
 * Runs are sequential (the machine may have only 2 cores). The floor and sitemap.js also run in
 * turn with Sitemill, one of each a round, and each pair's ratio is printed with their median.
 * Prints a markdown table and writes bench/results.json. The page section (bench/page-section.ts)
 * times the built page in headless Chromium against the CLI on 300k and 1M rows; it lands under
 * "page" in results.json.
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChild } from './child-build.ts';
import { DATASETS, ensureDataset, type DatasetName } from './dataset.ts';
import { ensureCrawlerDataset } from './crawler-dataset.ts';
import { ensureExtensionsDataset } from './extensions-dataset.ts';
import { ensureRecentEditsDataset, ensureStableDataset } from './stable-dataset.ts';
import { ensureLocVariant } from './loc-variants.ts';
import { pageSection } from './page-section.ts';
import { measure, type PeakResult } from './peak.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '..');
const CLI = resolve(ROOT, process.env.BENCH_CLI ?? join('lib', 'cli.js'));
const BASE_URL = 'https://www.example.com/';
const NOW = '2026-01-01T00:00:00Z';
const URLS_PER_FILE = 50_000;
const FLOOR_TOOL = 'gzip floor (node:zlib level 6, 1 core)';
const CRAWL_PLAIN_TOOL = 'Sitemill (zip), plain list of a crawl\'s URLs';
const CRAWL_EXPORT_TOOL = 'Sitemill (zip), the crawl\'s Screaming Frog export (33 columns)';
const STABLE_PLAIN_TOOL = 'Sitemill (zip), 1M rows with 1% edited, spread over every file';
const STABLE_TOOL = 'Sitemill (zip), the same with --previous (the unedited list\'s zip)';
const RECENT_PLAIN_TOOL = 'Sitemill (zip), 1M rows with 1% edited among the newest';
const RECENT_TOOL = 'Sitemill (zip), the same with --previous (older files copied)';

interface Run {
  id: string;
  tool: string;
  rows: number;
  ms: number | null;
  peakRssBytes: number | null;
  /** The Sitemill (zip) run on the same rows that this run's time is compared with. */
  baselineId?: string;
  ok: boolean;
  note?: string;
  detail?: unknown;
}

const argv = process.argv.slice(2);
const with5m = process.env.BENCH_5M === '1' || argv.includes('--5m');
const withPage = process.env.BENCH_PAGE !== '0' && !argv.includes('--no-page');
const withCrawler = process.env.BENCH_CRAWLER !== '0' && !argv.includes('--no-crawler');
const withStable = process.env.BENCH_STABLE !== '0' && !argv.includes('--no-stable');
const withFindings = process.env.BENCH_FINDINGS !== '0' && !argv.includes('--no-findings');
const with10m = process.env.BENCH_10M === '1' || argv.includes('--10m');
// Each command line runs this many times and the fastest counts: one run on a shared machine says
// more about the neighbours than about the tool. The README pipe of sitemap.js (tens of seconds) runs once.
const roundsAt = argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Math.max(1, Number(argv[roundsAt + 1]) || 1) : 3;
// Runs of well under a second are swayed most by the neighbours, and cost little: they get more.
const SHORT_ROUNDS = 3 * ROUNDS;
// The crawler export takes several times the plain list and reads 570 MB: one round fewer keeps
// the whole bench from growing by minutes.
const CRAWLER_ROUNDS = Math.max(1, ROUNDS - 1);

const tmp = mkdtempSync(join(os.tmpdir(), 'sitemill-bench-'));
const cleanup = (): void => rmSync(tmp, { recursive: true, force: true });
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

function rowsLabel(n: number): string {
  return n.toLocaleString('en-US');
}

function log(msg: string): void {
  process.stderr.write(msg + '\n');
}

function failure(r: PeakResult): string {
  const lastLine = r.stderr.trim().split('\n').pop() ?? '';
  return `exit ${r.code ?? r.signal}${lastLine ? `: ${lastLine}` : ''}`;
}

function parseJson(text: string): any {
  const line = text.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return JSON.parse(text);
  }
}

async function timed(id: string, tool: string, rows: number, command: string, args: string[], rounds = ROUNDS): Promise<[Run, PeakResult | null]> {
  process.stderr.write(`${tool}, ${rowsLabel(rows)} rows… `);
  let best: PeakResult | null = null;
  for (let i = 0; i < rounds; i++) {
    const r = await measure(command, args, { cwd: ROOT });
    if (r.code !== 0) {
      log(`failed (${failure(r)})`);
      return [{ id, tool, rows, ms: null, peakRssBytes: null, ok: false, note: failure(r) }, r];
    }
    process.stderr.write(`${(r.ms / 1000).toFixed(2)} s, ${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB${i + 1 < rounds ? '; ' : '\n'}`);
    if (!best || r.ms < best.ms) best = r;
  }
  return [{ id, tool, rows, ms: best!.ms, peakRssBytes: best!.peakRssBytes, ok: true }, best];
}

function skipped(id: string, tool: string, rows: number, note: string): Run {
  log(`${tool}, ${rowsLabel(rows)} rows: skipped (${note})`);
  return { id, tool, rows, ms: null, peakRssBytes: null, ok: false, note };
}

/** Sitemill to a zip (the default gzip, level 6). */
async function sitemillZip(id: string, csv: string, rows: number, rounds = rows <= 100_000 ? SHORT_ROUNDS : ROUNDS): Promise<Run> {
  const tool = 'Sitemill (zip)';
  if (!existsSync(CLI)) return skipped(id, tool, rows, `${CLI} not found`);
  const out = join(tmp, `${id}.zip`);
  const [run, r] = await timed(id, tool, rows, process.execPath, sitemillZipArgs(csv, out), rounds);
  rmSync(out, { force: true });
  if (run.ok && r) checkSitemillSummary(run, r, rows);
  return run;
}

function sitemillZipArgs(csv: string, out: string): string[] {
  return [CLI, 'generate', csv, '--base-url', BASE_URL, '-o', out, '--now', NOW, '--json', '--quiet'];
}

/**
 * Sitemill to a zip on two lists, one run of each in turn, fastest of each: their ratio then does
 * not depend on what the machine was doing when each list had its turn (run one after the other, the
 * ratio moved by a quarter between two benches of the same code).
 */
async function sitemillZipPair(
  lists: { id: string; csv: string; tool: string; accepted?: number; args?: string[] }[],
  rows: number,
  rounds = SHORT_ROUNDS,
): Promise<Run[]> {
  const best: (PeakResult | null)[] = lists.map(() => null);
  const times: string[][] = lists.map(() => []);
  if (!existsSync(CLI)) return lists.map((l) => skipped(l.id, l.tool, rows, `${CLI} not found`));
  process.stderr.write(`${lists.map((l) => l.tool).join(' / ')}, ${rowsLabel(rows)} rows, in turn… `);
  for (let i = 0; i < rounds; i++) {
    for (const [k, l] of lists.entries()) {
      const out = join(tmp, `${l.id}.zip`);
      const r = await measure(process.execPath, [...sitemillZipArgs(l.csv, out), ...(l.args ?? [])], { cwd: ROOT });
      rmSync(out, { force: true });
      if (r.code !== 0) {
        log(`failed (${failure(r)})`);
        return lists.map((x) => ({ id: x.id, tool: x.tool, rows, ms: null, peakRssBytes: null, ok: false, note: failure(r) }));
      }
      times[k].push((r.ms / 1000).toFixed(2));
      if (!best[k] || r.ms < best[k]!.ms) best[k] = r;
    }
  }
  log(times.map((t) => t.join(' ')).join(' / ') + ' s');
  return lists.map((l, k) => {
    const run: Run = { id: l.id, tool: l.tool, rows, ms: best[k]!.ms, peakRssBytes: best[k]!.peakRssBytes, ok: true };
    checkSitemillSummary(run, best[k]!, rows, l.accepted);
    return run;
  });
}

/** Sitemill without gzip, into a directory, to give the floor the exact bytes Sitemill gzips. */
async function sitemillXml(id: string, csv: string, rows: number, dir: string): Promise<Run> {
  const tool = 'Sitemill (--no-gzip, dir)';
  if (!existsSync(CLI)) return skipped(id, tool, rows, `${CLI} not found`);
  const [run, r] = await timed(id, tool, rows, process.execPath, [
    CLI, 'generate', csv, '--base-url', BASE_URL, '--no-gzip', '--out-dir', dir, '--now', NOW, '--json', '--quiet',
  ]);
  if (run.ok && r) checkSitemillSummary(run, r, rows);
  return run;
}

/** `accepted`: how many rows must be written (all of them unless the list has rows that do not belong). */
function checkSitemillSummary(run: Run, r: PeakResult, rows: number, accepted = rows): void {
  try {
    const s = parseJson(r.stdout);
    run.detail = { accepted: s.accepted, rejected: s.rejected, files: s.files?.length, ...(accepted !== rows ? { codes: s.codes } : {}) };
    if (s.rows !== rows || s.accepted !== accepted) run.note = `summary says rows ${s.rows}, accepted ${s.accepted}; expected ${rows}, ${accepted}`;
  } catch {
    run.note = 'no JSON summary on stdout';
  }
}

interface FloorRound {
  ms: number;
  files: number;
  bytesIn: number;
  bytesOut: number;
}

/** One run of the floor: its compression time and sizes, or why it failed. */
async function floorRound(dir: string, script: string): Promise<FloorRound | { failed: string }> {
  const r = await measure(process.execPath, [script, dir], { cwd: ROOT });
  return r.code === 0 ? (parseJson(r.stdout) as FloorRound) : { failed: failure(r) };
}

async function floor(id: string, dir: string, rows: number, script: string): Promise<Run> {
  const tool = FLOOR_TOOL;
  process.stderr.write(`${tool}… `);
  let f: FloorRound | null = null;
  for (let i = 0; i < ROUNDS; i++) {
    const round = await floorRound(dir, script);
    if ('failed' in round) {
      log(`failed (${round.failed})`);
      return { id, tool, rows, ms: null, peakRssBytes: null, ok: false, note: round.failed };
    }
    process.stderr.write(`${(round.ms / 1000).toFixed(2)} s${i + 1 < ROUNDS ? '; ' : ''}`);
    if (!f || round.ms < f.ms) f = round;
  }
  log(` (compressing ${(f!.bytesIn / 2 ** 20).toFixed(0)} MiB in ${f!.files} files)`);
  // Compression time only: the floor has no meaningful process RSS to compare.
  return { id, tool, rows, ms: f!.ms, peakRssBytes: null, ok: true, detail: f! };
}

/**
 * Sitemill's zip run and another measure of the same 1M rows, one of each in turn, and the ratio of
 * each pair (theirs / Sitemill's): on a machine whose speed moves within a run, the fastest of each
 * taken minutes apart can pair a fast minute with a slow one (in one bench the floor's three
 * timings spread from 2.47 to 4.03 s). `theirs` gives its time in ms, or null when it failed.
 */
async function inTurnWithSitemill(label: string, csv: string, theirs: () => Promise<number | null>): Promise<number[] | null> {
  if (!existsSync(CLI)) return null;
  process.stderr.write(`Sitemill (zip) / ${label}, 1M rows, one of each in turn… `);
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const out = join(tmp, 'in-turn.zip');
    const mine = await measure(process.execPath, sitemillZipArgs(csv, out), { cwd: ROOT });
    rmSync(out, { force: true });
    const theirMs = mine.code === 0 ? await theirs() : null;
    if (mine.code !== 0 || theirMs === null) {
      log(`failed (${mine.code !== 0 ? failure(mine) : label})`);
      return null;
    }
    ratios.push(theirMs / mine.ms);
    process.stderr.write(`${(mine.ms / 1000).toFixed(2)} / ${(theirMs / 1000).toFixed(2)} s${i + 1 < ROUNDS ? '; ' : '\n'}`);
  }
  return ratios;
}

/** One floor run's compression time. */
async function floorMs(dir: string, script: string): Promise<number | null> {
  const round = await floorRound(dir, script);
  return 'failed' in round ? null : round.ms;
}

/** One run of sitemap.js its fair way, whole process. */
async function sitemapJsMs(csv: string, script: string): Promise<number | null> {
  const out = join(tmp, 'in-turn-sitemapjs');
  const r = await measure(process.execPath, [script, 'fair', csv, out], { cwd: ROOT });
  rmSync(out, { recursive: true, force: true });
  return r.code === 0 ? r.ms : null;
}

/** A line of in-turn ratios and their median, or none when they were not measured. */
function inTurnLine(label: string, ratios: number[] | null): string[] {
  return ratios ? [`${label} (1M rows), each pair: ${ratios.map(fmtRatio).join(', ')}; median ${fmtRatio(median(ratios))}`] : [];
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function sitemapJs(id: string, mode: 'fair' | 'documented', csv: string, rows: number, script: string): Promise<Run> {
  const tool = mode === 'fair' ? 'sitemap.js 9, 64 KiB writes to zlib' : 'sitemap.js 9, README pipe';
  const out = join(tmp, id);
  const [run, r] = await timed(id, tool, rows, process.execPath, [script, mode, csv, out], mode === 'fair' ? ROUNDS : 1);
  if (run.ok && r) {
    const s = parseJson(r.stdout) as { ms: number; files: number; bytes: number };
    run.detail = s;
    const expected = Math.ceil(rows / URLS_PER_FILE) + 1;
    if (s.files !== expected) run.note = `wrote ${s.files} files, expected ${expected}`;
  }
  rmSync(out, { recursive: true, force: true });
  return run;
}

function warmPageCache(path: string): void {
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    while (readSync(fd, buf, 0, buf.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

function fmtSeconds(ms: number | null): string {
  return ms === null ? '—' : (ms / 1000).toFixed(2);
}

function fmtRate(run: Run): string {
  return run.ms === null ? '—' : Math.round(run.rows / (run.ms / 1000)).toLocaleString('en-US');
}

function fmtMiB(bytes: number | null): string {
  return bytes === null ? '—' : (bytes / 2 ** 20).toFixed(0);
}

function fmtMB(bytes: number | null): string {
  return bytes === null ? '—' : (bytes / 1e6).toFixed(0);
}

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a == null || b == null || b === 0 ? null : a / b;
}

function fmtRatio(x: number | null): string {
  return x === null ? '—' : `${x.toFixed(x < 10 ? 2 : 1)}×`;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0];
  if (loadAtStart > 0.5) log(`warning: load average ${loadAtStart.toFixed(2)}; other work on this machine will skew the figures`);
  const names: DatasetName[] = with5m ? ['100k', '1m', '5m'] : ['100k', '1m'];
  if (withPage) names.push('300k');
  if (with10m) names.push('10m');
  const csv = Object.fromEntries(names.map((n) => [n, ensureDataset(n)])) as Record<DatasetName, string>;
  // Every tool then reads its input from the page cache, not only the ones that run later.
  for (const n of names) warmPageCache(csv[n]);
  const sitemapJsScript = buildChild('sitemapjs.ts');
  const floorScript = buildChild('floor.ts');
  if (!existsSync(CLI)) log(`warning: ${CLI} is missing (npm run build); Sitemill rows and the floor are skipped`);

  const M1 = DATASETS['1m'];
  const K100 = DATASETS['100k'];
  const runs: Run[] = [];
  const xmlDir = join(tmp, 'xml');
  mkdirSync(xmlDir, { recursive: true });

  // Same rows, same baseline: every time is compared with Sitemill's zip run on that dataset.
  const add = (run: Run, baselineId: string): void => {
    runs.push({ ...run, baselineId });
  };
  add(await sitemillZip('sitemill-1m', csv['1m'], M1), 'sitemill-1m');
  const xml = await sitemillXml('sitemill-xml-1m', csv['1m'], M1, xmlDir);
  add(xml, 'sitemill-1m');
  add(xml.ok ? await floor('floor-1m', xmlDir, M1, floorScript) : skipped('floor-1m', FLOOR_TOOL, M1, 'needs Sitemill XML'), 'sitemill-1m');
  const floorInTurn = xml.ok ? await inTurnWithSitemill(FLOOR_TOOL, csv['1m'], () => floorMs(xmlDir, floorScript)) : null;
  rmSync(xmlDir, { recursive: true, force: true });
  add(await sitemapJs('sitemapjs-fair-1m', 'fair', csv['1m'], M1, sitemapJsScript), 'sitemill-1m');
  const sitemapJsInTurn = await inTurnWithSitemill('sitemap.js 9, 64 KiB writes to zlib', csv['1m'], () => sitemapJsMs(csv['1m'], sitemapJsScript));
  // The plain 100k rows, and the same rows with two images and three alternates each (the
  // extensions' cost), measured in turn.
  const extCsv = ensureExtensionsDataset(csv['100k']);
  warmPageCache(extCsv);
  const [plain, ext] = await sitemillZipPair(
    [
      { id: 'sitemill-100k', csv: csv['100k'], tool: 'Sitemill (zip)' },
      { id: 'sitemill-ext-100k', csv: extCsv, tool: 'Sitemill (zip), + 2 images, 3 alternates a row' },
    ],
    K100,
  );
  add(plain, 'sitemill-100k');
  add(await sitemapJs('sitemapjs-documented-100k', 'documented', csv['100k'], K100, sitemapJsScript), 'sitemill-100k');
  add(ext, 'sitemill-100k');
  // Their output is about four times the plain list's: gzip of those bytes alone, on one core, is
  // what no tool writing them can undercut on a machine with few cores.
  const extXmlDir = join(tmp, 'xml-ext');
  mkdirSync(extXmlDir, { recursive: true });
  const extXml = await sitemillXml('sitemill-xml-ext-100k', extCsv, K100, extXmlDir);
  add({ ...extXml, tool: 'Sitemill (--no-gzip, dir), + 2 images, 3 alternates a row' }, 'sitemill-100k');
  const extFloor = extXml.ok ? await floor('floor-ext-100k', extXmlDir, K100, floorScript) : skipped('floor-ext-100k', FLOOR_TOOL, K100, 'needs Sitemill XML');
  add({ ...extFloor, tool: `${FLOOR_TOOL}, of that output` }, 'sitemill-100k');
  rmSync(extXmlDir, { recursive: true, force: true });
  // A crawler export (Screaming Frog "Internal - All", 33 columns, 570 MB) against the plain list of
  // its 1M Address values (70 MB), in turn: what reading and judging the extra columns costs. The
  // export writes only the 70% of rows that belong; the plain list writes them all.
  if (withCrawler) {
    const crawl = ensureCrawlerDataset();
    warmPageCache(crawl.plain);
    warmPageCache(crawl.export);
    const [urls, exported] = await sitemillZipPair(
      [
        { id: 'sitemill-crawl-urls-1m', csv: crawl.plain, tool: CRAWL_PLAIN_TOOL },
        { id: 'sitemill-crawl-export-1m', csv: crawl.export, tool: CRAWL_EXPORT_TOOL, accepted: crawl.belongs },
      ],
      crawl.rows,
      CRAWLER_ROUNDS,
    );
    add(urls, 'sitemill-crawl-urls-1m');
    add(exported, 'sitemill-crawl-urls-1m');
  }
  if (withStable) {
    // The unedited list's zip is what was published; each edited list runs without it and with it, in turn.
    const previous = join(tmp, 'published.zip');
    const made = spawnSync(process.execPath, sitemillZipArgs(csv['1m'], previous), { cwd: ROOT });
    const updates = [
      { edited: ensureStableDataset(csv['1m']), ids: ['sitemill-edited-1m', 'sitemill-previous-1m'], tools: [STABLE_PLAIN_TOOL, STABLE_TOOL] },
      { edited: ensureRecentEditsDataset(csv['1m']), ids: ['sitemill-recent-edits-1m', 'sitemill-previous-recent-1m'], tools: [RECENT_PLAIN_TOOL, RECENT_TOOL] },
    ];
    for (const { edited, ids, tools } of updates) {
      warmPageCache(edited.path);
      const pair = made.status === 0
        ? await sitemillZipPair(
            [
              { id: ids[0], csv: edited.path, tool: tools[0] },
              { id: ids[1], csv: edited.path, tool: tools[1], args: ['--previous', previous] },
            ],
            edited.rows,
            ROUNDS,
          )
        : tools.map((tool, i) => skipped(ids[i], tool, edited.rows, 'the published zip could not be made'));
      add(pair[0], ids[0]);
      add(pair[1], ids[0]);
    }
    rmSync(previous, { force: true });
  }
  // The 1M list again written other ways, each in turn with the list itself: with a #fragment on
  // every loc (every row is written and carries a finding, so the difference is what a million
  // findings cost), as root-relative paths, and with hosts in mixed case.
  if (withFindings) {
    const variants = {
      fragments: await ensureLocVariant(csv['1m'], 'fragments'),
      relative: await ensureLocVariant(csv['1m'], 'relative'),
      mixed: await ensureLocVariant(csv['1m'], 'mixed-case-hosts'),
    };
    for (const path of Object.values(variants)) warmPageCache(path);
    const runs = await sitemillZipPair(
      [
        { id: 'sitemill-clean-1m', csv: csv['1m'], tool: 'Sitemill (zip), the 1M list' },
        { id: 'sitemill-findings-1m', csv: variants.fragments, tool: 'Sitemill (zip), the 1M list with a finding on every row' },
        { id: 'sitemill-relative-1m', csv: variants.relative, tool: 'Sitemill (zip), the 1M list as root-relative paths' },
        { id: 'sitemill-mixed-case-1m', csv: variants.mixed, tool: 'Sitemill (zip), the 1M list with hosts in mixed case' },
      ],
      M1,
      ROUNDS,
    );
    for (const run of runs) add(run, 'sitemill-clean-1m');
  }
  if (with5m) {
    const M5 = DATASETS['5m'];
    add(await sitemillZip('sitemill-5m', csv['5m'], M5), 'sitemill-5m');
    add(await sitemapJs('sitemapjs-fair-5m', 'fair', csv['5m'], M5, sitemapJsScript), 'sitemill-5m');
  }
  // 10M rows once (about ten times the 1M list's time): its time against the 1M list's says whether
  // time grows linearly with rows, its peak whether memory stays flat.
  if (with10m) add(await sitemillZip('sitemill-10m', csv['10m'], DATASETS['10m'], 1), 'sitemill-1m');

  const page = withPage
    ? await pageSection(
        (['300k', '1m'] as const).map((n) => ({ name: n, csv: csv[n], rows: DATASETS[n] })),
        with10m ? { name: '10m', csv: csv['10m'], rows: DATASETS['10m'] } : null,
        CLI,
        tmp,
        (m) => process.stderr.write(m.endsWith(' ') ? m : m + '\n'),
      )
    : null;

  // How fast `sitemill check` reads the 1M-row output (bench/check.ts prints one line a round).
  log('sitemill check on the 1M-row output…');
  const checkRun = spawnSync(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'check.ts')], { cwd: ROOT, encoding: 'utf8' });
  const checkLines = checkRun.status === 0 ? checkRun.stdout.trim().split('\n') : [`not run: ${checkRun.stderr.trim().split('\n')[0]}`];

  const byId = new Map(runs.map((r) => [r.id, r]));
  const sitemill1m = byId.get('sitemill-1m')!;
  const floor1m = byId.get('floor-1m')!;
  const sitemillOverFloor = ratio(sitemill1m.ms, floor1m.ms);
  const plain100k = byId.get('sitemill-100k')!;
  const extOverPlain = ratio(byId.get('sitemill-ext-100k')!.ms, plain100k.ms);
  const extFloorOverPlain = ratio(byId.get('floor-ext-100k')!.ms, plain100k.ms);
  const crawlUrls = byId.get('sitemill-crawl-urls-1m');
  const crawlExport = byId.get('sitemill-crawl-export-1m');
  const crawlerOverPlain = ratio(crawlExport?.ms, crawlUrls?.ms);
  const stablePlain = byId.get('sitemill-edited-1m');
  const stableRun = byId.get('sitemill-previous-1m');
  const previousOverPlain = ratio(stableRun?.ms, stablePlain?.ms);
  const recentPlain = byId.get('sitemill-recent-edits-1m');
  const recentRun = byId.get('sitemill-previous-recent-1m');
  const recentPreviousOverPlain = ratio(recentRun?.ms, recentPlain?.ms);
  const clean1m = byId.get('sitemill-clean-1m');
  const findings1m = byId.get('sitemill-findings-1m');
  const findingsOverClean = { ms: ratio(findings1m?.ms, clean1m?.ms), peakRss: ratio(findings1m?.peakRssBytes, clean1m?.peakRssBytes) };
  const relative1m = byId.get('sitemill-relative-1m');
  const relativeOverClean = { ms: ratio(relative1m?.ms, clean1m?.ms), peakRss: ratio(relative1m?.peakRssBytes, clean1m?.peakRssBytes) };
  const mixed1m = byId.get('sitemill-mixed-case-1m');
  const mixedOverClean = { ms: ratio(mixed1m?.ms, clean1m?.ms), peakRss: ratio(mixed1m?.peakRssBytes, clean1m?.peakRssBytes) };
  const sitemill10m = byId.get('sitemill-10m');
  const tenOverOne = ratio(sitemill10m?.ms, sitemill1m.ms);

  const rows = runs.map((r) => {
    const base = r.baselineId ? byId.get(r.baselineId) : undefined;
    return { ...r, urlsPerSec: r.ms === null ? null : r.rows / (r.ms / 1000), vsSitemill: base ? ratio(r.ms, base.ms) : null };
  });

  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    // 1-minute load averages: anything well above 0 means the runs shared the CPU with other work.
    loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
  };
  const date = new Date().toISOString();

  const lines = [
    `| tool | rows | wall s | URLs/s | peak RSS MiB | time vs Sitemill |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map((r) =>
      `| ${r.tool}${r.ok ? '' : ' (not run)'} | ${rowsLabel(r.rows)} | ${fmtSeconds(r.ms)} | ${fmtRate(r)} | ${fmtMiB(r.peakRssBytes)} | ${fmtRatio(r.vsSitemill)} |`,
    ),
    '',
    `Sitemill time / gzip floor time (1M rows): ${fmtRatio(sitemillOverFloor)}`,
    ...inTurnLine('Sitemill time / gzip floor time, one of each in turn', floorInTurn?.map((r) => 1 / r) ?? null),
    ...inTurnLine('sitemap.js time / Sitemill time, one of each in turn', sitemapJsInTurn),
    `Extensions (100k rows, + 2 images, 3 alternates a row) / the plain list: ${fmtRatio(extOverPlain)}; the gzip floor of their output alone / the plain list: ${fmtRatio(extFloorOverPlain)}`,
    ...(crawlExport
      ? [
          `Crawler export (1M rows, 570 MB) / the plain list of its URLs (70 MB): ${fmtRatio(crawlerOverPlain)} (target 1.3×); peak RSS ${fmtMiB(crawlExport.peakRssBytes)} / ${fmtMiB(crawlUrls?.peakRssBytes ?? null)} MiB`,
        ]
      : []),
    ...(stableRun
      ? [
          `Stable update (1M rows, 1% edited, spread over every file) with --previous / without: ${fmtRatio(previousOverPlain)} (target 1.3×); peak RSS ${fmtMiB(stableRun.peakRssBytes)} / ${fmtMiB(stablePlain?.peakRssBytes ?? null)} MiB`,
        ]
      : []),
    ...(recentRun
      ? [
          `Stable update (1M rows, 1% edited among the newest) with --previous / without: ${fmtRatio(recentPreviousOverPlain)} (target 1.3×); peak RSS ${fmtMiB(recentRun.peakRssBytes)} / ${fmtMiB(recentPlain?.peakRssBytes ?? null)} MiB`,
        ]
      : []),
    ...(findings1m
      ? [
          `1M rows each with a finding: peak RSS ${fmtMiB(findings1m.peakRssBytes)} MiB (${fmtMB(findings1m.peakRssBytes)} MB, target 300 MB), ${fmtRatio(findingsOverClean.peakRss)} the clean list's ${fmtMiB(clean1m?.peakRssBytes ?? null)} MiB (target 2×); time ${fmtRatio(findingsOverClean.ms)}`,
        ]
      : []),
    ...(relative1m
      ? [`1M root-relative paths / the same URLs written absolute: time ${fmtRatio(relativeOverClean.ms)} (target 1.5×), peak RSS ${fmtRatio(relativeOverClean.peakRss)} (target 1.3×)`]
      : []),
    ...(mixed1m ? [`1M locs with hosts in mixed case / the same URLs as written canonically: time ${fmtRatio(mixedOverClean.ms)}, peak RSS ${fmtRatio(mixedOverClean.peakRss)}`] : []),
    ...(sitemill10m
      ? [`10M rows / 1M rows: time ${fmtRatio(tenOverOne)} (linear: 10×); peak RSS ${fmtMiB(sitemill10m.peakRssBytes)} MiB (${fmtMB(sitemill10m.peakRssBytes)} MB, target 700 MB), at 1M ${fmtMiB(sitemill1m.peakRssBytes)} MiB`]
      : []),
    '',
    `_${machine.cpu}, ${machine.cores} cores, ${(machine.totalMemoryBytes / 2 ** 30).toFixed(0)} GiB, Node ${machine.node}, ${date.slice(0, 10)}._`,
    `_Wall time and peak RSS of the whole process, fastest of ${ROUNDS} ${ROUNDS === 1 ? 'run' : 'runs'} (Sitemill to a zip on 100k rows: of ${SHORT_ROUNDS}, the plain list and the one with extensions in turn; the crawler export and its plain list: of ${CRAWLER_ROUNDS}, in turn; the 1M list and its other writings: of ${ROUNDS}, in turn; the README pipe: one); the floor is compression time only. "time vs Sitemill" = tool time / Sitemill time on the same rows (for the crawler export: on the plain list of its URLs)._`,
    ...(page?.lines ?? []),
    '',
    '### sitemill check on the 1M-row output (MB of XML a second, target 50)',
    '',
    ...checkLines.map((l) => `    ${l}`),
  ];
  const notes = [...rows.filter((r) => r.note).map((r) => `- ${r.tool}, ${rowsLabel(r.rows)} rows: ${r.note}`), ...(page?.notes ?? [])];

  writeFileSync(
    join(BENCH_DIR, 'results.json'),
    JSON.stringify(
      {
        date,
        machine,
        options: { baseUrl: BASE_URL, now: NOW, gzipLevel: 6, urlsPerFile: URLS_PER_FILE },
        sitemillOverFloor,
        sitemillOverFloorInTurn: floorInTurn?.map((r) => 1 / r) ?? null,
        sitemapJsOverSitemillInTurn: sitemapJsInTurn,
        extOverPlain,
        extFloorOverPlain,
        crawlerOverPlain,
        previousOverPlain,
        recentPreviousOverPlain,
        findingsOverClean,
        relativeOverClean,
        mixedOverClean,
        tenOverOne,
        runs: rows,
        check: checkLines,
        ...(page ? { page: page.json } : {}),
      },
      null,
      2,
    ) + '\n',
  );

  console.log('\n' + lines.join('\n'));
  if (notes.length > 0) console.log('\nNotes:\n' + notes.join('\n'));
  console.log(`\nwrote ${join(BENCH_DIR, 'results.json')}`);
  // A run that did not happen must not pass silently in CI.
  if (runs.some((r) => !r.ok) || (page && !page.ok)) process.exitCode = 1;
}

try {
  await main();
} finally {
  cleanup();
}
