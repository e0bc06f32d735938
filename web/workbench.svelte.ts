// The workbench's state: the list, the options, the run and its results. Components read it and call its methods.
import { createSitemill, SitemillError, type CheckSummary, type FindingFilter, type NamedBlob, type Sitemill } from '../src/browser';
import type { Delimiter, Inspection, Progress, Role, Severity, Summary } from '../src/types';
import { Checker } from './check.svelte';
import { Runs } from './runs';
import { droppedFiles, type Dropped } from './folder-files';
import { DEFAULT_SETTINGS, toOptions, validate, type Settings } from './settings';

/** How many of the files are looked at for a list to show the column mapping of. */
const INSPECTED_FILES = 20;

export type Phase = 'empty' | 'ready' | 'running' | 'done';
/** The workbench's two tasks: write sitemaps from a list, or audit existing sitemaps. */
export type Mode = 'generate' | 'check';

export interface ProgressView {
  rows: number;
  accepted: number;
  rejected: number;
  /** 0…1, or null when the total size is unknown. */
  fraction: number | null;
  rowsPerSecond: number;
  /** Seconds, or null until there is enough to estimate. */
  secondsLeft: number | null;
}

export interface WorkbenchHooks {
  /** The options to start with; the defaults otherwise. */
  settings?: Settings;
  /** After every finished run (also one that accepted no row). */
  oncomplete?(summary: Summary, zip: Blob): void;
  /** After every finished check. */
  oncheck?(summary: CheckSummary): void;
  /** When a run or a list could not be read, or the engine died: the sentence shown. */
  onerror?(message: string): void;
}

export const SEVERITIES: Severity[] = ['error', 'fix', 'warning', 'info'];

const fmt = (n: number) => n.toLocaleString('en');

export class Workbench {
  mode = $state<Mode>('generate');
  files = $state.raw<NamedBlob[]>([]);
  inspection = $state.raw<Inspection | null>(null);
  /** Column roles chosen by hand; null keeps the engine's detection. */
  roles = $state.raw<Role[] | null>(null);
  delimiter = $state<Delimiter | 'auto'>('auto');
  settings = $state<Settings>({ ...DEFAULT_SETTINGS });
  /** The clock for lastmod-future; empty means the current time. Not remembered on purpose. */
  now = $state('');

  phase = $state<Phase>('empty');
  progress = $state.raw<ProgressView | null>(null);
  summary = $state.raw<Summary | null>(null);
  zip = $state.raw<Blob | null>(null);
  /** Bumped on every finished run so views drop what they fetched for the previous one. */
  runId = $state(0);
  error = $state<string | null>(null);
  notice = $state<string | null>(null);
  /** One sentence for screen readers when a run ends. */
  announcement = $state('');

  codeFilter = $state('');
  severityFilter = $state<Severity | ''>('');
  search = $state('');

  errors = $derived(validate(this.settings, this.now));
  valid = $derived(Object.keys(this.errors).length === 0);
  options = $derived.by(() => {
    const o = toOptions(this.settings, this.now);
    if (this.delimiter !== 'auto') o.delimiter = this.delimiter;
    if (this.roles) o.roles = [...this.roles];
    return o;
  });
  #runKey = $state('');
  /** The results shown were made with other options than those now set. */
  stale = $derived(this.summary !== null && this.#runKey !== JSON.stringify(this.options));
  filter = $derived<FindingFilter>({
    codes: this.codeFilter ? [this.codeFilter] : undefined,
    severities: this.severityFilter ? [this.severityFilter] : undefined,
    search: this.search.trim() || undefined,
  });
  listBytes = $derived(this.files.reduce((n, f) => n + f.size, 0));

  readonly engine: Sitemill;
  /** The Check tab: it takes the base URL and the reference time from these options. */
  readonly check: Checker;
  readonly #hooks: WorkbenchHooks;
  /** inspect and generate calls: a call in flight reports a crash itself. */
  readonly #runs = new Runs();

  constructor(hooks: WorkbenchHooks = {}) {
    this.#hooks = hooks;
    if (hooks.settings) this.settings = { ...hooks.settings };
    this.engine = createSitemill({
      // A call in flight reports a crash itself; this covers the worker dying between runs,
      // which loses the findings the table pages through.
      onCrash: (message) => {
        if (this.#runs.idle) this.#fail(`${message} Generate again to see the findings.`);
      },
    });
    this.check = new Checker({
      options: () => {
        if (this.errors.baseUrl || this.errors.now) return null;
        const { baseUrl, now } = this.options;
        return { baseUrl, now };
      },
      oncomplete: (summary) => hooks.oncheck?.(summary),
      onerror: (message) => hooks.onerror?.(message),
    });
  }

  /** Files or folders dropped on the page or the element, for the tab in view. */
  async drop(dropped: Dropped): Promise<void> {
    if (this.mode === 'check') {
      let files: File[];
      try {
        files = await droppedFiles(dropped);
      } catch (e) {
        this.check.error = `The dropped folder could not be read (${(e as Error).message || 'no reason given'}).`;
        return;
      }
      void this.check.load(files);
    } else if (dropped.files.length > 0) {
      void this.load(dropped.files);
    } else if (dropped.folders.length > 0) {
      this.notice = 'A folder of sitemaps can be checked in the Check tab; here, drop the list files themselves.';
    }
  }

  /** The checked files, written again through the generator with the options set: the Generate tab takes over. */
  async fixAndRegenerate(): Promise<Summary | null> {
    const files = this.check.regenerable();
    const left = this.check.files.filter((f) => !files.includes(f)).map((f) => f.name);
    this.mode = 'generate';
    const summary = await this.load(files);
    if (summary && left.length) {
      const leftOut = `Left out, as nothing in ${left.length === 1 ? 'it' : 'them'} could be read as a sitemap: ${left.join(', ')}.`;
      this.notice = this.notice ? `${this.notice} ${leftOut}` : leftOut;
    }
    return summary;
  }

  /** Takes a new list: shows its columns, then runs it at once so its findings show. */
  async load(files: NamedBlob[]): Promise<Summary | null> {
    if (files.length === 0) return null;
    this.#runs.abort();
    const token = this.#runs.next();
    this.files = files;
    this.roles = null;
    this.delimiter = 'auto';
    this.inspection = null;
    this.#clearResults();
    this.error = null;
    this.notice = null;
    this.phase = 'ready';
    if (!(await this.#inspect(token))) return null;
    return this.generate();
  }

  loadText(text: string, name: string): Promise<Summary | null> {
    return this.load([new File([text], name, { type: 'text/plain' })]);
  }

  async setDelimiter(d: Delimiter | 'auto'): Promise<void> {
    this.delimiter = d;
    this.roles = null;
    await this.#inspect(this.#runs.next());
  }

  setRole(column: number, role: Role): void {
    const base = this.roles ?? this.inspection?.roles ?? [];
    const next = [...base];
    while (next.length <= column) next.push('ignore');
    next[column] = role;
    this.roles = next;
  }

  resetRoles(): void {
    this.roles = null;
  }

  async #inspect(token: number): Promise<boolean> {
    if (!this.files[0]) return false;
    try {
      const opts = this.delimiter === 'auto' ? {} : { delimiter: this.delimiter };
      // The mapping is for lists: the first file that is one (among the first few), else the first
      // file (a sitemap, shown as read).
      let inspection: Inspection | null = null;
      for (const file of this.files.slice(0, INSPECTED_FILES)) {
        const seen = await this.#runs.track(this.engine.inspect(file, opts));
        if (!this.#runs.current(token)) return false;
        inspection ??= seen;
        if (!seen.fromSitemap) {
          inspection = seen;
          break;
        }
      }
      this.inspection = inspection;
      return true;
    } catch (e) {
      if (this.#runs.current(token)) {
        this.phase = this.files.length ? 'ready' : 'empty';
        this.#fail((e as Error).message);
      }
      return false;
    }
  }

  async generate(): Promise<Summary | null> {
    if (this.files.length === 0 || !this.valid) return null;
    const { token, signal } = this.#runs.begin();
    const options = $state.snapshot(this.options);
    const key = JSON.stringify(options);
    this.#clearResults();
    this.error = null;
    this.notice = null;
    this.announcement = '';
    this.phase = 'running';
    const started = performance.now();
    const total = this.listBytes;
    this.progress = { rows: 0, accepted: 0, rejected: 0, fraction: total ? 0 : null, rowsPerSecond: 0, secondsLeft: null };
    const onProgress = (p: Progress) => {
      if (!this.#runs.current(token)) return;
      const elapsed = Math.max(1e-3, (performance.now() - started) / 1000);
      const bytesTotal = p.bytesTotal ?? total;
      const fraction = bytesTotal ? Math.min(1, p.bytesRead / bytesTotal) : null;
      const secondsLeft = fraction && fraction > 0.02 && elapsed > 0.5 ? (elapsed * (1 - fraction)) / fraction : null;
      this.progress = { rows: p.rows, accepted: p.accepted, rejected: p.rejected, fraction, rowsPerSecond: p.rows / elapsed, secondsLeft };
    };
    try {
      const out = await this.#runs.track(this.engine.generate(this.files, options, { onProgress, signal }));
      if (!this.#runs.current(token)) return null;
      const { summary, zip } = out;
      this.summary = summary;
      this.zip = zip; // with no accepted row it still holds the report
      this.#runKey = key;
      this.runId++;
      this.notice = summary.message ?? null;
      this.phase = 'done';
      this.announcement = `Done: ${fmt(summary.rows)} rows, ${fmt(summary.accepted)} accepted, ${fmt(summary.rejected)} rejected.`;
      this.#hooks.oncomplete?.(summary, zip);
      return summary;
    } catch (e) {
      if (!this.#runs.current(token)) return null;
      this.#clearResults();
      this.phase = 'ready';
      if (signal.aborted) {
        this.notice = 'Cancelled. Nothing was written; the list is still loaded.';
      } else if (e instanceof SitemillError && e.code === 'crashed') {
        this.#fail(`${e.message} Your list and options are kept: generate again to retry.`);
      } else if (e instanceof SitemillError && e.code === 'memory') {
        this.#fail(`${sentence(e.message)} Your list and options are kept.`);
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

  /** Stops the engine for good (the element calls this when it leaves the page). */
  dispose(): void {
    this.#runs.next();
    this.#runs.abort();
    this.engine.terminate();
    this.check.dispose();
  }

  #fail(message: string): void {
    this.error = message;
    this.announcement = '';
    this.#hooks.onerror?.(message);
  }

  #clearResults(): void {
    this.summary = null;
    this.zip = null;
    this.codeFilter = '';
    this.severityFilter = '';
    this.search = '';
  }

  /** Saves the zip through a temporary link placed in `parent` (the element's own shadow root, when embedded). */
  download(parent: ParentNode = document.body): void {
    if (!this.zip) return;
    const url = URL.createObjectURL(this.zip);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${this.settings.prefix || 'sitemap'}s.zip`;
    parent.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** An engine message (written for `sitemill: …`) as a sentence on the page. */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
