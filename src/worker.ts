// The engine's worker: pages talk to it through Comlink (see src/browser.ts).
// It keeps the last run's findings so the page can read them a page at a time.
import * as Comlink from 'comlink';
import { generate, inspect, InputError, OptionError } from './engine.ts';
import type { FindingFilter, FindingStore } from './findings.ts';
import { browserPlatform, iterate, useWasmUrl } from './platform-browser.ts';
import type { Finding, InputSource, Inspection, Options, Progress, Summary } from './types.ts';

export type { FindingFilter };

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

const PROGRESS_INTERVAL_MS = 100;

function source(file: NamedBlob): InputSource {
  return { name: file.name, size: file.size, chunks: () => iterate(file.stream()) };
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
    let last = 0;
    let pending: Progress | null = null;
    const report = (p: Progress) => {
      const now = performance.now();
      if (now - last >= PROGRESS_INTERVAL_MS) {
        last = now;
        pending = null;
        void onProgress?.(p);
      } else {
        pending = p;
      }
    };
    try {
      const result = await generate(files.map(source), options, browserPlatform, { onProgress: report });
      if (pending) void onProgress?.(pending);
      store = result.findings;
      const zip = new Blob(result.zip as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
      return { ok: true, value: { summary: result.summary, zip } };
    } catch (e) {
      return failure(e);
    } finally {
      (onProgress as Partial<Comlink.Remote<unknown>> | undefined)?.[Comlink.releaseProxy]?.();
    }
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
