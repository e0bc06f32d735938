// One task of the workbench, generate or check: its engine worker, the run going on, and what the
// last run left (results, or the error or notice in their place). Each tab holds one, so cancelling
// or crashing one task never throws away the other's results.
import { createSitemill, SitemillError, type Sitemill } from '../src/browser';
import { FindingFilters } from './finding-filters.svelte';
import { Runs } from './runs';

export type Phase = 'empty' | 'ready' | 'running' | 'done';

/** The task's own words in the messages a run can end with. */
export interface TaskWords {
  /** What a failed run leaves in place: "Your list and options are kept". */
  kept: string;
  /** What to do to run again: "generate again". */
  again: string;
  /** Said when a run is cancelled. */
  cancelled: string;
}

export interface TaskOptions {
  words: TaskWords;
  /** The options the results depend on, as they are now; results made with others are stale. */
  key(): string;
  /** When a run fails or the engine dies: the sentence shown. */
  onerror?(message: string): void;
}

/** A run's progress as shown. */
export interface ProgressView {
  /** 0…1 of the input read, or null when the total is unknown. */
  fraction: number | null;
  /** How much is done, said when there is no fraction: "12,000 rows". */
  amount: string;
  /** The figures under the bar: "Rows done", "12,000". */
  stats: { label: string; value: string }[];
  /** A line under them: the file being read. */
  detail?: string;
}

/** One run: the engine call, and how its progress reports are shown. */
export interface Job<R, P> {
  /** The report that stands for nothing done yet, shown until the engine's first. */
  first: P;
  /** A report of the engine's as shown, `seconds` into the run. */
  view(report: P, seconds: number): ProgressView;
  call(hooks: { onProgress: (report: P) => void; signal: AbortSignal }): Promise<R>;
}

export class Task<R> {
  phase = $state<Phase>('empty');
  progress = $state.raw<ProgressView | null>(null);
  result = $state.raw<R | null>(null);
  /** Bumped on every finished run so views drop what they fetched for the previous one. */
  runId = $state(0);
  error = $state<string | null>(null);
  notice = $state<string | null>(null);
  /** One sentence for screen readers when a run ends. */
  announcement = $state('');
  /** The findings table's filters: a new result starts unfiltered. */
  readonly filters = new FindingFilters();

  readonly #options: TaskOptions;
  #runKey = $state('');
  /** The results shown were made with other options than those now set. */
  stale = $derived.by(() => this.result !== null && this.#runKey !== this.#options.key());

  readonly engine: Sitemill;
  /** The engine calls of this task; a call in flight reports a crash itself. */
  readonly runs = new Runs();

  constructor(options: TaskOptions) {
    this.#options = options;
    const { again } = options.words;
    this.engine = createSitemill({
      // This covers the worker dying between runs, which loses the findings the table pages through.
      onCrash: (message) => {
        if (this.runs.idle) this.fail(`${message} ${sentence(again)} to see the findings.`);
      },
    });
  }

  /** Drops the run going on and what the last one left; returns the token for the calls that follow. */
  reset(phase: Phase, notice: string | null = null): number {
    this.runs.abort();
    const token = this.runs.next();
    this.#clear();
    this.error = null;
    this.notice = notice;
    this.phase = phase;
    return token;
  }

  /** Runs `job`, showing its progress; resolves with its result, or null when it failed, was cancelled or was overtaken. */
  async run<P>(job: Job<R, P>): Promise<R | null> {
    const { token, signal } = this.runs.begin();
    const key = this.#options.key();
    this.#clear();
    this.error = null;
    this.notice = null;
    this.announcement = '';
    this.phase = 'running';
    const started = performance.now();
    const show = (report: P) => (this.progress = job.view(report, Math.max(1e-3, (performance.now() - started) / 1000)));
    show(job.first);
    const onProgress = (report: P) => {
      if (this.runs.current(token)) show(report);
    };
    try {
      const result = await this.runs.track(job.call({ onProgress, signal }));
      if (!this.runs.current(token)) return null;
      this.result = result;
      this.#runKey = key;
      this.runId++;
      this.phase = 'done';
      return result;
    } catch (e) {
      if (this.runs.current(token)) this.#failed(e as Error, signal);
      return null;
    } finally {
      if (this.runs.current(token)) this.progress = null;
      this.runs.end(token);
    }
  }

  cancel(): void {
    if (this.phase === 'running') this.runs.abort();
  }

  /** Stops the engine for good. */
  dispose(): void {
    this.runs.next();
    this.runs.abort();
    this.engine.terminate();
  }

  fail(message: string): void {
    this.error = message;
    this.announcement = '';
    this.#options.onerror?.(message);
  }

  #failed(e: Error, signal: AbortSignal): void {
    const { kept, again, cancelled } = this.#options.words;
    this.#clear();
    this.phase = 'ready';
    if (signal.aborted) {
      this.notice = cancelled;
    } else if (e instanceof SitemillError && e.code === 'crashed') {
      this.fail(`${e.message} ${kept}: ${again} to retry.`);
    } else if (e instanceof SitemillError && e.code === 'memory') {
      this.fail(`${sentence(e.message)} ${kept}.`);
    } else {
      this.fail(e.message);
    }
  }

  #clear(): void {
    this.result = null;
    this.filters.clear();
  }
}

/** An engine message (written for `sitemill: …`) as a sentence on the page. */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
