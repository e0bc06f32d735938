// The library in browsers: the same engine as the CLI, in a module worker driven through Comlink.
// Aborting a generate() or inspect(), or the worker dying, terminates it (the next call starts a fresh
// one); aborting a check() stops the audit and keeps the worker.
import * as Comlink from 'comlink';
import type { ErrorCode, Finding, Input, Inspection, Options, PathInput, Progress, Summary } from './types.ts';
import type { CheckFinding } from './check/index.ts';
import { AbortError, InputError, OptionError, SitemillError } from './errors.ts';
import { formOf, inputsOf } from './library-inputs.ts';
import { checkArgument, CHECK_OPTIONS, GENERATE_OPTIONS, HOOKS_WHERE, INSPECT_OPTIONS, OPTIONS_WHERE, RUN_HOOKS, SITE_CHECK_EXTRA, type OptionTable } from './library-options.ts';
import { abortableChunks } from './input/abortable-reads.ts';
import { filesToUpload } from './generate/files-to-upload.ts';
export { filesToUpload };
import type {
  CheckFindingFilter,
  CheckFindingsPage,
  CheckProgress,
  CheckRunOptions,
  SiteCheckOptions,
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
export type { CheckFindingFilter, CheckFindingsPage, CheckProgress, CheckRunOptions, CheckSummary, EngineError, FindingFilter, FindingsPage, GenerateOutput, NamedBlob, SiteCheckOptions };
export { AbortError, InputError, OptionError, SitemillError };
export type { LiveCoverage } from './fetch/coverage.ts';
export { checkedWords, notChecked } from './fetch/coverage.ts';

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

/**
 * A list to read: `{ text }`, `{ bytes }`, a `File` (its name is kept), any other `Blob`, `{ blob }`,
 * a `ReadableStream` or `{ stream }` (read into a Blob first), each optionally named. `{ path }` is
 * Node's only, and a bare string is refused (docs/library.md).
 */
export type BrowserInput = Exclude<Input, PathInput>;

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
 * Why a call failed is the error's `code`: an OptionError's `option-…`, an InputError's `input-…`,
 * an AbortError's `aborted`, or a SitemillError's `crashed` (the worker died), `memory` (the job ran
 * out of memory; the worker lives on), `terminated` (terminate() was called), or `internal`.
 */

export interface Sitemill {
  /** Writes the sitemaps zip for one or more lists, read in order. */
  generate(input: BrowserInput | BrowserInput[], options?: Partial<Options>, hooks?: RunHooks): Promise<GenerateOutput>;
  /** The delimiter, header, first rows and column roles of a list. */
  inspect(input: BrowserInput, options?: Partial<Options>, hooks?: Pick<RunHooks, 'signal'>): Promise<Inspection>;
  /** Findings `start … start+count` of the last generate() that match `filter`, with their total. */
  findingsPage(filter: FindingFilter, start: number, count: number): Promise<FindingsPage>;
  /**
   * The findings of the last generate() that match `filter`, in order (`for await (const f of
   * sitemill.findings())`), read from the worker a page at a time. A generate() started meanwhile
   * ends the reading with a SitemillError of code `stale`.
   */
  findings(filter?: FindingFilter): AsyncIterableIterator<Finding>;
  /**
   * Audits existing sitemaps (XML, `.xml.gz`, indexes, text sitemaps, RSS/Atom feeds, zips of them),
   * read in order as `sitemill check` reads them. Resolves with the files, the counts per code and
   * per severity; the findings stay in the worker (read them with checkFindingsPage).
   */
  check(input: BrowserInput | BrowserInput[], options?: CheckRunOptions, hooks?: CheckHooks): Promise<CheckSummary>;
  /**
   * Checks the site the page is served from (SPEC 12): `url` is its root, its robots.txt or one of
   * its sitemaps, on the page's own origin (browsers let a page read no other site; for those, use
   * `npx sitemill check <url>`). `samplePages` of the listed pages are fetched as `--sample-pages`
   * does. Resolves as check() does, with `site`: what was and was not checked; progress counts the URLs fetched.
   */
  checkSite(url: string, options?: SiteCheckOptions, hooks?: CheckHooks): Promise<CheckSummary>;
  /** Findings `start … start+count` of the last check() that match `filter`, with their total. */
  checkFindingsPage(filter: CheckFindingFilter, start: number, count: number): Promise<CheckFindingsPage>;
  /** The findings of the last check() that match `filter`, in order, a page at a time; a check() started meanwhile ends it (`stale`). */
  checkFindings(filter?: CheckFindingFilter): AsyncIterableIterator<CheckFinding>;
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

/** Bytes gathered into Blobs of this size as a stream is read, so the browser can keep them out of the heap. */
const BLOB_PART = 8 << 20;

/** An input as the File posted to the worker (a handle, not its bytes); a stream is read into one first, stopping when `signal` aborts. */
async function named(input: BrowserInput, signal?: AbortSignal): Promise<NamedBlob> {
  const form = formOf(input);
  switch (form.kind) {
    case 'path':
      throw new InputError('{ path } reads a file in Node only: in a browser, pass a File or Blob, { bytes } or { text }', 'input-unsupported');
    case 'text':
      return new File([form.text], form.name, { type: 'text/plain' });
    case 'bytes':
      return new File([form.bytes as Uint8Array<ArrayBuffer>], form.name);
    case 'blob':
      return form.blob instanceof File && form.blob.name === form.name ? form.blob : new File([form.blob], form.name, { type: form.blob.type });
    case 'stream':
      return new File(await gathered(abortableChunks(form.stream, signal, form.name)), form.name);
    case 'source':
      return new File(await gathered(abortableChunks(form.source.chunks(), signal, form.source.name)), form.source.name);
  }
}

async function gathered(chunks: AsyncIterable<Uint8Array>): Promise<Blob[]> {
  const parts: Blob[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    pending.push(chunk as Uint8Array<ArrayBuffer>);
    bytes += chunk.byteLength;
    if (bytes >= BLOB_PART) {
      parts.push(new Blob(pending));
      pending = [];
      bytes = 0;
    }
  }
  parts.push(new Blob(pending));
  return parts;
}

async function namedAll(input: BrowserInput | BrowserInput[], signal?: AbortSignal): Promise<NamedBlob[]> {
  if (signal?.aborted) throw new AbortError(signal.reason);
  return Promise.all(inputsOf(input).map((i) => named(i as BrowserInput, signal)));
}

const { signal: _signal, onRead: _onRead, rowRules: _rowRules, ...CHECK_RUN_OPTIONS } = CHECK_OPTIONS;
const SITE_CHECK_OPTIONS: OptionTable = { ...CHECK_RUN_OPTIONS, ...SITE_CHECK_EXTRA };
const SIGNAL_HOOK: OptionTable = { signal: RUN_HOOKS.signal };

/** Refuses an option or hook no call takes, or of the wrong type, before the worker is asked. */
function checkArguments(call: string, options: unknown, optionTable: OptionTable, hooks: unknown, hookTable: OptionTable): void {
  const unsupported = call === 'generate' ? { outDir: 'outDir writes a folder, which a browser cannot: take the zip (result.zip) instead' } : undefined;
  checkArgument(options, { what: `${call}() option`, table: optionTable, unsupported, elsewhere: [{ table: hookTable, where: HOOKS_WHERE }] });
  checkArgument(hooks, { what: `${call}() hook`, table: hookTable, elsewhere: [{ table: optionTable, where: OPTIONS_WHERE }] });
}

function absolute(url: string | URL): string {
  return new URL(String(url), globalThis.document?.baseURI ?? globalThis.location?.href).href;
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { code, message } = outcome.error;
  // The worker sends the code of the class it caught: the same class is thrown here.
  if (code.startsWith('option-')) throw new OptionError(message, code as OptionError['code']);
  if (code.startsWith('input-')) throw new InputError(message, code as InputError['code']);
  throw new SitemillError(code as ErrorCode, message);
}

/** The options that can be posted to the worker: a signal or a function given with them (from JavaScript) stays here. */
function cloneable<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v !== 'function' && !(v instanceof AbortSignal))) as T;
}

/** Findings read through a worker a page at this size: a page in flight, not the whole list, is held. */
const FINDINGS_PAGE = 1000;

/** Every finding a pager gives, page after page; `run()` counting up means a newer run replaced them. */
async function* paged<T>(read: (start: number, count: number) => Promise<{ total: number; findings: T[] }>, run: () => number, what: string): AsyncGenerator<T> {
  const reading = run();
  for (let start = 0; ; ) {
    const page = await read(start, FINDINGS_PAGE);
    if (run() !== reading) throw new SitemillError('stale', `a newer ${what} replaced the findings being read`);
    yield* page.findings;
    start += page.findings.length;
    if (page.findings.length === 0 || start >= page.total) return;
  }
}

function aborted(signal: AbortSignal): AbortError {
  return new AbortError(signal.reason);
}

export function createSitemill(config: SitemillConfig = {}): Sitemill {
  let running: Running | null = null;
  /** Runs started, so a reading of their findings knows when a newer one has replaced them. */
  const started = { generate: 0, check: 0 };

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
      checkArguments('generate', options, GENERATE_OPTIONS, hooks, RUN_HOOKS);
      started.generate++;
      const files = await namedAll(input, hooks.signal);
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      // Comlink's Remote type spreads over the union; the worker returns exactly an Outcome.
      const outcome = await call((api) => api.generate(files, options, progress) as Promise<Outcome<GenerateOutput>>, hooks.signal);
      return unwrap(outcome);
    },
    async inspect(input, options = {}, hooks = {}) {
      checkArguments('inspect', options, INSPECT_OPTIONS, hooks, SIGNAL_HOOK);
      if (Array.isArray(input)) throw new InputError('inspect() takes one input, not an array', 'input-type');
      const [file] = await namedAll(input, hooks.signal);
      const outcome = await call((api) => api.inspect(file, options) as Promise<Outcome<Inspection>>, hooks.signal);
      return unwrap(outcome);
    },
    findingsPage(filter, start, count) {
      return call((api) => api.findingsPage(filter, start, count));
    },
    findings(filter = {}) {
      return paged((start, count) => call((api) => api.findingsPage(filter, start, count)), () => started.generate, 'generate()');
    },
    async check(input, options = {}, hooks = {}) {
      checkArguments('check', options, CHECK_RUN_OPTIONS, hooks, RUN_HOOKS);
      started.check++;
      const files = await namedAll(input, hooks.signal);
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      const outcome = await call(
        (api) => api.check(files, cloneable(options), progress) as Promise<Outcome<CheckSummary>>,
        hooks.signal,
        (api) => api.cancelCheck(),
      );
      return unwrap(outcome);
    },
    async checkSite(url, options = {}, hooks = {}) {
      checkArguments('checkSite', options, SITE_CHECK_OPTIONS, hooks, RUN_HOOKS);
      started.check++;
      const progress = hooks.onProgress ? Comlink.proxy(hooks.onProgress) : undefined;
      const clean: SiteCheckOptions = { baseUrl: options.baseUrl, now: options.now, samplePages: options.samplePages };
      const outcome = await call((api) => api.checkSite(absolute(url), clean, progress) as Promise<Outcome<CheckSummary>>, hooks.signal);
      return unwrap(outcome);
    },
    checkFindingsPage(filter, start, count) {
      return call((api) => api.checkFindingsPage(filter, start, count));
    },
    checkFindings(filter = {}) {
      return paged((start, count) => call((api) => api.checkFindingsPage(filter, start, count)), () => started.check, 'check()');
    },
    async uploadSet(zip, summary) {
      const names = filesToUpload(summary);
      const outcome = await call((api) => api.uploadSet(zip, names, summary.files.map((f) => f.name)) as Promise<Outcome<Blob>>);
      return unwrap(outcome);
    },
    async publishedSet(input) {
      const [file] = await namedAll(input);
      return call((api) => api.publishedSet(file));
    },
    terminate() {
      stop(new SitemillError('terminated', 'The engine was stopped.'));
    },
  };
}
