// The engine's worker: pages talk to it through Comlink (see src/browser.ts). It generates, inspects
// and checks; it keeps the last run's and the last check's findings so the page can read them a
// page at a time. Its compression workers are copies of this same script, started under another
// name: the build makes it one file with no chunks of its own, so a host's bundler that copies it
// as it is, and a plain copy of dist/, give it everything it loads.
import * as Comlink from 'comlink';
import { auditFiles, type CheckedFile, type CheckFinding, type CheckOptions } from './check/index.ts';
import type { AuditFindings } from './check/audit-findings.ts';
import { auditSite } from './fetch/check-site.ts';
import type { SiteFindings } from './fetch/site-findings.ts';
import type { LiveCoverage } from './fetch/coverage.ts';
import { generate, inspect } from './generate/engine.ts';
import { uploadZip } from './generate/upload-set.ts';
import { publishedSetTime } from './generate/published-set.ts';
import type { FindingFilter } from './findings/filter.ts';
import { FindingPager, type FindingsPage as PageOf } from './findings/pager.ts';
import { browserPlatform, iterate, useGzipWorkers, useWasmUrl } from './platform/browser.ts';
import { GZIP_WORKER_NAME, serveGzip } from './compress/gzip-worker.ts';
import type { Finding, InputSource, Inspection, Options, Progress, Severity, Summary } from './types.ts';

/** Both tabs' findings narrow by the same filter (the audit's has files to choose from). */
export type { FindingFilter, FindingFilter as CheckFindingFilter };
export type FindingsPage = PageOf<Finding>;
export type CheckFindingsPage = PageOf<CheckFinding>;

export interface EngineError {
  /** An InputError's `input-…`, an OptionError's `option-…`, `memory`, or `internal` (`ErrorCode` in types.ts). */
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

/**
 * What an audit takes besides the files: the options of `sitemill check` and the library's check(),
 * but those that cannot cross to the worker (the signal and progress go as the call's hooks).
 */
export type CheckRunOptions = Omit<CheckOptions, 'signal' | 'rowRules' | 'onRead'>;

/** A live check's options: an audit's, and the listed pages to sample (none when absent). */
export type SiteCheckOptions = CheckRunOptions & { samplePages?: number };

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
  /** A live check's: what it covered and what it left. */
  site?: LiveCoverage;
  /** The base URL the entries were judged by, given or inferred (a check of files). */
  baseUrl?: string;
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
  // An InputError or OptionError carries its own code (`input-…`, `option-…`): the page throws the same class.
  const code = typeof err?.code === 'string' ? err.code : 'internal';
  const message = typeof err?.message === 'string' && err.message ? err.message : String(e);
  return { ok: false, error: { code, message } };
}

let generated: FindingPager<Finding> | null = null;
let checked: FindingPager<CheckFinding> | null = null;
/** The audit going on: cancelCheck() stops it, and a newer one stops it too. */
let checking: AbortController | null = null;

interface AuditOutcome {
  files: CheckedFile[];
  codes: Record<string, number>;
  findings: AuditFindings | SiteFindings;
  passedOver: string[];
  coverage?: LiveCoverage;
  baseUrl?: string;
}

/**
 * Runs an audit (a newer one, or cancelCheck(), stops it); keeps its findings for checkFindingsPage
 * and gives its summary.
 */
async function audited(
  progress: ReturnType<typeof throttled<CheckProgress>>,
  run: (signal: AbortSignal) => Promise<AuditOutcome>,
): Promise<Outcome<CheckSummary>> {
  checked = null;
  checking?.abort();
  const controller = new AbortController();
  checking = controller;
  try {
    const result = await run(controller.signal);
    controller.signal.throwIfAborted();
    progress.flush();
    checked = new FindingPager(result.findings);
    const severities = result.findings.severities();
    const site = result.coverage ? { site: result.coverage } : {};
    const value = { files: result.files, codes: result.codes, findings: result.findings.length, severities, passedOver: result.passedOver, baseUrl: result.baseUrl };
    return { ok: true, value: { ...value, ...site } };
  } catch (e) {
    return failure(e);
  } finally {
    if (checking === controller) checking = null;
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
    generated = null;
    const progress = throttled(onProgress);
    try {
      const result = await generate(files.map(source), options, browserPlatform, { onProgress: (p) => progress.report(p) });
      progress.flush();
      generated = new FindingPager(result.findings);
      const zip = new Blob(result.zip as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
      return { ok: true, value: { summary: result.summary, zip } };
    } catch (e) {
      return failure(e);
    } finally {
      progress.release();
    }
  },

  /** Whether the file is a zip this tool wrote (its manifest.json): a previous set rather than a list. */
  async publishedSet(file: NamedBlob): Promise<string | null> {
    return publishedSetTime(source(file));
  },

  /** The files to upload from a generated zip: `names` and the index, as stored there, in a zip of their own. */
  async uploadSet(zip: Blob, names: string[], sitemaps: string[]): Promise<Outcome<Blob>> {
    try {
      const parts = await uploadZip(iterate(zip.stream()), names, sitemaps, browserPlatform);
      return { ok: true, value: new Blob(parts as Uint8Array<ArrayBuffer>[], { type: 'application/zip' }) };
    } catch (e) {
      return failure(e);
    }
  },

  /** Audits sitemaps, indexes, text sitemaps, feeds and zips of them (SPEC section 7), streaming each file. */
  async check(files: NamedBlob[], options: CheckRunOptions, onProgress?: (p: CheckProgress) => void): Promise<Outcome<CheckSummary>> {
    const progress = throttled(onProgress);
    const bytesTotal = files.reduce((n, f) => n + f.size, 0);
    let bytesRead = 0;
    const sources = files.map((file): InputSource => ({ name: file.name, size: file.size, chunks: () => iterate(file.stream()) }));
    const onRead = (i: number, bytes: number) => {
      bytesRead += bytes;
      progress.report({ bytesRead, bytesTotal, file: i + 1, files: files.length, name: files[i].name });
    };
    return audited(progress, (signal) => auditFiles(sources, { ...options, signal, onRead }, browserPlatform));
  },

  /**
   * Checks the site this worker is served from (SPEC 12): `url` is its root, its robots.txt, or a
   * sitemap of it; another origin is refused unfetched. Progress counts URLs fetched.
   */
  async checkSite(url: string, options: SiteCheckOptions, onProgress?: (p: CheckProgress) => void): Promise<Outcome<CheckSummary>> {
    const progress = throttled(onProgress);
    let bytesRead = 0;
    const onFetched = (name: string, bytes: number, file: number, files: number) => {
      bytesRead += bytes;
      progress.report({ bytesRead, bytesTotal: 0, file, files, name });
    };
    return audited(progress, (signal) => auditSite([url], { ...options, signal, sameOrigin: self.location.origin, onFetched }, browserPlatform));
  },

  /** Stops the audit going on, if any: it ends with an AbortError, and the worker lives on. */
  cancelCheck(): void {
    checking?.abort(new DOMException('The check was cancelled', 'AbortError'));
  },

  /** Findings `start … start+count` of the last check() matching `filter`, with the filtered total. */
  checkFindingsPage(filter: FindingFilter, start: number, count: number): CheckFindingsPage {
    return checked ? checked.page(filter, start, count) : { total: 0, start, findings: [] };
  },

  /** Findings `start … start+count` of those matching `filter`, with the filtered total. */
  findingsPage(filter: FindingFilter, start: number, count: number): FindingsPage {
    return generated ? generated.page(filter, start, count) : { total: 0, start, findings: [] };
  },
};

export type WorkerApi = typeof api;

if (self.name === GZIP_WORKER_NAME) serveGzip(self as unknown as Parameters<typeof serveGzip>[0]);
else {
  useGzipWorkers(() => new Worker(new URL(import.meta.url), { type: 'module', name: GZIP_WORKER_NAME }));
  Comlink.expose(api);
}
