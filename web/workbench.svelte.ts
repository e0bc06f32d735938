// The workbench's state: the list, the options, the run and its results. Components read it and call its methods.
import type { CheckSummary, GenerateOutput, NamedBlob } from '../src/browser';
import type { Delimiter, Inspection, Options, Progress, Role, Summary } from '../src/types';
import { Checker } from './check.svelte';
import { droppedFiles, type Dropped } from './folder-files';
import { DEFAULT_SETTINGS, toOptions, validate, withClock, type Settings } from './settings';
import { duration } from './durations';
import { Exclusions } from './exclusions.svelte';
import { Task, type ProgressView } from './task.svelte';

/** How many of the files are looked at for a list to show the column mapping of. */
const INSPECTED_FILES = 20;

/** How long changes to the switches and rules must pause before the list runs again. */
export const RERUN_DELAY = 300;

/** The workbench's two tasks: write sitemaps from a list, or audit existing sitemaps. */
export type Mode = 'generate' | 'check';

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

const fmt = (n: number) => n.toLocaleString('en');

/** A progress report of the generator's as shown, `seconds` into a run over `total` bytes (0 when unknown). */
function rowProgress(p: Progress, total: number, seconds: number): ProgressView {
  const bytesTotal = p.bytesTotal ?? total;
  const fraction = bytesTotal ? Math.min(1, p.bytesRead / bytesTotal) : null;
  const secondsLeft = fraction && fraction > 0.02 && seconds > 0.5 ? (seconds * (1 - fraction)) / fraction : null;
  const rows = fmt(p.rows);
  return {
    fraction,
    amount: `${rows} rows`,
    stats: [
      { label: 'Rows done', value: rows },
      { label: 'Rows/s', value: fmt(Math.round(p.rows / seconds)) },
      // Once every byte is read the engine writes the files, the report and the zip.
      { label: 'Time left', value: fraction === 1 ? 'finishing…' : duration(secondsLeft) },
      { label: 'Rejected', value: fmt(p.rejected) },
      { label: 'Excluded', value: fmt(p.excluded) },
    ],
  };
}

/**
 * The roles chosen under Columns, for the engine: by header name when the list shown has a header,
 * so that each file given with it gets them where its own columns are (a CMS list's second column
 * is not a crawl's); by position for a list without one.
 */
function mappedRoles(roles: Role[], shown: Inspection | null): Pick<Options, 'roles' | 'columns'> {
  const header = shown?.header;
  const changed = roles.flatMap((role, i) => (role !== (shown?.roles[i] ?? 'ignore') ? [i] : []));
  // A column without a name, or named twice, can be told only by its place.
  const named = (i: number) => header?.[i]?.trim() && header.filter((h) => h.trim().toLowerCase() === header[i].trim().toLowerCase()).length === 1;
  if (!header || !changed.every(named)) return { roles: [...roles] };
  return { columns: changed.map((i) => ({ column: header[i].trim(), role: roles[i] })) };
}

export class Workbench {
  mode = $state<Mode>('generate');
  files = $state.raw<NamedBlob[]>([]);
  inspection = $state.raw<Inspection | null>(null);
  /** Column roles chosen by hand; null keeps the engine's detection. */
  roles = $state.raw<Role[] | null>(null);
  /** Roles given by a column's name in a file the Columns panel does not show (a crawl picked after Search Console's list). */
  namedRoles = $state.raw<{ column: string; role: Role }[]>([]);
  delimiter = $state<Delimiter | 'auto'>('auto');
  /** The worksheet of a workbook to read, by name; undefined reads the first that holds URLs. */
  sheet = $state<string | undefined>(undefined);
  settings = $state<Settings>({ ...DEFAULT_SETTINGS });
  /** The clock for lastmod-future; empty means the current time. Not remembered on purpose. */
  now = $state('');
  /** A robots.txt given beside the list: an input like the list, so not remembered either. */
  robots = $state.raw<{ name: string; text: string } | null>(null);
  /** The set published last time (its zip): each URL then stays in its file (SPEC 11). */
  previous = $state.raw<{ name: string; data: Uint8Array } | null>(null);
  /** The files are a checked set, written again in its shape (Fix and re-generate); false for a list. */
  keepShape = $state(false);

  errors = $derived(validate(this.settings, this.now));
  valid = $derived(Object.keys(this.errors).length === 0);
  options = $derived.by(() => {
    const o = toOptions(this.settings, this.now);
    if (this.delimiter !== 'auto') o.delimiter = this.delimiter;
    if (this.sheet !== undefined) o.sheet = this.sheet;
    if (this.roles) Object.assign(o, mappedRoles(this.roles, this.inspection));
    if (this.namedRoles.length) o.columns = [...(o.columns ?? []), ...this.namedRoles];
    if (this.robots) {
      o.robotsTxt = this.robots.text;
      o.robotsAgent = this.settings.robotsAgent.trim() || 'Googlebot';
    }
    if (this.previous) o.previous = [{ name: this.previous.name, data: this.previous.data }];
    if (this.keepShape) o.keepShape = true;
    return o;
  });
  listBytes = $derived(this.files.reduce((n, f) => n + f.size, 0));

  /** The Generate tab's runs: inspect and generate calls share its engine. */
  readonly task = new Task<GenerateOutput>({
    words: {
      kept: 'Your list and options are kept',
      again: 'generate again',
      cancelled: 'Cancelled. Nothing was written; the list is still loaded.',
    },
    // The previous set counts by its name and size: its bytes are no key.
    key: () => JSON.stringify(this.options, (_, v) => (v instanceof Uint8Array ? v.length : v)),
    onerror: (message) => this.#hooks.onerror?.(message),
  });
  summary = $derived(this.task.result?.summary ?? null);
  /** With no accepted row it still holds the report. */
  zip = $derived(this.task.result?.zip ?? null);
  /** What the panels about rows left out on purpose show. */
  readonly exclusions = new Exclusions();
  /** Whether a list has been run: only then do changes to the rules run it again by themselves. */
  #ran = false;
  #rerunTimer: ReturnType<typeof setTimeout> | undefined;
  /** The Check tab: it takes the base URL and the reference time from these options. */
  readonly check: Checker;
  readonly #hooks: WorkbenchHooks;

  constructor(hooks: WorkbenchHooks = {}) {
    this.#hooks = hooks;
    if (hooks.settings) this.settings = { ...hooks.settings };
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
        this.check.task.error = `The dropped folder could not be read (${(e as Error).message || 'no reason given'}).`;
        return;
      }
      void this.check.load(files);
    } else if (dropped.files.length > 0) {
      void this.load(dropped.files);
    } else if (dropped.folders.length > 0) {
      this.task.notice = 'A folder of sitemaps can be checked in the Check tab; here, drop the list files themselves.';
    }
  }

  /** The checked files, written again through the generator with the options set: the Generate tab takes over. */
  async fixAndRegenerate(): Promise<Summary | null> {
    const files = this.check.regenerable();
    const left = this.check.files.filter((f) => !files.includes(f)).map((f) => f.name);
    this.mode = 'generate';
    const summary = await this.load(files, true);
    if (summary && left.length) {
      const leftOut = `Left out, as nothing in ${left.length === 1 ? 'it' : 'them'} could be read as a sitemap: ${left.join(', ')}.`;
      this.task.notice = this.task.notice ? `${this.task.notice} ${leftOut}` : leftOut;
    }
    return summary;
  }

  /** Takes a new list (with `shape`, a checked set to write again in its shape): shows its columns, then runs it at once so its findings show. */
  async load(given: NamedBlob[], shape = false): Promise<Summary | null> {
    if (given.length === 0) return null;
    const token = this.task.reset('ready');
    this.keepShape = shape;
    const { files, previous, older } = await this.#apartFromPrevious(given);
    if (!this.task.runs.current(token)) return null;
    if (previous) this.previous = previous;
    this.files = files;
    this.roles = null;
    this.namedRoles = [];
    this.delimiter = 'auto';
    this.sheet = undefined;
    this.inspection = null;
    clearTimeout(this.#rerunTimer);
    this.exclusions.pending = false;
    this.exclusions.clear();
    if (!(await this.#inspect(token))) return null;
    const summary = await this.generate();
    if (summary && previous) {
      let taken = `${previous.name} is taken as the previously published set: a zip written here (it holds its manifest.json), so its URLs stay in their files rather than being read again as a list.`;
      if (older.length) taken += ` Set aside, as older sets written here (a run compares against the newest): ${older.join(', ')}.`;
      this.task.notice = this.task.notice ? `${this.task.notice} ${taken}` : taken;
    }
    return summary;
  }

  /**
   * Dropped or picked with the list, a zip written here (its manifest.json) is last week's set: read as
   * a list, the URLs dropped since would come back. The newest such zip is it, in place of one given
   * before; older ones are set aside (`older`), as a run compares against one set.
   */
  async #apartFromPrevious(
    files: NamedBlob[],
  ): Promise<{ files: NamedBlob[]; previous: { name: string; data: Uint8Array } | null; older: string[] }> {
    if (files.length < 2) return { files, previous: null, older: [] };
    const sets: { file: NamedBlob; time: number }[] = [];
    for (const file of files) {
      const now = /\.zip$/i.test(file.name) ? await this.task.engine.publishedSet(file).catch(() => null) : null;
      // A set that does not say when it was made counts as the oldest.
      if (now !== null) sets.push({ file, time: now ? Date.parse(now) : -Infinity });
    }
    if (sets.length === 0 || sets.length === files.length) return { files, previous: null, older: [] };
    const newest = sets.reduce((a, b) => (b.time > a.time ? b : a));
    const older = sets.filter((s) => s !== newest).map((s) => s.file.name);
    const rest = files.filter((f) => !sets.some((s) => s.file === f));
    return { files: rest, previous: { name: newest.file.name, data: new Uint8Array(await newest.file.arrayBuffer()) }, older };
  }

  /** A robots.txt file, read as text: its disallowed URLs are left out from the next run on. */
  async loadRobots(file: Blob & { name?: string }): Promise<void> {
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      this.task.fail(`The robots.txt could not be read (${(e as Error).message || 'no reason given'}).`);
      return;
    }
    this.robots = { name: file.name || 'robots.txt', text };
    this.rerun();
  }

  /** The zip published last time, read whole: the next run keeps each URL in its file. */
  async loadPrevious(file: Blob & { name?: string }): Promise<void> {
    let data: Uint8Array;
    try {
      data = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      this.task.fail(`The previous zip could not be read (${(e as Error).message || 'no reason given'}).`);
      return;
    }
    this.previous = { name: file.name || 'previous.zip', data };
    this.rerun();
  }

  removePrevious(): void {
    this.previous = null;
    this.rerun();
  }

  removeRobots(): void {
    this.robots = null;
    this.rerun();
  }

  /**
   * After a switch, a rule or the robots.txt changed: once changes pause, the list runs again, when
   * one has been run. A run going on is dropped at once, as its results would be out of date.
   */
  rerun(): void {
    clearTimeout(this.#rerunTimer);
    if (this.files.length === 0 || !this.#ran) return;
    this.exclusions.pending = true;
    if (this.task.phase === 'running') this.task.reset('ready');
    this.#rerunTimer = setTimeout(() => void this.generate(), RERUN_DELAY);
  }

  loadText(text: string, name: string): Promise<Summary | null> {
    return this.load([new File([text], name, { type: 'text/plain' })]);
  }

  async setDelimiter(d: Delimiter | 'auto'): Promise<void> {
    this.delimiter = d;
    this.roles = null;
    await this.#inspect(this.task.runs.next());
  }

  /** Another sheet of the workbook: its columns are shown, and it is run at once, as a new list is. */
  async setSheet(sheet: string): Promise<void> {
    const before = { sheet: this.sheet, shown: this.inspection?.sheet };
    const token = this.task.reset('ready');
    this.sheet = sheet;
    this.roles = null;
    if (await this.#inspect(token)) {
      await this.generate();
      return;
    }
    // A sheet with no list: the one read before is read again, its columns and findings in view.
    const why = this.task.error;
    if (why === null || !this.task.runs.current(token)) return;
    this.sheet = before.sheet;
    if (!(await this.#inspect(this.task.reset('ready')))) return;
    await this.generate();
    this.task.notice = `Sheet “${sheet}” was not read: ${why.replace(/\.$/, '')}. “${before.shown ?? this.inspection?.sheet}” is read, as before.`;
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
    this.namedRoles = [];
  }

  /**
   * The columns the last run found holding a deciding role under a name no rule reads (a crawl in
   * another UI language), each once by name: `column` is its place in the list the Columns panel
   * shows, or -1 when it is in another file.
   */
  unreadShown(summary: Summary): { column: number; name: string; role: Role }[] {
    const header = this.inspection?.header ?? [];
    const shown = new Map<string, { column: number; name: string; role: Role }>();
    for (const { name, role } of summary.unreadColumns ?? []) {
      if (!shown.has(name)) shown.set(name, { column: header.findIndex((h) => h.trim() === name), name, role });
    }
    return [...shown.values()];
  }

  /** Gives those columns the roles their values show (by place in the list shown, else by name), and runs the list again. */
  async readUnread(columns: { column: number; name: string; role: Role }[]): Promise<void> {
    for (const { column, role } of columns) if (column >= 0) this.setRole(column, role);
    const elsewhere = columns.filter((c) => c.column < 0).map(({ name, role }) => ({ column: name, role }));
    if (elsewhere.length) this.namedRoles = [...this.namedRoles, ...elsewhere];
    await this.generate();
  }

  async #inspect(token: number): Promise<boolean> {
    if (!this.files[0]) return false;
    const { runs, engine } = this.task;
    try {
      const opts: Partial<Options> = this.delimiter === 'auto' ? {} : { delimiter: this.delimiter };
      if (this.sheet !== undefined) opts.sheet = this.sheet;
      // The mapping is for lists: the first file that is one (among the first few), else the first
      // file (a sitemap, shown as read).
      let inspection: Inspection | null = null;
      for (const file of this.files.slice(0, INSPECTED_FILES)) {
        const seen = await runs.track(engine.inspect(file, opts));
        if (!runs.current(token)) return false;
        inspection ??= seen;
        if (!seen.fromSitemap) {
          inspection = seen;
          break;
        }
      }
      this.inspection = inspection;
      return true;
    } catch (e) {
      if (runs.current(token)) {
        this.task.phase = this.files.length ? 'ready' : 'empty';
        this.task.fail((e as Error).message);
      }
      return false;
    }
  }

  async generate(): Promise<Summary | null> {
    // This run takes the changes a rerun was waiting for.
    clearTimeout(this.#rerunTimer);
    this.exclusions.pending = false;
    if (this.files.length === 0 || !this.valid) return null;
    const files = this.files;
    const options = withClock($state.snapshot(this.options));
    const total = this.listBytes;
    const rules = options.urlRules ?? [];
    this.#ran = true;
    const out = await this.task.run({
      first: { bytesRead: 0, bytesTotal: undefined, rows: 0, accepted: 0, rejected: 0, excluded: 0 },
      view: (p: Progress, seconds) => rowProgress(p, total, seconds),
      call: (hooks) => this.task.engine.generate(files, options, hooks),
    });
    if (!out) {
      // Failed or cancelled: its counts go too. Overtaken by a newer run, or by a change waiting to run: they stay in view.
      if (this.task.phase !== 'running' && !this.exclusions.pending) this.exclusions.failed(this.task.error, rules);
      return null;
    }
    const { summary, zip } = out;
    this.task.notice = summary.message ?? null;
    const leftOut = summary.excluded ? `, ${fmt(summary.excluded)} left out` : '';
    const changed = summary.changes ? summary.changes.filter((c) => c.change !== 'unchanged').length : 0;
    const changes = summary.changes ? ` ${fmt(changed)} ${changed === 1 ? 'file' : 'files'} added, changed or removed since the previous set.` : '';
    this.task.announcement = `Done: ${fmt(summary.rows)} rows, ${fmt(summary.accepted)} accepted, ${fmt(summary.rejected)} rejected${leftOut}.${changes}`;
    void this.exclusions.finished(summary, rules, this.task.engine);
    this.#hooks.oncomplete?.(summary, zip);
    return summary;
  }

  cancel(): void {
    this.task.cancel();
  }

  /** Stops the engines for good (the element calls this when it leaves the page). */
  dispose(): void {
    clearTimeout(this.#rerunTimer);
    this.task.dispose();
    this.check.dispose();
  }

  /** Saves the zip through a temporary link placed in `parent` (the element's own shadow root, when embedded). */
  download(parent: ParentNode = document.body): void {
    if (this.zip) save(this.zip, `${this.settings.prefix || 'sitemap'}s.zip`, parent);
  }

  /** After a run against a previous set: saves a zip of only the files to upload, and the index. */
  async downloadUpload(parent: ParentNode = document.body): Promise<void> {
    const zip = this.zip;
    const summary = this.summary;
    if (!zip || !summary) return;
    try {
      save(await this.task.engine.uploadSet(zip, summary), `${this.settings.prefix || 'sitemap'}s-to-upload.zip`, parent);
    } catch (e) {
      this.task.notice = `The files to upload could not be put together (${(e as Error).message || 'no reason given'}).`;
    }
  }
}

/** Saves a blob through a temporary link placed in `parent`. */
export function save(blob: Blob, name: string, parent: ParentNode): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  parent.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
