// The page's state: the list, the options, the run and its results. Components read it and call its methods.
import type { Delimiter, Inspection, Progress, Role, Severity, Summary } from '../src/types';
import type { FindingFilter, NamedBlob } from '../src/worker';
import { EngineClient, StoppedError } from './engine-client';
import { loadSettings, toOptions, validate, type Settings } from './settings';

export type Phase = 'empty' | 'ready' | 'running' | 'done';

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

export const SEVERITIES: Severity[] = ['error', 'fix', 'warning', 'info'];

export class Workbench {
  files = $state.raw<NamedBlob[]>([]);
  inspection = $state.raw<Inspection | null>(null);
  /** Column roles chosen by hand; null keeps the engine's detection. */
  roles = $state.raw<Role[] | null>(null);
  delimiter = $state<Delimiter | 'auto'>('auto');
  settings = $state<Settings>(loadSettings());
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
  listName = $derived(
    this.files.length === 0 ? '' : this.files.length === 1 ? this.files[0].name : `${this.files[0].name} and ${this.files.length - 1} more`,
  );
  listBytes = $derived(this.files.reduce((n, f) => n + f.size, 0));

  readonly client = new EngineClient((message) => {
    this.error = message;
  });
  #token = 0;

  /** Takes a new list: shows its columns, then runs it at once so its findings show. */
  async load(files: NamedBlob[]): Promise<void> {
    if (files.length === 0) return;
    if (this.phase === 'running') this.client.cancel();
    const token = ++this.#token;
    this.files = files;
    this.roles = null;
    this.delimiter = 'auto';
    this.inspection = null;
    this.#clearResults();
    this.error = null;
    this.notice = null;
    this.phase = 'ready';
    if (!(await this.#inspect(token))) return;
    await this.generate();
  }

  loadText(text: string, name: string): Promise<void> {
    return this.load([new File([text], name, { type: 'text/plain' })]);
  }

  async setDelimiter(d: Delimiter | 'auto'): Promise<void> {
    this.delimiter = d;
    this.roles = null;
    await this.#inspect(++this.#token);
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
    const first = this.files[0];
    if (!first) return false;
    try {
      const opts = this.delimiter === 'auto' ? {} : { delimiter: this.delimiter };
      const out = await this.client.inspect(first, opts);
      if (token !== this.#token) return false;
      if (!out.ok) {
        this.error = out.error.message;
        return false;
      }
      this.inspection = out.value;
      return true;
    } catch (e) {
      if (token === this.#token) this.error = (e as Error).message;
      return false;
    }
  }

  async generate(): Promise<void> {
    if (this.files.length === 0 || !this.valid) return;
    if (this.phase === 'running') this.client.cancel();
    const token = ++this.#token;
    const options = $state.snapshot(this.options);
    const key = JSON.stringify(options);
    this.#clearResults();
    this.error = null;
    this.notice = null;
    this.phase = 'running';
    const started = performance.now();
    const total = this.listBytes;
    this.progress = { rows: 0, accepted: 0, rejected: 0, fraction: total ? 0 : null, rowsPerSecond: 0, secondsLeft: null };
    const onProgress = (p: Progress) => {
      if (token !== this.#token) return;
      const elapsed = Math.max(1e-3, (performance.now() - started) / 1000);
      const bytesTotal = p.bytesTotal ?? total;
      const fraction = bytesTotal ? Math.min(1, p.bytesRead / bytesTotal) : null;
      const secondsLeft = fraction && fraction > 0.02 && elapsed > 0.5 ? (elapsed * (1 - fraction)) / fraction : null;
      this.progress = { rows: p.rows, accepted: p.accepted, rejected: p.rejected, fraction, rowsPerSecond: p.rows / elapsed, secondsLeft };
    };
    try {
      const out = await this.client.generate(this.files, options, onProgress);
      if (token !== this.#token) return;
      if (!out.ok) {
        this.#clearResults();
        this.error = out.error.message;
        this.phase = 'ready';
        return;
      }
      this.summary = out.value.summary;
      this.zip = out.value.zip; // with no accepted row it still holds the report
      this.#runKey = key;
      this.runId++;
      this.notice = out.value.summary.message ?? null;
      this.phase = 'done';
    } catch (e) {
      if (token !== this.#token) return;
      this.#clearResults();
      this.phase = 'ready';
      if (e instanceof StoppedError && !e.crashed) this.notice = 'Cancelled. Nothing was written; the list is still loaded.';
      else this.error = (e as Error).message;
    } finally {
      if (token === this.#token) this.progress = null;
    }
  }

  cancel(): void {
    if (this.phase !== 'running') return;
    this.client.cancel();
  }

  #clearResults(): void {
    this.summary = null;
    this.zip = null;
    this.codeFilter = '';
    this.severityFilter = '';
    this.search = '';
  }

  download(): void {
    if (!this.zip) return;
    const url = URL.createObjectURL(this.zip);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${this.settings.prefix || 'sitemap'}s.zip`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
