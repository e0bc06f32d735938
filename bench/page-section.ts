/**
 * The page section of `npm run bench`: the built page in headless Chromium (bench/page.ts) against
 * the CLI on the same lists, with the targets checked. Returns the markdown lines to print
 * and the object written under "page" in bench/results.json.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { zlibSpeeds, type ZlibSpeeds } from './browser-zlib.ts';
import os from 'node:os';
import { join } from 'node:path';
import { DIST, failedRun, measurePage, serveDist, type PageRun } from './page.ts';
import { measure } from './peak.ts';

const BASE_URL = 'https://www.example.com/';
/** The targets. */
const TARGET_RATIO_300K = 2;
const TARGET_FRAME_GAP_MS = 250;
/** Runs per tool and list; the fastest counts (a shared machine only ever slows a run down). */
const REPEATS = 2;

export interface PageList {
  /** `300k`, `1m`, `10m`: used in ids. */
  name: string;
  csv: string;
  rows: number;
}

export interface CliRun {
  id: string;
  rows: number;
  ms: number | null;
  peakRssBytes: number | null;
  ok: boolean;
  note?: string;
  runsMs?: number[];
}

export interface PageSection {
  ok: boolean;
  lines: string[];
  notes: string[];
  json: unknown;
}

const rowsLabel = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(2));
const mib = (b: number | null) => (b === null ? '—' : (b / 2 ** 20).toFixed(0));
const gap = (ms: number | null) => (ms === null ? '—' : ms.toFixed(0));
const rate = (rows: number, ms: number | null) => (ms === null ? '—' : Math.round(rows / (ms / 1000)).toLocaleString('en-US'));
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : a / b);
const fmtRatio = (x: number | null) => (x === null ? '—' : `${x.toFixed(2)}×`);

/**
 * The CLI exactly as a person would run it on the list (no --now, no --json), one process per run;
 * the fastest of `repeats` is kept, as for the page.
 */
async function cli(cliPath: string, list: PageList, repeats: number, tmp: string, log: (m: string) => void): Promise<CliRun> {
  const id = `cli-${list.name}`;
  if (!existsSync(cliPath)) return { id, rows: list.rows, ms: null, peakRssBytes: null, ok: false, note: `${cliPath} not found` };
  const out = join(tmp, `${id}.zip`);
  log(`CLI generate --quiet, ${rowsLabel(list.rows)} rows… `);
  const run: CliRun = { id, rows: list.rows, ms: null, peakRssBytes: null, ok: true, runsMs: [] };
  for (let i = 0; i < repeats; i++) {
    const r = await measure(process.execPath, [cliPath, 'generate', list.csv, '--base-url', BASE_URL, '-o', out, '--quiet']);
    rmSync(out, { force: true });
    if (r.code !== 0) {
      const note = `exit ${r.code ?? r.signal}: ${r.stderr.trim().split('\n').pop() ?? ''}`;
      log(`failed (${note})`);
      return { id, rows: list.rows, ms: null, peakRssBytes: null, ok: false, note };
    }
    run.runsMs!.push(r.ms);
    run.ms = Math.min(run.ms ?? Infinity, r.ms);
    run.peakRssBytes = Math.max(run.peakRssBytes ?? 0, r.peakRssBytes);
    log(`${(r.ms / 1000).toFixed(2)} s, ${mib(r.peakRssBytes)} MiB${i + 1 < repeats ? '; ' : ''}`);
  }
  return run;
}

/**
 * Runs the CLI and then the page on each of `lists` (300k and 1m), `repeats` times each, so both sides
 * of a ratio see the same load on the machine. `huge`, when given, is tried once on each: it reports
 * whether the tab survives rather than being part of the comparison.
 */
export async function pageSection(
  lists: PageList[],
  huge: PageList | null,
  cliPath: string,
  tmp: string,
  log: (m: string) => void,
  repeats = REPEATS,
): Promise<PageSection> {
  const loadAverage = { start: os.loadavg()[0], end: 0 };
  const clis: CliRun[] = [];
  const pages: PageRun[] = [];
  const all = [...lists, ...(huge ? [huge] : [])];
  const hasDist = existsSync(join(DIST, 'index.html'));
  const dist = hasDist ? await serveDist() : null;
  try {
    for (const l of all) {
      const n = l === huge ? 1 : repeats;
      clis.push(await cli(cliPath, l, n, tmp, log));
      pages.push(
        dist
          ? await measurePage(`page-${l.name}`, l.csv, l.rows, dist.server, { repeats: n, log })
          : failedRun(`page-${l.name}`, l.rows, `${DIST} has no index.html (npm run build)`),
      );
    }
  } finally {
    await dist?.close();
  }
  const zlib = await compressorSpeeds(cliPath, lists[0], tmp, log);
  loadAverage.end = os.loadavg()[0];

  const cliOf = (name: string) => clis.find((c) => c.id === `cli-${name}`)!;
  const pageOf = (name: string) => pages.find((p) => p.id === `page-${name}`)!;
  const ratios = Object.fromEntries(all.map((l) => [l.name, ratio(pageOf(l.name).ms, cliOf(l.name).ms)]));
  const compared = lists.map((l) => pageOf(l.name));
  const gaps = compared.map((p) => p.longestFrameGapMs).filter((g): g is number => g !== null);
  const longest = gaps.length === compared.length ? Math.max(...gaps) : null;
  const hugeRun = huge ? pageOf(huge.name) : null;

  const r300 = ratios['300k'] ?? null;
  const targets = {
    ratio300k: { target: TARGET_RATIO_300K, value: r300, met: r300 === null ? null : r300 <= TARGET_RATIO_300K },
    longestFrameGapMs: { target: TARGET_FRAME_GAP_MS, value: longest, met: longest === null ? null : longest <= TARGET_FRAME_GAP_MS },
    tenMillionCompletes: hugeRun
      ? { tried: true, met: hugeRun.ok && !hugeRun.crashed, crashed: hugeRun.crashed, ms: hugeRun.ms, note: hugeRun.note }
      : { tried: false, met: null },
  };

  const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : '**missed**');
  const pageRow = (p: PageRun, name: string) =>
    `| page: Generate → Download zip | ${rowsLabel(p.rows)} | ${seconds(p.ms)} | ${rate(p.rows, p.ms)} | ${mib(p.rendererPeakRssBytes)} | ${gap(p.longestFrameGapMs)} | ${fmtRatio(ratios[name])} |`;
  const cliRow = (c: CliRun) => `| CLI \`generate --quiet\` | ${rowsLabel(c.rows)} | ${seconds(c.ms)} | ${rate(c.rows, c.ms)} | ${mib(c.peakRssBytes)} | — | — |`;
  const lines = [
    '',
    '### The page in headless Chromium',
    '',
    `| run | rows | wall s | URLs/s | peak RSS MiB | longest frame gap ms | page / CLI |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...all.map((l) => pageRow(pageOf(l.name), l.name)),
    ...all.map((l) => cliRow(cliOf(l.name))),
    '',
    `Page ${lists.map((l) => l.name).join(' / ')} load run (picking the file also runs it once): ` +
      lists.map((l) => `${seconds(pageOf(l.name).loadRunMs)} s, longest frame gap ${gap(pageOf(l.name).loadRunLongestFrameGapMs)} ms`).join('; ') +
      '.',
    `- page within ${TARGET_RATIO_300K}× of the CLI on 300k rows: ${fmtRatio(r300)}, ${verdict(targets.ratio300k.met)}`,
    `- no animation-frame gap over ${TARGET_FRAME_GAP_MS} ms while generating (${lists.map((l) => l.name).join(', ')}): longest ${gap(longest)} ms, ${verdict(targets.longestFrameGapMs.met)}`,
    hugeRun
      ? `- ${rowsLabel(hugeRun.rows)} rows complete without the tab dying: ${verdict(targets.tenMillionCompletes.met)}` +
        (hugeRun.ok
          ? ` (${seconds(hugeRun.ms)} s; renderer peak RSS ${mib(hugeRun.rendererPeakRssBytes)} MiB, all Chromium processes ${mib(hugeRun.chromiumPeakPssBytes)} MiB PSS; longest frame gap ${gap(hugeRun.longestFrameGapMs)} ms)`
          : ` (${hugeRun.crashed ? 'the tab crashed' : hugeRun.note})`)
      : `- 10M rows in the page: not tried (pass --10m)`,
    zlibLine(zlib),
    ...lists.map((l) => cpuLine(pageOf(l.name))).filter((line) => line !== null),
    '',
    `_Page: dist/ served on 127.0.0.1 with its CSP, ${pages.find((p) => p.browser)?.browser ?? 'Chromium'} headless, fresh profile per list; the time runs from the click on "Generate sitemaps" to "Download zip" enabled, measured in the page, after the run that loading the list starts. Page and CLI: fastest of ${repeats} runs (10M: one). Peak RSS: the renderer's VmHWM (page, engine worker and wasm together) for the page, the whole process for the CLI. Frame gaps: longest time between requestAnimationFrame callbacks from the click until 1 s after the end, worst of the runs. Load average ${loadAverage.start.toFixed(2)} → ${loadAverage.end.toFixed(2)}._`,
  ];
  const notes = [
    ...pages.filter((p) => p.note).map((p) => `- page, ${rowsLabel(p.rows)} rows: ${p.note}`),
    ...clis.filter((c) => c.note).map((c) => `- CLI, ${rowsLabel(c.rows)} rows: ${c.note}`),
  ];
  return {
    ok: pages.every((p) => p.ok) && clis.every((c) => c.ok),
    lines,
    notes,
    json: { options: { baseUrl: BASE_URL, repeats }, loadAverage, runs: pages, cli: clis, ratios, targets, zlib },
  };
}

/** The first sitemap file the CLI writes for `list`, uncompressed, gzipped by both compressors. */
async function compressorSpeeds(cliPath: string, list: PageList, tmp: string, log: (m: string) => void): Promise<ZlibSpeeds | null> {
  const out = join(tmp, 'zlib-sample.zip');
  log('gzip level 6 of one sitemap file: node:zlib and CompressionStream… ');
  const r = await measure(process.execPath, [cliPath, 'generate', list.csv, '--base-url', BASE_URL, '--no-gzip', '-o', out, '--quiet']);
  if (r.code !== 0) return null;
  const xml = unzipSync(readFileSync(out), { filter: (f) => f.name === 'sitemap-1.xml' })['sitemap-1.xml'];
  rmSync(out, { force: true });
  const speeds = await zlibSpeeds(xml);
  log(`${speeds.nodeMBps.toFixed(1)} and ${speeds.browserMBps?.toFixed(1) ?? '—'} MB/s`);
  return speeds;
}

function zlibLine(z: ZlibSpeeds | null): string {
  if (z === null) return '- gzip level 6, node:zlib against CompressionStream: not measured (the CLI failed)';
  const browser = z.browserMBps === null ? `not measured (${z.note})` : `${z.browserMBps.toFixed(1)} MB/s (${fmtRatio(z.nodeMBps / z.browserMBps)} node:zlib's time)`;
  return `- gzip level 6 of one sitemap file (${(z.bytes / 1e6).toFixed(1)} MB), one core: node:zlib ${z.nodeMBps.toFixed(1)} MB/s, this Chromium's CompressionStream ${browser}; the page compresses with the latter`;
}

/** The CPU every Chromium process used in the page's fastest run: more than the wall time when its threads overlap. */
function cpuLine(p: PageRun): string | null {
  const i = p.runsMs?.indexOf(p.ms ?? NaN) ?? -1;
  const cpu = i >= 0 ? p.runsCpuMs?.[i] : null;
  if (cpu == null || p.ms === null) return null;
  return `- CPU of all Chromium processes in the fastest ${rowsLabel(p.rows)}-row run: ${seconds(cpu)} s in ${seconds(p.ms)} s (${(cpu / p.ms).toFixed(2)} cores busy on average)`;
}
