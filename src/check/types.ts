// The audit's result: the `--json` shape of SPEC section 7.

import type { Finding, Platform, Severity } from '../types.ts';

export type FileKind = 'urlset' | 'sitemapindex' | 'text' | 'rss' | 'atom' | 'unknown';

export interface CheckOptions {
  /** Where the sitemaps are published; the first loc's origin + '/' when absent. */
  baseUrl?: string;
  /** The base URL is the site a live check fetched, not one the person gave (for the words of loc-host). */
  baseUrlOfSite?: boolean;
  /** The clock for lastmod-future, as an ISO date-time; the current time when absent. */
  now?: string;
  signal?: AbortSignal;
  /** Where the row rules run while the files are read; in this thread when absent. */
  rowRules?: RowRulesRunner;
  /**
   * Told the bytes of input `input` (its index) as the reading that makes the findings takes them:
   * the progress. A first reading (for extension columns) and a second one (to name both places of
   * a duplicate) are not told.
   */
  onRead?: (input: number, bytes: number) => void;
  /**
   * URLs a live check fetched but could not read (their fetch finding says why): an index entry
   * naming one is not told again as a missing file.
   */
  unreadUrls?: ReadonlySet<string>;
  /**
   * The check reads a sitemap fetched from a local site (localhost, a private address), on purpose:
   * its URLs are judged by that site, not told as unreachable. Found from the inputs when absent;
   * given when a check is audited in parts (one per site).
   */
  localSite?: boolean;
}

export interface CheckedFile {
  /** The name as given; inside a zip, `archive.zip/entry.xml`. */
  name: string;
  kind: FileKind;
  /** Entries found: `<url>`, `<sitemap>`, feed items or text lines. */
  urls: number;
  /** Bytes read, uncompressed. */
  bytes: number;
  /** How many findings are about this file. */
  findings: number;
}

export interface CheckFinding {
  /** The file's name; empty for findings about the whole set (list-uniform-lastmod, say). */
  file: string;
  /** The line of the entry or construct (1-based); 0 when about the whole file or set. */
  line: number;
  code: string;
  severity: Severity;
  message: string;
}

export interface CheckResult {
  files: CheckedFile[];
  codes: Record<string, number>;
  findings: CheckFinding[];
  /** Zip entries passed over as a sitemap's companions (robots*.txt, .csv, .json): not in `files`. */
  passedOver: string[];
}

export interface RulesOptions {
  baseUrl?: string;
  now?: string;
  signal?: AbortSignal;
  /** The rows carry extension columns. */
  extensions?: boolean;
}

/** What the audit needs back: the findings, and the base URL the rules used (given or inferred). */
export interface RulesOutcome {
  findings: { readonly length: number; at(i: number): Finding };
  baseUrl: string | undefined;
}

/** Runs the row rules on TSV rows: in this thread by default; Node's CLI runs them on a worker thread. */
export type RowRulesRunner = (rows: () => AsyncIterable<Uint8Array>, options: RulesOptions, platform: Platform) => Promise<RulesOutcome>;
