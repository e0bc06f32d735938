// The row rules of SPEC section 4 on the values found, by the generator itself: the entries go in as
// TSV rows and its findings come back. What it writes is thrown away, so it writes little: the text
// format, in files of 1 MiB, which it holds one or two at a time (with the default 50 MB files, the
// CLI's peak memory on a 50 MB sitemap was 290 MB; with these, 150 MB). The rules, and so the
// findings, are the same whatever the format and file size.

import { generate } from '../engine.ts';
import type { Finding, Platform } from '../types.ts';

export interface RulesOptions {
  baseUrl?: string;
  now?: string;
  signal?: AbortSignal;
}

/** What the audit needs back: the findings, and the base URL the rules used (given or inferred). */
export interface RulesOutcome {
  findings: { readonly length: number; at(i: number): Finding };
  baseUrl: string | undefined;
}

/** Runs the row rules on TSV rows: in this thread by default; Node's CLI runs them on a worker thread. */
export type RowRulesRunner = (rows: () => AsyncIterable<Uint8Array>, options: RulesOptions, platform: Platform) => Promise<RulesOutcome>;

const OUTPUT_FILE_BYTES = 1 << 20;

/** Findings that describe the generated list, not an existing sitemap. */
const NOT_FOR_SITEMAPS = new Set(['base-url-inferred', 'column-ignored', 'row-columns']);

export function keepsFinding(code: string): boolean {
  return !NOT_FOR_SITEMAPS.has(code);
}

export const runRowRules: RowRulesRunner = async (rows, options, platform) => {
  const result = await generate(
    [{ name: 'entries', chunks: rows }],
    { gzip: false, format: 'txt', maxBytes: OUTPUT_FILE_BYTES, delimiter: '\t', baseUrl: options.baseUrl, now: options.now },
    platform,
    { onZipChunk: () => {}, signal: options.signal },
  );
  return { findings: result.findings, baseUrl: result.summary.baseUrl };
};

/** A finding's message with the value as read and, for a fix, the value it would be written as. */
export function describe(f: Finding): string {
  const value = f.value === '' ? '' : `: ${f.value}`;
  return f.fixed ? `${f.message}${value} → ${f.fixed}` : `${f.message}${value}`;
}
