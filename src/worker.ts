// The engine's worker: pages talk to it through Comlink (see src/browser.ts). It generates, inspects
// and checks; it keeps the last run's and the last check's findings so the page can read them a
// page at a time.
import * as Comlink from 'comlink';
import { checkFiles, type CheckedFile, type CheckResult } from './check/index.ts';
import { checkSite } from './fetch/check-site.ts';
import { CheckFindingPages, type CheckFindingFilter, type CheckFindingsPage } from './check/finding-pages.ts';
import { generate, inspect, InputError, OptionError } from './generate/engine.ts';
import type { FindingFilter, FindingStore } from './generate/findings.ts';
import { browserPlatform, iterate, useWasmUrl } from './platform/browser.ts';
import type { Finding, InputSource, Inspection, Options, Progress, Severity, Summary } from './types.ts';

export type { CheckFindingFilter, CheckFindingsPage, FindingFilter };

export interface FindingsPage {
  /** Findings matching the filter, in all. */
  total: number;
  /** Index (within the filtered list) of the first finding returned. */
  start: number;
  findings: Finding[];
}

export interface EngineError {
  /** `input` (unreadable input, no loc column), `options` (an option out of range), or `internal`. */
  code: string;
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export interface GenerateOutput {
  summary: Summary;
  zip: Blob;
}

/** A file from an input or a drop: a Blob with a name. Posting it hands over a handle, not its bytes. */
export type NamedBlob = Blob & { readonly name: string };

/** What an audit takes besides the files: the site's folder and the clock, as `sitemill check` does. */
export interface CheckRunOptions {
  /** Where the sitemaps are published; the first loc's origin + '/' when absent. */
  baseUrl?: string;
  /** The clock for lastmod-future, as an ISO date-time; the current time when absent. */
  now?: string;
}

export interface CheckProgress {
  /** Bytes of the given files read so far (compressed bytes for compressed files). */
  bytesRead: number;
  bytesTotal: number;
  /** The file being read: its position (1-based) among the given files, and its name. */
  file: number;
  files: number;
  name: string;
}

/** An audit's result without its findings, which stay in the worker: read them with checkFindingsPage. */
export interface CheckSummary {
  /** Per document: name (`archive.zip/entry.xml` inside a zip), kind, entries, bytes, findings. */
  files: CheckedFile[];
  codes: Record<string, number>;
  /** Findings in all. */
  findings: number;
  severities: Partial<Record<Severity, number>>;
  /** Zip entries passed over as companions of sitemaps (robots*.txt, .csv, .json). */
  passedOver: string[];
}

const PROGRESS_INTERVAL_MS = 100;

function source(file: NamedBlob): InputSource {
  return { name: file.name, size: file.size, chunks: () => iterate(file.stream()) };
}

/** Passes progress on at most every PROGRESS_INTERVAL_MS; `flush` sends the last one held back. */
function throttled<P>(onProgress: ((p: P) => void) | undefined) {
  let last = 0;
  let pending: P | null = null;
  return {
    report(p: P): void {
      const now = performance.now();
      if (now - last >= PROGRESS_INTERVAL_MS) {
        last = now;
        pending = null;
        void onProgress?.(p);
      } else {
        pending = p;
      }
    },
    flush(): void {
      if (pending) void onProgress?.(pending);
      pending = null;
    },
    release(): void {
      (onProgress as Partial<Comlink.Remote<unknown>> | undefined)?.[Comlink.releaseProxy]?.();
    },
  };
}

function failure(e: unknown): { ok: false; error: EngineError } {
  const err = e as { code?: unknown; message?: unknown } | null;
  const code =
    e instanceof InputError ? 'input' : e instanceof OptionError ? 'options' : typeof err?.code === 'string' ? err.code : 'internal';
  const message = typeof err?.message === 'string' && err.message ? err.message : String(e);
  return { ok: false, error: { code, message } };
}

function hasFilter(f: FindingFilter): boolean {
  return !!(f.codes?.length || f.severities?.length || f.search?.trim());
}

let store: FindingStore | null = null;
let selectionKey = '';
let selection: Uint32Array | null = null;
let checked: CheckFindingPages | null = null;

/** Runs an audit; keeps its findings for checkFindingsPage and gives its summary. */
async function audited(progress: ReturnType<typeof throttled<CheckProgress>>, run: () => Promise<CheckResult>): Promise<Outcome<CheckSummary>> {
  try {
    const result = await run();
    progress.flush();
    checked = new CheckFindingPages(result.findings);
    const severities: Partial<Record<Severity, number>> = {};
    for (const f of result.findings) severities[f.severity] = (severities[f.severity] ?? 0) + 1;
    return { ok: true, value: { files: result.files, codes: result.codes, findings: result.findings.length, severities, passedOver: result.passedOver } };
  } catch (e) {
    return failure(e);
  } finally {
    progress.release();
  }
}

const api = {
  /** Where to load the wasm from, when the host moved it away from the worker's own folder. */
  useWasm(url: string): void {
    useWasmUrl(url);
  },

  async inspect(file: NamedBlob, options: Partial<Options> = {}): Promise<Outcome<Inspection>> {
    try {
      return { ok: true, value: await inspect(source(file), browserPlatform, options) };
    } catch (e) {
      return failure(e);
    }
  },

  async generate(
    files: NamedBlob[],
    options: Partial<Options>,
    onProgress?: (p: Progress) => void,
  ): Promise<Outcome<GenerateOutput>> {
    store = null;
    selection = null;
    selectionKey = '';
    const progress = throttled(onProgress);
    try {
      const result = await generate(files.map(source), options, browserPlatform, { onProgress: (p) => progress.report(p) });
      progress.flush();
      store = result.findings;
      const zip = new Blob(result.zip as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
      return { ok: true, value: { summary: result.summary, zip } };
    } catch (e) {
      return failure(e);
    } finally {
      progress.release();
    }
  },

  /** Audits sitemaps, indexes, text sitemaps, feeds and zips of them (SPEC section 7), streaming each file. */
  async check(files: NamedBlob[], options: CheckRunOptions, onProgress?: (p: CheckProgress) => void): Promise<Outcome<CheckSummary>> {
    checked = null;
    const progress = throttled(onProgress);
    const bytesTotal = files.reduce((n, f) => n + f.size, 0);
    let bytesRead = 0;
    const sources = files.map((file): InputSource => ({ name: file.name, size: file.size, chunks: () => iterate(file.stream()) }));
    const onRead = (i: number, bytes: number) => {
      bytesRead += bytes;
      progress.report({ bytesRead, bytesTotal, file: i + 1, files: files.length, name: files[i].name });
    };
    return audited(progress, () => checkFiles(sources, { baseUrl: options.baseUrl, now: options.now, onRead }, browserPlatform));
  },

  /**
   * Checks the site this worker is served from (SPEC 12): `url` is its root, its robots.txt, or a
   * sitemap of it; another origin is refused unfetched. Progress counts URLs fetched.
   */
  async checkSite(url: string, options: CheckRunOptions, onProgress?: (p: CheckProgress) => void): Promise<Outcome<CheckSummary>> {
    checked = null;
    const progress = throttled(onProgress);
    let bytesRead = 0;
    const onFetched = (name: string, bytes: number, file: number, files: number) => {
      bytesRead += bytes;
      progress.report({ bytesRead, bytesTotal: 0, file, files, name });
    };
    return audited(progress, () => checkSite([url], { baseUrl: options.baseUrl, now: options.now, sameOrigin: self.location.origin, onFetched }, browserPlatform));
  },

  /** Findings `start … start+count` of the last check() matching `filter`, with the filtered total. */
  checkFindingsPage(filter: CheckFindingFilter, start: number, count: number): CheckFindingsPage {
    return checked ? checked.page(filter, start, count) : { total: 0, start, findings: [] };
  },

  /** Findings `start … start+count` of those matching `filter`, with the filtered total. */
  findingsPage(filter: FindingFilter, start: number, count: number): FindingsPage {
    if (!store) return { total: 0, start, findings: [] };
    const key = JSON.stringify([filter.codes ?? [], filter.severities ?? [], filter.search?.trim() ?? '']);
    if (key !== selectionKey) {
      selectionKey = key;
      selection = hasFilter(filter)
        ? store.select({ codes: filter.codes, severities: filter.severities, search: filter.search?.trim() || undefined })
        : null;
    }
    const total = selection ? selection.length : store.length;
    const end = Math.min(total, start + Math.max(0, count));
    const findings: Finding[] = [];
    for (let i = Math.max(0, start); i < end; i++) findings.push(store.at(selection ? selection[i] : i));
    return { total, start, findings };
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);
