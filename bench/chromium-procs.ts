/**
 * Resident memory of a running Chromium, read from /proc (Linux only; elsewhere every reading is 0).
 *
 * The browser process is found by its --user-data-dir (each bench launch has a fresh one), then its
 * descendants through /proc/<pid>/task/<tid>/children. Dedicated workers run inside the renderer
 * process, so the renderer's figures are the tab's: page, engine worker and wasm memory together.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcMemory {
  pid: number;
  /** `browser`, or the child's --type (renderer, zygote, utility, gpu-process…). */
  type: string;
  rssBytes: number;
  /** Proportional set size: shared pages split between the processes that map them, so the tree's sum is not inflated. */
  pssBytes: number;
  /** The kernel's high-water mark of this process's RSS. */
  hwmBytes: number;
}

function read(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return ''; // the process is gone
  }
}

/** The command line as one string: Chromium's children rewrite theirs into a space-joined title. */
function cmdline(pid: number): string {
  return read(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
}

function typeOf(pid: number): string | null {
  return /(?:^| )--type=(\S+)/.exec(cmdline(pid))?.[1] ?? null;
}

/** The pid of the browser process started with this user-data dir, or null. */
export function findBrowserPid(userDataDir: string): number | null {
  const flag = `--user-data-dir=${userDataDir}`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (` ${cmdline(pid)} `.includes(` ${flag} `) && typeOf(pid) === null) return pid;
  }
  return null;
}

function children(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const tid of tasks) {
    for (const c of read(`/proc/${pid}/task/${tid}/children`).trim().split(/\s+/)) if (c) out.push(Number(c));
  }
  return out;
}

function kB(status: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The browser process and all its descendants (zygotes, renderers, utilities). */
export function processTree(browserPid: number): ProcMemory[] {
  const out: ProcMemory[] = [];
  const queue = [browserPid];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const status = read(`/proc/${pid}/status`);
    if (!status) continue;
    const type = pid === browserPid ? 'browser' : (typeOf(pid) ?? 'other');
    out.push({ pid, type, rssBytes: kB(status, 'VmRSS'), pssBytes: kB(read(`/proc/${pid}/smaps_rollup`), 'Pss'), hwmBytes: kB(status, 'VmHWM') });
    queue.push(...children(pid));
  }
  return out;
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user and system) the browser started with this user-data dir and its descendants have
 * used so far, in ms; null where /proc cannot tell. Processes that ended take theirs with them, so
 * read it around a stretch in which the tree does not change (a run in an open tab).
 */
export function treeCpuMs(userDataDir: string): number | null {
  const browserPid = findBrowserPid(userDataDir);
  if (browserPid === null) return null;
  let ticks = 0;
  for (const p of processTree(browserPid)) {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = read(`/proc/${p.pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface MemoryPeaks {
  /** Highest sum of PSS over the whole tree seen by polling. */
  totalPssBytes: number;
  /**
   * Highest VmHWM of any renderer process: the kernel's own peak, so polling cannot miss it. The page's
   * renderer is the largest by far once a list is loaded.
   */
  rendererHwmBytes: number;
}

/**
 * Polls the tree every `intervalMs` until stopped. The tree is re-walked on every poll: renderers
 * come and go (a crashed tab's replacement is a new process), and a dead one keeps its last reading.
 */
export function watchMemory(userDataDir: string, intervalMs = 200): { stop(): MemoryPeaks } {
  let browserPid: number | null = null;
  const peaks: MemoryPeaks = { totalPssBytes: 0, rendererHwmBytes: 0 };
  const poll = (): void => {
    browserPid ??= findBrowserPid(userDataDir);
    if (browserPid === null) return;
    const tree = processTree(browserPid);
    peaks.totalPssBytes = Math.max(peaks.totalPssBytes, tree.reduce((n, p) => n + p.pssBytes, 0));
    for (const p of tree) if (p.type === 'renderer') peaks.rendererHwmBytes = Math.max(peaks.rendererHwmBytes, p.hwmBytes);
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      poll();
      return { ...peaks };
    },
  };
}
