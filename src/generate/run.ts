// One generate job's state, shared by its stages: the core, the options, where findings and files
// go, the site the list is for, and what the job has said so far.

import { Code } from '../core/code.ts';
import { CODE_NAMES } from '../core/codes.ts';
import type { Core } from '../core/core.ts';
import { ZipWriter, type DeflateAside } from '../compress/zip.ts';
import type { RowsOrigin } from '../check/sitemap-rows.ts';
import { Output, type SitemapOutput } from '../output/sitemap-files.ts';
import { REPORT_LEVEL, ReportRows } from '../output/report.ts';
import type { Layout } from '../input/layout.ts';
import type { BelongColumns } from '../rules/belonging-columns.ts';
import type { ExtraColumns } from '../rules/extras.ts';
import { siteOf, type Site } from '../rules/slow-url.ts';
import type { Hooks, InputSource, Platform, Role, UnreadColumn } from '../types.ts';
import { FindingStore } from './findings.ts';
import { HostCounts } from '../findings/host-counts.ts';
import type { ResolvedOptions } from './options.ts';
import { ProgressReporter } from './progress.ts';
import { belongWhen, type Belonging } from './belonging.ts';
import { verdictOf } from './judged-source.ts';
import { BelongWhen, REPORT_CODES } from '../core/status.ts';
import type { PreviousSitemap } from './previous-set.ts';
import { SectionedOutput } from './sectioned-output.ts';
import type { Sectioning } from './sectioning.ts';

/** Why an input's columns left a URL out, and where. */
export interface LeftOut {
  code: Code;
  detail: string;
  /** `crawl.csv line 9` */
  where: string;
}

/** Per input, for the manifest. */
export interface InputInfo {
  name: string;
  bytes: number;
  rows: number;
  /** Of a workbook, the sheet read. */
  sheet?: string;
}

/** The input being read, and what its header decided. */
export interface CurrentInput {
  source: InputSource;
  index: number;
  /** A sitemap or feed turned into rows: its own delimiter and header, whatever the options say. */
  converted: boolean;
  /** The input was not UTF-8 and is read as Windows-1252. */
  windows1252?: boolean;
  /** An Excel workbook: its sheet comes as CSV, whatever delimiter the options name. */
  workbook?: boolean;
  /** How a list (not a converted sitemap) is laid out, from its first MiB. */
  layout?: Layout;
  /** The roles of its columns with those `columns` names, when the options name some. */
  roles?: Role[];
  /** Its URL column was named by the person (`columns`, `roles`): a bare name in it is a path-relative reference. */
  locNamed?: boolean;
  extras?: ExtraColumns;
  /** The columns that decide whether a row belongs, when the input has any. */
  belongColumns?: BelongColumns | null;
  /** The column that names a row's section, when the run has sections by column and the input that column; else -1. */
  sectionColumn?: number;
  /** An analytics tool's list (its URL column is a `Page path`): its utility paths are left out (row-utility-path). */
  analytics?: boolean;
  /** The column of the page's title, in a list with no deciding columns: a not-found title leaves the row out (row-soft-404); else -1. */
  titleColumn?: number;
}

/** The core writes no input's report rows. */
const NO_INPUT = 0xffff;

export class GenerateRun {
  readonly x: Core['x'];
  readonly findings: FindingStore;
  /** The zip, in parts, when no hook takes it. */
  readonly zipParts: Uint8Array[] = [];
  readonly zip: ZipWriter;
  readonly output: SitemapOutput;
  /** Set when the run has sections or a previous set: the files go through it. */
  readonly sectioned: SectionedOutput | null = null;
  readonly progress: ProgressReporter;
  /** report.csv as the run goes, when the run keeps no findings (`hooks.keepFindings` false). */
  readonly report: { rows: ReportRows; file: DeflateAside } | null = null;
  /** Rows refused for their host, per host: the list-mixed-hosts finding. */
  readonly rejectedHosts = new HostCounts();
  /** One line each about the job as a whole, for the person (the CLI's stderr). */
  readonly notes: string[] = [];
  /** The columns the notes say hold a deciding role under a name no rule reads. */
  readonly unreadColumns: UnreadColumn[] = [];
  readonly inputs: InputInfo[] = [];
  /**
   * The URLs an input's columns left out, for the inputs after it: a list that names such a URL
   * (a CMS's, beside the crawl that found it redirects) does not put it back.
   */
  readonly leftOut = new Map<string, LeftOut>();
  /** Whether the current input's exclusions go into `leftOut` (an input comes after it). */
  recordsLeftOut = false;
  /** The `columns` options some input has. */
  readonly columnsMatched = new Set<number>();
  /** Each hreflang code given to the core, and its number there. */
  readonly hreflangCodes = new Map<string, number>();
  site: Site | undefined;
  baseHref: string | undefined;
  input!: CurrentInput;

  constructor(
    readonly core: Core,
    readonly sources: InputSource[],
    readonly opts: ResolvedOptions,
    readonly platform: Platform,
    readonly hooks: Hooks,
    readonly belonging: Belonging,
    readonly sectioning: Sectioning | null = null,
    previous: PreviousSitemap[] | null = null,
  ) {
    this.x = core.x;
    this.findings = new FindingStore(sources.map((s) => s.name), opts.strict);
    this.zip = new ZipWriter(hooks.onZipChunk ?? ((c) => void this.zipParts.push(c)), platform, hooks.onFile);
    if (sectioning || previous) {
      this.sectioned = new SectionedOutput(new Output(opts, platform, this.zip, false), opts, sectioning, previous);
      this.output = this.sectioned;
    } else {
      this.output = new Output(opts, platform, this.zip);
    }
    const bytesTotal = sources.every((s) => s.size !== undefined) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : undefined;
    this.progress = new ProgressReporter(this.x, bytesTotal, hooks.onProgress);
    if (hooks.keepFindings === false) {
      const rows = new ReportRows();
      this.report = { rows, file: this.zip.deflateAside('report.csv', REPORT_LEVEL, (block) => rows.recycle(block)) };
      // The core writes the rows it can, with each code's middle cells as these rows have them.
      for (let c = 1; c < CODE_NAMES.length; c++) {
        const [n] = core.putScratch(rows.middle(CODE_NAMES[c], this.findings.severityOf(CODE_NAMES[c])));
        this.x.setReportMiddle(c, n);
      }
    }
  }

  /** The core's settings for this job's options, and the base URL when one is given. */
  configureCore(): void {
    const { x, opts } = this;
    x.configure(opts.format === 'txt' ? 1 : 0, opts.maxUrls, opts.maxBytes, opts.strict ? 1 : 0, opts.nowMs, opts.allFields ? 1 : 0);
    const [tzLen] = this.core.putScratch(opts.timezone);
    x.setTimezone(tzLen, opts.timezoneMinutes);
    this.askAboutRows(0);
    if (opts.base) this.useBase(opts.base);
  }

  /**
   * Which rows of input `index` the core asks about: a section by column reads each row's cell;
   * every row, when earlier inputs left URLs out or the input says what every row is; and this input's rows its columns leave out, when
   * an input comes after it.
   */
  askAboutRows(index: number): void {
    this.recordsLeftOut = index < this.sources.length - 1;
    const every = this.sectioning?.column || this.sectioning?.inputSections || this.leftOut.size > 0 || verdictOf(this.sources[index]) !== undefined || this.input?.analytics || (this.input?.titleColumn ?? -1) >= 0;
    this.x.setBelonging(belongWhen(this.belonging, this.opts.allFields) | (every ? BelongWhen.Rules : 0) | (this.recordsLeftOut ? BelongWhen.Recorded : 0));
  }

  /** The site and folder the list is for, from now on. */
  useBase(url: URL): void {
    const s = siteOf(url);
    this.site = s.site;
    this.baseHref = url.href;
    const [o, f] = this.core.putScratch(s.site.origin, s.folder);
    this.x.setBase(o, f);
  }

  /** A finding this side found, written into the core's findings so it keeps its place among them. */
  finding(line: number, column: number, code: Code, value: string, fixed = ''): void {
    const [v, f] = this.core.putScratch(value, fixed);
    this.x.addEngineFinding(line, column, code, v, f);
  }

  /** The core's findings so far: into the store, or (a run that keeps none) counted and into report.csv. */
  drainFindings(): void {
    if (this.report) return this.#drainIntoReport(this.report);
    this.core.drainFindings((block) => this.findings.add(block));
  }

  /**
   * The core's findings as report.csv rows, counted: the core writes the rows it can, and a record
   * it leaves (a text that is not ASCII, findings told with an input's name or another document's
   * line) is written here, in its turn.
   */
  #drainIntoReport(report: NonNullable<GenerateRun['report']>): void {
    const { x, core } = this;
    const n = x.findingsLen();
    if (n === 0) return;
    const input = this.input?.index ?? -1;
    x.setReportInput(input >= 0 && this.findings.ownLines(input) ? input : NO_INPUT);
    const push = (full: Uint8Array | null): void => {
      if (!full) return;
      this.hooks.onReportBytes?.(full);
      report.file.push(full, false);
    };
    for (let at = 0; ; ) {
      at = x.writeReportRows(at);
      const rows = x.reportLen();
      if (rows > 0) {
        const ptr = x.reportPtr();
        for (const full of report.rows.ofBytes(core.bytes().subarray(ptr, ptr + rows))) push(full);
        x.reportTaken();
      }
      if (at >= n) break;
      const ptr = x.findingsPtr();
      at += this.findings.tally(core.bytes().subarray(ptr + at, ptr + n), (f, t) => push(report.rows.ofRecord(f, t, this.findings)), true);
    }
    const counts = new Uint32Array(core.bytes().buffer, x.reportCountsPtr(), REPORT_CODES);
    this.findings.countAll(counts);
    counts.fill(0);
    x.drainedFindings();
  }

  /** Waits while report.csv has more than a few MiB waiting to be compressed. */
  async reportRoom(): Promise<void> {
    await this.report?.file.room();
  }

  /** Findings on a converted sitemap's rows point at the document and line the row came from. */
  placeRows(origin: RowsOrigin): void {
    this.input.converted = true;
    this.findings.placeRows(this.input.index, (line, column, value) => origin.place(line, column, value));
  }

  throwIfAborted(): void {
    if (this.hooks.signal?.aborted) throw new DOMException('The generation was cancelled', 'AbortError');
  }
}
