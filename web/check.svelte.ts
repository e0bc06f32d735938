// The Check tab's state: the files to audit, the run and its results. The audit has its own engine
// worker, so cancelling one task never throws away the other's results.
import {
  createSitemill,
  SitemillError,
  type CheckFindingFilter,
  type CheckProgress,
  type CheckRunOptions,
  type CheckSummary,
  type NamedBlob,
  type Sitemill,
} from '../src/browser';
import { onlyCompanions } from '../src/check/companions';
import type { Severity } from '../src/types';
import { Runs } from './runs';

export type CheckPhase = 'empty' | 'ready' | 'running' | 'done';

export interface CheckProgressView {
  bytesRead: number;
  bytesTotal: number;
  /** 0…1, or null before anything is read. */
  fraction: number | null;
  bytesPerSecond: number;
  /** The file being read: its position among the given files, and its name. */
  file: number;
  files: number;
  name: string;
}

export interface CheckerHooks {
  /** The options the audit takes from the Options panel, or null while one of them is invalid. */
  options(): CheckRunOptions | null;
  oncomplete?(summary: CheckSummary): void;
  onerror?(message: string): void;
}

/** The value of the file filter that stands for findings about the whole set (no file). */
export const WHOLE_SET = '';

const fmt = (n: number) => n.toLocaleString('en');

export class Checker {
  files = $state.raw<NamedBlob[]>([]);
  phase = $state<CheckPhase>('empty');
  progress = $state.raw<CheckProgressView | null>(null);
  result = $state.raw<CheckSummary | null>(null);
  /** Bumped on every finished check so views drop what they fetched for the previous one. */
  runId = $state(0);
  error = $state<string | null>(null);
  notice = $state<string | null>(null);
  announcement = $state('');

  codeFilter = $state('');
  severityFilter = $state<Severity | ''>('');
  /** A file name, WHOLE_SET, or null for every file. */
  fileFilter = $state<string | null>(null);
  search = $state('');

  filter = $derived<CheckFindingFilter>({
    codes: this.codeFilter ? [this.codeFilter] : undefined,
    severities: this.severityFilter ? [this.severityFilter] : undefined,
    files: this.fileFilter === null ? undefined : [this.fileFilter],
    search: this.search.trim() || undefined,
  });
  listBytes = $derived(this.files.reduce((n, f) => n + f.size, 0));
  #runKey = $state('');

  readonly engine: Sitemill;
  readonly #hooks: CheckerHooks;
  readonly #runs = new Runs();

  /** The results shown were made with another base URL or clock than those now set. */
  get stale(): boolean {
    return this.result !== null && this.#runKey !== JSON.stringify(this.#hooks.options());
  }

  constructor(hooks: CheckerHooks) {
    this.#hooks = hooks;
    this.engine = createSitemill({
      // A check in flight reports a crash itself; this covers the worker dying between checks,
      // which loses the findings the table pages through.
      onCrash: (message) => {
        if (this.#runs.idle) this.#fail(`${message} Check again to see the findings.`);
      },
    });
  }

  /** Takes a new set of files and checks it at once. */
  load(files: NamedBlob[]): Promise<CheckSummary | null> {
    if (files.length === 0) {
      this.#runs.abort();
      this.#runs.next();
      this.files = [];
      this.#clearResults();
      this.phase = 'empty';
      this.error = null;
      this.notice = 'No sitemap, feed, text sitemap or zip was found there (names ending in .xml, .gz, .txt, .zip, .rss or .atom).';
      return Promise.resolve(null);
    }
    this.files = files;
    return this.run();
  }

  async run(): Promise<CheckSummary | null> {
    const options = this.#hooks.options();
    if (this.files.length === 0 || !options) return null;
    const { token, signal } = this.#runs.begin();
    this.#clearResults();
    this.error = null;
    this.notice = null;
    this.announcement = '';
    this.phase = 'running';
    const started = performance.now();
    const total = this.listBytes;
    this.progress = { bytesRead: 0, bytesTotal: total, fraction: total ? 0 : null, bytesPerSecond: 0, file: 1, files: this.files.length, name: this.files[0].name };
    const onProgress = (p: CheckProgress) => {
      if (!this.#runs.current(token)) return;
      const elapsed = Math.max(1e-3, (performance.now() - started) / 1000);
      this.progress = {
        ...p,
        fraction: p.bytesTotal ? Math.min(1, p.bytesRead / p.bytesTotal) : null,
        bytesPerSecond: p.bytesRead / elapsed,
      };
    };
    try {
      const result = await this.#runs.track(this.engine.check(this.files, options, { onProgress, signal }));
      if (!this.#runs.current(token)) return null;
      this.result = result;
      this.#runKey = JSON.stringify(options);
      this.runId++;
      this.phase = 'done';
      if (result.files.length === 0 && result.passedOver.length > 0) {
        const why = onlyCompanions(result.passedOver);
        this.notice = why[0].toUpperCase() + why.slice(1) + '.';
      }
      const errors = result.severities.error ?? 0;
      this.announcement = `Checked ${fmt(result.files.length)} ${result.files.length === 1 ? 'file' : 'files'}: ${fmt(result.findings)} findings, ${fmt(errors)} at error level.`;
      this.#hooks.oncomplete?.(result);
      return result;
    } catch (e) {
      if (!this.#runs.current(token)) return null;
      this.#clearResults();
      this.phase = 'ready';
      if (signal.aborted) {
        this.notice = 'Check cancelled. The files are still loaded.';
      } else if (e instanceof SitemillError && e.code === 'crashed') {
        this.#fail(`${e.message} The files are kept: check again to retry.`);
      } else {
        this.#fail((e as Error).message);
      }
      return null;
    } finally {
      if (this.#runs.current(token)) this.progress = null;
      this.#runs.end(token);
    }
  }

  cancel(): void {
    if (this.phase !== 'running') return;
    this.#runs.abort();
  }

  /**
   * The files to write again: all of them but those the audit could not read at all (a PNG, an
   * empty file), which the generator would refuse. A zip counts by its entries.
   */
  regenerable(): NamedBlob[] {
    const documents = this.result?.files ?? [];
    return this.files.filter((file) => {
      const mine = documents.filter((d) => d.name === file.name || d.name.startsWith(`${file.name}/`));
      return mine.some((d) => d.kind !== 'unknown' || d.urls > 0);
    });
  }

  dispose(): void {
    this.#runs.next();
    this.#runs.abort();
    this.engine.terminate();
  }

  #fail(message: string): void {
    this.error = message;
    this.announcement = '';
    this.#hooks.onerror?.(message);
  }

  #clearResults(): void {
    this.result = null;
    this.codeFilter = '';
    this.severityFilter = '';
    this.fileFilter = null;
    this.search = '';
  }
}
