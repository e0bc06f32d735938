/**
 * The page at scale: the built workbench (dist/) in headless Chromium, driven as a person would.
 *
 * Per list: a fresh browser and profile; dist/ served on 127.0.0.1 with the page's CSP; Base URL set;
 * the CSV picked through the "URL list" input. Loading a list already runs it once, so that run is
 * let finish (and reported as the load figure); then "Generate sitemaps" is clicked and the time until
 * "Download zip" is enabled again is the measured figure. Both ends are timed inside the page (a click
 * listener on the button and a MutationObserver on the other button's `disabled`), so Playwright's
 * round trips are not counted. A requestAnimationFrame loop records every gap between frames.
 *
 *   node --import tsx bench/page.ts [300k|1m|5m|10m …] [--runs=N] [--profile] [--no-gzip]
 *
 * Standalone it prints one JSON line per list; --profile also records CPU profiles of the engine's
 * worker and of the page's main thread during the measured runs and prints where the time went;
 * --no-gzip unticks "Gzip the files" (compare with `generate --no-gzip` on the CLI).
 * `npm run bench` calls measurePage() for its page rows.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../test/helpers/chromium.ts';
import { serveStatic, type StaticServer } from '../test/helpers/static-server.ts';
import { treeCpuMs, watchMemory } from './chromium-procs.ts';
import { formatProfile, longestBusyStretch, summarizeProfile, type BusyStretch, type CpuProfile, type ProfileSummary } from './cpu-profile.ts';
import { DATASETS, ensureDataset, type DatasetName } from './dataset.ts';
import { PageWorkers, type WorkerTarget } from './worker-cdp.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const BASE_URL = 'https://www.example.com/';
/** Frames further apart than this are listed one by one. */
const LONG_GAP_MS = 100;
/** Frames after the button is enabled that still count: they paint the results. */
const AFTER_DONE_MS = 1000;
const HEAP_POLL_MS = 250;

export interface FrameGap {
  ms: number;
  /** When the gap ended, in ms after the click (or after the file was picked, for the load run). */
  endedAt: number;
}

export interface PageRun {
  id: string;
  rows: number;
  ok: boolean;
  note?: string;
  /** Click on "Generate sitemaps" → "Download zip" enabled, timed in the page: the fastest of runsMs. */
  ms: number | null;
  runsMs?: number[];
  /** CPU time of every Chromium process during each run (user and system, all threads and cores). */
  runsCpuMs?: (number | null)[];
  /** The same seen from Node (Playwright's round trips included), as a check on the in-page figure. */
  outsideMs: number | null;
  /** File picked → "Download zip" enabled: reading the columns plus the run that loading starts. */
  loadRunMs: number | null;
  /** Longest gap between animation frames from the click until AFTER_DONE_MS after the end, over all runs. */
  longestFrameGapMs: number | null;
  /** The same for the load run. */
  loadRunLongestFrameGapMs: number | null;
  frames: number;
  /** Gaps over LONG_GAP_MS in the measured run, and in the load run. */
  longGaps: FrameGap[];
  loadRunLongGaps: FrameGap[];
  /** What the page's Summary showed after the measured run. */
  shown: Record<string, number> | null;
  /** Peak VmHWM of the renderer (page + engine worker + wasm memory), over both runs. */
  rendererPeakRssBytes: number | null;
  /** Peak summed PSS of every Chromium process, polled every 200 ms. */
  chromiumPeakPssBytes: number | null;
  /** Peak used JS heap of the engine's worker during the measured run (CDP Runtime.getHeapUsage). */
  workerHeapPeakBytes: number | null;
  /** Peak of the worker's array buffer backing stores (outside the JS heap) during the measured run. */
  workerBackingStorePeakBytes: number | null;
  /** Peak used JS heap of the page's main thread during the measured run. */
  pageHeapPeakBytes: number | null;
  crashed: boolean;
  /** Chromium's product string, e.g. HeadlessChrome/156.0.8078.79. */
  browser?: string;
  profile?: { worker: ProfileSummary; main: ProfileSummary; mainBusiest: BusyStretch | null; files: string[] };
}

export interface PageOptions {
  /** Records CPU profiles of the measured run into this folder. */
  profileDir?: string;
  /** False unticks "Gzip the files": with --no-gzip, the split between compression and the rest shows. */
  gzip?: boolean;
  /** Measured Generate runs; the fastest is reported (the machine may be shared), the worst frame gap. */
  repeats?: number;
  /** Longest wait for one run. */
  timeoutMs?: number;
  /** Progress lines. */
  log?: (msg: string) => void;
}

// In-page code goes as text: the TypeScript loader may wrap functions in helpers the page lacks.
const HARNESS = `(() => {
  // Searches open shadow roots too, in case the workbench is rendered inside its custom element.
  const all = (root, selector, out = []) => {
    out.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) all(el.shadowRoot, selector, out);
    return out;
  };
  const button = (name) => all(document, 'button').find((b) => b.textContent.trim() === name);
  const b = (window.__bench = { marks: [], gaps: [], frames: 0, last: performance.now(), on: true });
  const mark = (what) => b.marks.push({ what, at: performance.now() });
  window.__benchAlert = () => {
    const a = all(document, '[role="alert"]')[0];
    return a ? a.textContent.trim() : null;
  };
  // On the elements themselves: they run before the page's own handlers, delegated to its root.
  button('Generate sitemaps').addEventListener('click', () => mark('generate'), true);
  for (const input of all(document, 'input[type="file"]')) input.addEventListener('change', () => mark('picked'), true);
  const dl = button('Download zip');
  let was = dl.disabled;
  new MutationObserver(() => {
    if (dl.disabled !== was) { was = dl.disabled; mark(was ? 'disabled' : 'enabled'); }
  }).observe(dl, { attributes: true, attributeFilter: ['disabled'] });
  const tick = () => {
    const now = performance.now();
    b.gaps.push(now - b.last, now);
    b.frames++;
    b.last = now;
    if (b.on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

interface Harness {
  marks: { what: string; at: number }[];
  /** Flat pairs: gap length, time the gap ended. */
  gaps: number[];
  frames: number;
}

/** A run that did not finish, with whatever it measured before it stopped. */
export function failedRun(id: string, rows: number, note: string, partial: Partial<PageRun> = {}): PageRun {
  return {
    id,
    rows,
    ok: false,
    note,
    ms: null,
    outsideMs: null,
    loadRunMs: null,
    longestFrameGapMs: null,
    loadRunLongestFrameGapMs: null,
    frames: 0,
    longGaps: [],
    loadRunLongGaps: [],
    shown: null,
    rendererPeakRssBytes: null,
    chromiumPeakPssBytes: null,
    workerHeapPeakBytes: null,
    workerBackingStorePeakBytes: null,
    pageHeapPeakBytes: null,
    crashed: false,
    ...partial,
  };
}

export async function launch(): Promise<{ context: BrowserContext; userDataDir: string; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(join(os.tmpdir(), 'sitemill-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    userDataDir,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

interface HeapUsage {
  usedSize: number;
  backingStorageSize?: number;
}

/** Polls the heap use of one target until stopped; returns the peaks. */
function pollHeap(send: (method: string) => Promise<HeapUsage>): () => Promise<{ used: number | null; backing: number | null }> {
  const peak = { used: null as number | null, backing: null as number | null };
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
        const h = await send('Runtime.getHeapUsage');
        peak.used = Math.max(peak.used ?? 0, h.usedSize);
        if (h.backingStorageSize !== undefined) peak.backing = Math.max(peak.backing ?? 0, h.backingStorageSize);
      } catch {
        return; // target gone
      }
      await new Promise((r) => setTimeout(r, HEAP_POLL_MS));
    }
  })();
  return async () => {
    on = false;
    await Promise.race([loop, new Promise((r) => setTimeout(r, 2000))]);
    return peak;
  };
}

async function shownStats(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const item of await page.locator('dl[aria-label="Summary"] .stat').all()) {
    const label = (await item.locator('dt').innerText()).trim();
    out[label] = Number((await item.locator('dd').innerText()).replace(/[^\d]/g, ''));
  }
  return out;
}

/**
 * Waits until the harness has marked `enabled` after `since` (an in-page time), the page crashed,
 * or the page shows an error. Returns the in-page time it was enabled.
 */
async function waitEnabled(page: Page, since: number, timeoutMs: number, crash: { crashed: boolean }): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (crash.crashed) throw new Error('the tab crashed');
    const state = (await Promise.race([
      page.evaluate(`(() => {
        const m = window.__bench.marks.find((m) => m.what === 'enabled' && m.at > ${since});
        return { at: m ? m.at : null, alert: window.__benchAlert() };
      })()`),
      new Promise((r) => setTimeout(() => r({ at: null, alert: null, slow: true }), 30_000)),
    ])) as { at: number | null; alert: string | null; slow?: boolean };
    if (state.at !== null) return state.at;
    if (state.alert) throw new Error(`the page says: ${state.alert.replace(/\s*Dismiss$/, '')}`);
    if (Date.now() > deadline) throw new Error(`not done after ${(timeoutMs / 1000).toFixed(0)} s`);
    if (!state.slow) await new Promise((r) => setTimeout(r, 200));
  }
}

function longestGap(h: Harness, from: number, to: number): { longest: number; long: FrameGap[] } {
  let longest = 0;
  const long: FrameGap[] = [];
  for (let i = 0; i < h.gaps.length; i += 2) {
    const gap = h.gaps[i];
    const end = h.gaps[i + 1];
    // Any gap that overlaps the window counts: a frame held up by the work ends inside or just after it.
    if (end < from || end - gap > to) continue;
    longest = Math.max(longest, gap);
    if (gap > LONG_GAP_MS) long.push({ ms: Math.round(gap), endedAt: Math.round(end - from) });
  }
  return { longest, long };
}

/** Serves a snapshot of dist/, so a rebuild running meanwhile cannot pull files out from under the page. */
export async function serveDist(): Promise<{ server: StaticServer; close(): Promise<void> }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'sitemill-bench-dist-'));
  cpSync(DIST, dir, { recursive: true });
  const server = await serveStatic(dir, '/sitemill/');
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One list in a fresh browser: the load run, then the measured Generate runs. */
export async function measurePage(id: string, csv: string, rows: number, server: StaticServer, options: PageOptions = {}): Promise<PageRun> {
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? Math.max(60_000, (rows / 1e6) * 300_000);
  const repeats = Math.max(1, options.repeats ?? 1);
  let browser: Awaited<ReturnType<typeof launch>>;
  try {
    browser = await launch();
  } catch (e) {
    return failedRun(id, rows, `Chromium did not start: ${(e as Error).message.split('\n')[0]}`);
  }
  const memory = watchMemory(browser.userDataDir);
  const crash = { crashed: false };
  const errors: string[] = [];
  let partial: Partial<PageRun> = {};
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('crash', () => (crash.crashed = true));
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await browser.context.newCDPSession(page);
    const workers = await PageWorkers.watch(cdp);
    partial.browser = ((await cdp.send('Browser.getVersion').catch(() => null)) as { product: string } | null)?.product;

    await page.goto(server.url);
    await page.getByRole('button', { name: 'Generate sitemaps' }).waitFor();
    await page.getByLabel('Base URL').fill(BASE_URL);
    if (options.gzip === false) await page.getByLabel('Gzip the files').uncheck();
    await page.evaluate(HARNESS);

    log(`page, ${rows.toLocaleString('en-US')} rows: load run… `);
    const picked = Date.now();
    await page.getByLabel('URL list').setInputFiles(csv);
    const pickedAt = await page.evaluate(`window.__bench.marks.find((m) => m.what === 'picked').at`) as number;
    const loadDoneAt = await waitEnabled(page, pickedAt, timeoutMs, crash);
    partial.loadRunMs = loadDoneAt - pickedAt;
    log(`${(partial.loadRunMs / 1000).toFixed(2)} s (${((Date.now() - picked) / 1000).toFixed(1)} s outside); generate… `);
    const worker: WorkerTarget | null = await workers.worker(/./, 5000).catch(() => null);
    const stopWorkerHeap = worker ? pollHeap((m) => worker.send(m)) : async () => null;
    const stopPageHeap = pollHeap((m) => cdp.send(m as 'Runtime.getHeapUsage') as Promise<HeapUsage>);
    const profilers = [
      ['worker', (m: string, p?: object) => worker!.send(m, p as Record<string, unknown>)],
      ['main', (m: string, p?: object) => cdp.send(m as any, p as any)],
    ] as const;
    if (options.profileDir) {
      if (!worker) throw new Error('the engine worker was not found to profile');
      for (const [, send] of profilers) {
        await send('Profiler.enable');
        await send('Profiler.setSamplingInterval', { interval: 500 });
        await send('Profiler.start');
      }
    }

    const windows: [number, number][] = [];
    partial.runsMs = [];
    partial.runsCpuMs = [];
    for (let i = 0; i < repeats; i++) {
      // Let the previous run's leftovers (its findings, the results render) settle first.
      await page.waitForTimeout(500);
      const clicked = Date.now();
      const cpuBefore = treeCpuMs(browser.userDataDir);
      await page.getByRole('button', { name: 'Generate sitemaps' }).click();
      const clickAt = (await page.evaluate(`window.__bench.marks.filter((m) => m.what === 'generate').pop().at`)) as number;
      const doneAt = await waitEnabled(page, clickAt, timeoutMs, crash);
      const ms = doneAt - clickAt;
      const cpuAfter = treeCpuMs(browser.userDataDir);
      partial.runsMs.push(ms);
      partial.runsCpuMs.push(cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null);
      windows.push([clickAt, doneAt + AFTER_DONE_MS]);
      if (partial.ms == null || ms < partial.ms) {
        partial.ms = ms;
        partial.outsideMs = Date.now() - clicked;
      }
      log(`${(ms / 1000).toFixed(2)} s${i + 1 < repeats ? ', ' : ''}`);
    }

    if (options.profileDir) {
      const files: string[] = [];
      const summaries: ProfileSummary[] = [];
      let mainBusiest: BusyStretch | null = null;
      for (const [name, send] of profilers) {
        const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
        const file = join(options.profileDir, `${id}-${name}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        files.push(file);
        summaries.push(summarizeProfile(profile));
        if (name === 'main') mainBusiest = longestBusyStretch(profile);
      }
      partial.profile = { worker: summaries[0], main: summaries[1], mainBusiest, files };
    }
    const workerHeap = await stopWorkerHeap();
    partial.workerHeapPeakBytes = workerHeap?.used ?? null;
    partial.workerBackingStorePeakBytes = workerHeap?.backing ?? null;
    partial.pageHeapPeakBytes = (await stopPageHeap()).used;

    await page.waitForTimeout(AFTER_DONE_MS);
    const h = (await page.evaluate(`(window.__bench.on = false, window.__bench)`)) as Harness;
    // Frames are about what a person sees, so the worst of the runs counts, not the best.
    partial.longestFrameGapMs = 0;
    partial.longGaps = [];
    for (const [from, to] of windows) {
      const run = longestGap(h, from, to);
      partial.longestFrameGapMs = Math.max(partial.longestFrameGapMs, run.longest);
      partial.longGaps.push(...run.long);
    }
    const load = longestGap(h, pickedAt, loadDoneAt + AFTER_DONE_MS);
    partial.loadRunLongestFrameGapMs = load.longest;
    partial.loadRunLongGaps = load.long;
    partial.frames = h.frames;
    partial.shown = await shownStats(page);
    const m = memory.stop();
    partial.rendererPeakRssBytes = m.rendererHwmBytes || null;
    partial.chromiumPeakPssBytes = m.totalPssBytes || null;

    const notes: string[] = [];
    if (partial.shown.Rows !== rows || partial.shown.Accepted !== rows) {
      notes.push(`the page shows rows ${partial.shown.Rows}, accepted ${partial.shown.Accepted}`);
    }
    if (errors.length) notes.push(`page errors: ${errors.join('; ')}`);
    return { ...failedRun(id, rows, ''), ...partial, ok: true, note: notes.join('; ') || undefined };
  } catch (e) {
    const m = memory.stop();
    log(`failed: ${(e as Error).message.split('\n')[0]}`);
    return failedRun(id, rows, (e as Error).message.split('\n')[0], {
      ...partial,
      crashed: crash.crashed,
      rendererPeakRssBytes: m.rendererHwmBytes || null,
      chromiumPeakPssBytes: m.totalPssBytes || null,
    });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const args = process.argv.slice(2);
  const profile = args.includes('--profile');
  const gzip = !args.includes('--no-gzip');
  const repeats = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
  const names = args.filter((a) => !a.startsWith('--'));
  const lists = (names.length ? names : ['300k']) as DatasetName[];
  for (const n of lists) if (!(n in DATASETS)) throw new Error(`unknown dataset ${n}; one of ${Object.keys(DATASETS).join(', ')}`);
  const profileDir = profile ? mkdtempSync(join(os.tmpdir(), 'sitemill-profiles-')) : undefined;
  const dist = await serveDist();
  try {
    for (const n of lists) {
      const run = await measurePage(`page-${n}`, ensureDataset(n), DATASETS[n], dist.server, {
        profileDir,
        gzip,
        repeats,
        log: (m) => process.stderr.write(m.endsWith(' ') ? m : m + '\n'),
      });
      const { profile: p, ...rest } = run;
      console.log(JSON.stringify(rest));
      if (p) {
        console.log(formatProfile(`${run.id} engine worker`, p.worker));
        console.log(formatProfile(`${run.id} page main thread`, p.main));
        if (p.mainBusiest) {
          const b = p.mainBusiest;
          console.log(`${run.id} main thread, longest busy stretch: ${b.ms.toFixed(0)} ms at ${(b.startMs / 1000).toFixed(2)} s into the run`);
          for (const f of b.functions.slice(0, 12)) console.log(`    ${f.totalMs.toFixed(0).padStart(6)} ms  ${f.name}`);
        }
        console.log(`profiles: ${p.files.join(', ')}`);
      }
    }
  } finally {
    await dist.close();
  }
}
