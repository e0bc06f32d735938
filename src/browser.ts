// The library in browsers: the same engine as the CLI, in a module worker driven through Comlink.
// Aborting a generate() or inspect(), or the worker dying, terminates it (the next call starts a fresh
// one); aborting a check() stops the audit and keeps the worker.
import * as Comlink from 'comlink';
import type { Inspection, Options, Progress, Summary } from './types.ts';
import { filesToUpload } from './generate/files-to-upload.ts';
export { filesToUpload };
import type {
  CheckFindingFilter,
  CheckFindingsPage,
  CheckProgress,
  CheckRunOptions,
  CheckSummary,
  EngineError,
  FindingFilter,
  FindingsPage,
  GenerateOutput,
  NamedBlob,
  Outcome,
  WorkerApi,
} from './worker.ts';

export type * from './types.ts';
export type { CheckedFile, CheckFinding, FileKind } from './check/index.ts';
export type { CheckFindingFilter, CheckFindingsPage, CheckProgress, CheckRunOptions, CheckSummary, EngineError, FindingFilter, FindingsPage, GenerateOutput, NamedBlob };

// The engine's tables a page shows or edits beside the worker: the finding codes and their advice, the options and
// their limits, the extension column names, and which files of a drop go with a sitemap.
export { CODE_INFO } from './core/codes.ts';
export { codeAdvice } from './core/code-advice.ts';
export { CHECK_CODES, type CheckCode } from './check/codes.ts';
export { auditCodeInfo } from './check/audit-words.ts';
export { DEFAULT_OPTIONS, LIMITS, SWITCHABLE_RULES, withScheme } from './generate/options.ts';
export { BELONG_ROLES, NEWS_FIELDS, VIDEO_FIELDS } from './input/detect.ts';
export { canonicalHreflang } from './rules/hreflang.ts';
export { onlyCompanions } from './check/companions.ts';
export { WORDPRESS_COLUMNS } from './check/wordpress-export.ts';
// What to do with a finished set (the CLI's summary says the same), and a CSV cell as report.csv writes it.
export { publishLines, type PublishInput, type PublishLine } from './output/publish.ts';
export { csvCell } from './output/report.ts';

export interface SitemillConfig {
  /** The engine's worker script; by default the one built next to this module. Same origin only. */
  workerUrl?: string | URL;
  /** The engine's wasm; by default the one built with this module. */
  wasmUrl?: string | URL;
  /** Called when the worker dies (an uncaught error, or a script that did not load), with a sentence saying so. */
  onCrash?(message: string): void;
}

/** A list to read: a `File` (its name is kept), any other `Blob`, or the list's text. */
export type BrowserInput = Blob | string;

export interface RunHooks {
  /** Progress, at most about ten times a second. */
  onProgress?(progress: Progress): void;
  /** Aborting terminates the worker at once: this call, and any other waiting on it, rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface CheckHooks {
  /** Bytes read so far and the file being read, at most about ten times a second. */
  onProgress?(progress: CheckProgress): void;
  /**
   * Aborting rejects this call at once with the signal's reason and stops the audit in the worker,
   * which lives on (the last generate()'s findings stay readable).
   */
  signal?: AbortSignal;
}

/**
 * Why a call failed: `input` (unreadable input, no loc column), `options` (an option out of range),
 * `crashed` (the worker died), `memory` (the job ran out of memory; the worker lives on), `terminated`
 * (terminate() was called), or `internal`.
 */
export class SitemillError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SitemillError';
    this.code = code;
  }
}

export interface Sitemill {
  /** Writes the sitemaps zip for one or more lists, read in order. */
  generate(input: BrowserInput | BrowserInput[], options?: Partial<Options>, hooks?: RunHooks): Promise<GenerateOutput>;
  /** The delimiter, header, first rows and column roles of a list. */
  inspect(input: BrowserInput, options?: Partial<Options>, hooks?: Pick<RunHooks, 'signal'>): Promise<Inspection>;
  /** Findings `start … start+count` of the last generate() that match `filter`, with their total. */
  findingsPage(filter: FindingFilter, start: number, count: number): Promise<FindingsPage>;
  /**
   * Audits existing sitemaps (XML, `.xml.gz`, indexes, text sitemaps, RSS/Atom feeds, zips of them),
   * read in order as `sitemill check` reads them. Resolves with the files, the counts per code and
   * per severity; the findings stay in the worker (read them with checkFindingsPage).
   */
  check(input: BrowserInput | BrowserInput[], options?: CheckRunOptions, hooks?: CheckHooks): Promise<CheckSummary>;
  /**
   * Checks the site the page is served from (SPEC 12): `url` is its root, its robots.txt or one of
   * its sitemaps, on the page's own origin (browsers let a page read no other site; for those, use
   * `npx sitemill check <url>`). Resolves as check() does; progress counts the URLs fetched.
   */
  checkSite(url: string, options?: CheckRunOptions, hooks?: CheckHooks): Promise<CheckSummary>;
  /** Findings `start … start+count` of the last check() that match `filter`, with their total. */
  checkFindingsPage(filter: CheckFindingFilter, start: number, count: number): Promise<CheckFindingsPage>;
  /**
   * After a run with a previous set: a zip of only the files to upload (`filesToUpload(summary)`)
   * and the index, taken from the run's zip as they are stored there.
   */
  uploadSet(zip: Blob, summary: Pick<Summary, 'changes' | 'files'>): Promise<Blob>;
  /**
   * Whether the input is a zip this tool wrote (it holds its manifest.json): a previous set
   * (`options.previous`), not a list. Gives when it was written (its manifest's `now`; '' when that
   * is not said), or null when it is no such zip.
   */
  publishedSet(input: BrowserInput): Promise<string | null>;
  /** Stops the worker now; calls still waiting reject. A later call starts a new worker. */
  terminate(): void;
}

interface Running {
  worker: Worker;
  api: Comlink.Remote<WorkerApi>;
  /** Rejects when this worker stops, so no call waits on a dead one. */
  stopped: Promise<never>;
  stop(reason: unknown): void;
}

// Named here as well as in the worker: a bundler that copies this module's assets as opaque files
// copies the wasm too, and the worker is told where it went.
const WASM_URL = new URL('../build/sitemill.wasm', import.meta.url);

function named(input: BrowserInput): NamedBlob {
  if (typeof input === 'string') return new File([input], 'input.txt', { type: 'text/plain' });
  if (input instanceof File) return input;
  return new File([input], 'input', { type: input.type });
}

function absolute(url: string | URL): string {
  return new URL(String(url), globalThis.document?.baseURI ?? globalThis.location?.href).href;
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new SitemillError(outcome.error.code, outcome.error.message);
}

/** The options that can be posted to the worker: a signal or a function given with them (from JavaScript) stays here. */
function cloneable<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v !== 'function' && !(v instanceof AbortSignal))) as T;
}

function aborted(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

export function createSitemill(config: SitemillConfig = {}): Sitemill {
  let running: Running | null = null;

  const stop = (reason: unknown) => {
    if (!running) return;
    const { worker, api, stop: reject } = running;
    running = null;
    worker.terminate();
    api[Comlink.releaseProxy]();
    reject(reason);
  };

  const start = (): Running => {
    if (running) return running;
    // The literal `new Worker(new URL(…), …)` form lets bundlers find and emit the worker; `.js` is its
    // name once compiled into lib/, and Vite resolves it to worker.ts here.
    const worker = config.workerUrl
      ? new Worker(absolute(config.workerUrl), { type: 'module', name: 'sitemill-engine' })
      : new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'sitemill-engine' });
    const crashed = (message: string) => {
      if (running?.worker !== worker) return;
      stop(new SitemillError('crashed', message));
      config.onCrash?.(message);
    };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const detail = event instanceof ErrorEvent && event.message ? ` (${event.message})` : ': its script did not load or failed to start';
      crashed(`The engine stopped unexpectedly${detail}.`);
    });
    worker.addEventListener('messageerror', () => crashed('The engine sent a message that could not be read.'));
    let reject!: (reason: unknown) => void;
    const stopped = new Promise<never>((_, r) => (reject = r));
    stopped.catch(() => {}); // observed through call()
    const api = Comlink.wrap<WorkerApi>(worker);
    running = { worker, api, stopped, stop: reject };
    void api.useWasm(absolute(config.wasmUrl ?? WASM_URL)).catch(() => {});
    return running;
  };

  /** Runs a call on the worker; an abort stops the worker, or with `cancel`, asks it to stop the job only. */
  const call = async <T>(
    run: (api: Comlink.Remote<WorkerApi>) => Promise<T>,
    signal?: AbortSignal,
    cancel?: (api: Comlink.Remote<WorkerApi>) => Promise<void>,
  ): Promise<T> => {
    if (signal?.aborted) throw aborted(signal);
    const current = start();
    let cancelled!: (reason: unknown) => void;
    const onCancel = new Promise<never>((_, reject) => (cancelled = reject));
    onCancel.catch(() => {}); // observed through the race below
    const onAbort = () => {
      if (running !== current) return;
      if (!cancel) return stop(aborted(signal!));
      cancel(current.api).catch(() => {}); // a worker gone meanwhile has nothing left to stop
      cancelled(aborted(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await Promise.race([run(current.api), current.stopped, onCancel]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    async generate(input, options = {}, hooks = {}) {
      const files = (Array.isArray(input) ? input : [input]).map(named);
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      // Comlink's Remote type spreads over the union; the worker returns exactly an Outcome.
      const outcome = await call((api) => api.generate(files, options, progress) as Promise<Outcome<GenerateOutput>>, hooks.signal);
      return unwrap(outcome);
    },
    async inspect(input, options = {}, hooks = {}) {
      const outcome = await call((api) => api.inspect(named(input), options) as Promise<Outcome<Inspection>>, hooks.signal);
      return unwrap(outcome);
    },
    findingsPage(filter, start, count) {
      return call((api) => api.findingsPage(filter, start, count));
    },
    async check(input, options = {}, hooks = {}) {
      const files = (Array.isArray(input) ? input : [input]).map(named);
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      const outcome = await call(
        (api) => api.check(files, cloneable(options), progress) as Promise<Outcome<CheckSummary>>,
        hooks.signal,
        (api) => api.cancelCheck(),
      );
      return unwrap(outcome);
    },
    async checkSite(url, options = {}, hooks = {}) {
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      const clean: CheckRunOptions = { baseUrl: options.baseUrl, now: options.now };
      const outcome = await call((api) => api.checkSite(absolute(url), clean, progress) as Promise<Outcome<CheckSummary>>, hooks.signal);
      return unwrap(outcome);
    },
    checkFindingsPage(filter, start, count) {
      return call((api) => api.checkFindingsPage(filter, start, count));
    },
    async uploadSet(zip, summary) {
      const names = filesToUpload(summary);
      const outcome = await call((api) => api.uploadSet(zip, names, summary.files.map((f) => f.name)) as Promise<Outcome<Blob>>);
      return unwrap(outcome);
    },
    publishedSet(input) {
      return call((api) => api.publishedSet(named(input)));
    },
    terminate() {
      stop(new SitemillError('terminated', 'The engine was stopped.'));
    },
  };
}
