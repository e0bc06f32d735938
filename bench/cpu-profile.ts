/**
 * Reduces a DevTools CPU profile (Profiler.stop's `profile`) to where the time went: per function,
 * self and inclusive, and per kind (JS, wasm, GC, idle, the VM's own work).
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface FunctionTime {
  name: string;
  selfMs: number;
  totalMs: number;
}

export interface ProfileSummary {
  wallMs: number;
  byKind: Record<'js' | 'wasm' | 'gc' | 'idle' | 'program', number>;
  /** Heaviest first by self time. */
  functions: FunctionTime[];
}

function kindOf(f: CallFrame): keyof ProfileSummary['byKind'] | null {
  if (f.functionName === '(idle)') return 'idle';
  if (f.functionName === '(garbage collector)') return 'gc';
  if (f.functionName === '(program)') return 'program';
  if (f.functionName === '(root)') return null;
  return f.url.startsWith('wasm://') ? 'wasm' : 'js';
}

function label(f: CallFrame): string {
  const file = f.url.split('/').pop() || '';
  const where = file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'}${where}`;
}

export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Sample i lasts until the next one is taken; the last one until the profile's end.
  const times: number[] = [];
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    times.push(t);
  }
  const selfUs = new Map<string, number>();
  const totalUs = new Map<string, number>();
  const byKind: ProfileSummary['byKind'] = { js: 0, wasm: 0, gc: 0, idle: 0, program: 0 };
  for (let i = 0; i < samples.length; i++) {
    const dur = (i + 1 < samples.length ? times[i + 1] : profile.endTime) - times[i];
    if (dur <= 0) continue;
    const leaf = byId.get(samples[i]);
    if (!leaf) continue;
    const kind = kindOf(leaf.callFrame);
    if (kind) byKind[kind] += dur / 1000;
    const leafName = label(leaf.callFrame);
    selfUs.set(leafName, (selfUs.get(leafName) ?? 0) + dur);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (kindOf(node.callFrame) === null) continue;
      const name = label(node.callFrame);
      if (seen.has(name)) continue; // recursion counts once
      seen.add(name);
      totalUs.set(name, (totalUs.get(name) ?? 0) + dur);
    }
  }
  const functions = [...totalUs.keys()]
    .map((name) => ({ name, selfMs: (selfUs.get(name) ?? 0) / 1000, totalMs: totalUs.get(name)! / 1000 }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return { wallMs: (profile.endTime - profile.startTime) / 1000, byKind, functions };
}

/** A few lines of text: the split by kind, the heaviest functions by self time and by inclusive time. */
export function formatProfile(title: string, s: ProfileSummary, top = 12): string {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const pct = (x: number) => `${((100 * x) / Math.max(1, s.wallMs)).toFixed(0)}%`;
  const kinds = Object.entries(s.byKind)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${ms(v)} (${pct(v)})`)
    .join(', ');
  const busy = (list: FunctionTime[]) => list.filter((f) => !/^\((idle|program|garbage collector)\)/.test(f.name));
  const bySelf = busy(s.functions).slice(0, top);
  const byTotal = busy([...s.functions].sort((a, b) => b.totalMs - a.totalMs)).slice(0, top);
  return [
    `${title}: ${ms(s.wallMs)} profiled; ${kinds}`,
    '  self time:',
    ...bySelf.map((f) => `    ${ms(f.selfMs).padStart(8)}  ${pct(f.selfMs).padStart(4)}  ${f.name}`),
    '  inclusive time:',
    ...byTotal.map((f) => `    ${ms(f.totalMs).padStart(8)}  ${pct(f.totalMs).padStart(4)}  ${f.name}`),
  ].join('\n');
}

export interface BusyStretch {
  /** Start, in ms after the profile's start. */
  startMs: number;
  ms: number;
  /** Heaviest first by inclusive time within the stretch. */
  functions: FunctionTime[];
}

/**
 * The longest run of consecutive samples in which the thread was not idle: on a page's main thread,
 * what held up the frames. Native work (style, layout, paint, message decoding) shows as "(program)".
 */
export function longestBusyStretch(profile: CpuProfile): BusyStretch | null {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times: number[] = [];
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) times.push((t += deltas[i] ?? 0));
  const idle = (i: number) => byId.get(samples[i])?.callFrame.functionName === '(idle)';
  let best: [number, number] | null = null;
  for (let i = 0; i < samples.length; ) {
    if (idle(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < samples.length && !idle(j + 1)) j++;
    const end = j + 1 < samples.length ? times[j + 1] : profile.endTime;
    if (!best || end - times[i] > best[1]) best = [i, end - times[i]];
    i = j + 1;
  }
  if (!best) return null;
  const [first, span] = best;
  const last = samples.length;
  let end = first;
  while (end < last && !idle(end)) end++;
  const slice: CpuProfile = {
    nodes: profile.nodes,
    startTime: times[first],
    endTime: end < last ? times[end] : profile.endTime,
    samples: samples.slice(first, end),
    timeDeltas: [0, ...samples.slice(first + 1, end).map((_, k) => times[first + 1 + k] - times[first + k])],
  };
  const s = summarizeProfile(slice);
  return { startMs: (times[first] - profile.startTime) / 1000, ms: span / 1000, functions: [...s.functions].sort((a, b) => b.totalMs - a.totalMs) };
}
