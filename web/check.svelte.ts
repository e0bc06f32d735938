// The Check tab's state: the files to audit, and the task that checks them. The audit has its own
// engine worker, so cancelling one tab's run never throws away the other's results.
import { notChecked, onlyCompanions, type CheckProgress, type CheckRunOptions, type CheckSummary, type LiveCoverage, type NamedBlob } from '../src/browser';
import { size } from './sizes';
import { withClock } from './settings';
import { Task, type ProgressView } from './task.svelte';

export interface CheckerHooks {
  /** The options the audit takes from the Options panel, or null while one of them is invalid. */
  options(): CheckRunOptions | null;
  oncomplete?(summary: CheckSummary): void;
  onerror?(message: string): void;
}

const fmt = (n: number) => n.toLocaleString('en');

/** Listed pages a live check samples unless told otherwise, and the most it may be told. */
export const SAMPLE_PAGES = { default: 50, max: 1000 } as const;

/** What a live check with no finding says: clean only when it left nothing unchecked. */
export function liveClean(site: LiveCoverage): string {
  return notChecked(site).length ? 'No findings in what was checked, but not everything was checked.' : 'No findings: every sitemap and listed page was checked, and all are clean.';
}

/** A progress report of the audit's as shown, `seconds` into the check. */
function byteProgress(p: CheckProgress, seconds: number): ProgressView {
  return {
    fraction: p.bytesTotal ? Math.min(1, p.bytesRead / p.bytesTotal) : null,
    amount: size(p.bytesRead),
    stats: [
      { label: 'File', value: `${fmt(p.file)} of ${fmt(p.files)}` },
      { label: 'Read', value: size(p.bytesRead) },
      { label: 'Speed', value: `${size(Math.round(p.bytesRead / seconds))}/s` },
    ],
    detail: p.name,
  };
}

export class Checker {
  files = $state.raw<NamedBlob[]>([]);
  /** Listed pages the live check fetches, as `sitemill check --sample-pages` does. */
  samplePages = $state<number>(SAMPLE_PAGES.default);
  listBytes = $derived(this.files.reduce((n, f) => n + f.size, 0));

  readonly task: Task<CheckSummary>;
  readonly #hooks: CheckerHooks;

  constructor(hooks: CheckerHooks) {
    this.#hooks = hooks;
    this.task = new Task({
      words: { kept: 'The files are kept', again: 'check again', cancelled: 'Check cancelled. The files are still loaded.' },
      // Only the base URL and the reference time: the other options do not change a check.
      key: () => JSON.stringify(hooks.options()),
      onerror: (message) => hooks.onerror?.(message),
    });
  }

  /** Takes a new set of files and checks it at once. */
  load(files: NamedBlob[]): Promise<CheckSummary | null> {
    if (files.length === 0) {
      this.files = [];
      this.task.reset(
        'empty',
        'No sitemap, feed, text sitemap or zip was found there (names ending in .xml, .gz, .txt, .zip, .rss or .atom).',
      );
      return Promise.resolve(null);
    }
    this.files = files;
    return this.run();
  }

  async run(): Promise<CheckSummary | null> {
    const given = this.#hooks.options();
    if (this.files.length === 0 || !given) return null;
    const options = withClock(given);
    const files = this.files;
    const total = this.listBytes;
    const result = await this.task.run({
      first: { bytesRead: 0, bytesTotal: total, file: 1, files: files.length, name: files[0].name },
      view: byteProgress,
      call: (hooks) => this.task.engine.check(files, options, hooks),
    });
    if (!result) return null;
    if (result.files.length === 0 && result.passedOver.length > 0) {
      const why = onlyCompanions(result.passedOver);
      this.task.notice = why[0].toUpperCase() + why.slice(1) + '.';
    }
    const errors = result.severities.error ?? 0;
    this.task.announcement = `Checked ${fmt(result.files.length)} ${result.files.length === 1 ? 'file' : 'files'}: ${fmt(result.findings)} ${result.findings === 1 ? 'finding' : 'findings'}, ${fmt(errors)} at error level.`;
    this.#hooks.oncomplete?.(result);
    return result;
  }

  /**
   * Checks the site the page is served from (SPEC 12): `url` is its root, robots.txt or a sitemap,
   * on the page's own origin. The files loaded before are let go: the results are the site's.
   */
  async runSite(url: string): Promise<CheckSummary | null> {
    const given = this.#hooks.options();
    if (!given) return null;
    const options = { ...withClock(given), samplePages: this.samplePages };
    this.files = [];
    const result = await this.task.run({
      first: { bytesRead: 0, bytesTotal: 0, file: 0, files: 1, name: url },
      view: (p: CheckProgress, seconds: number): ProgressView => ({ ...byteProgress(p, seconds), stats: [{ label: 'Fetched', value: `${fmt(p.file)} of ${fmt(p.files)}` }, { label: 'Read', value: size(p.bytesRead) }] }),
      call: (hooks) => this.task.engine.checkSite(url, options, hooks),
    });
    if (!result) return null;
    const errors = result.severities.error ?? 0;
    const sampled = result.site?.sample?.sampled ?? 0;
    const gaps = result.site ? notChecked(result.site).length : 0;
    this.task.announcement = `Checked ${url}: ${fmt(result.files.length)} ${result.files.length === 1 ? 'sitemap' : 'sitemaps'}, ${fmt(sampled)} ${sampled === 1 ? 'page' : 'pages'} sampled, ${fmt(result.findings)} findings, ${fmt(errors)} at error level${gaps ? '; some was not checked' : ''}.`;
    this.#hooks.oncomplete?.(result);
    return result;
  }

  /**
   * The files to write again: all of them but those the audit could not read at all (a PNG, an
   * empty file), which the generator would refuse. A zip counts by its entries.
   */
  regenerable(): NamedBlob[] {
    const documents = this.task.result?.files ?? [];
    return this.files.filter((file) => {
      const mine = documents.filter((d) => d.name === file.name || d.name.startsWith(`${file.name}/`));
      return mine.some((d) => d.kind !== 'unknown' || d.urls > 0);
    });
  }

  dispose(): void {
    this.task.dispose();
  }
}
