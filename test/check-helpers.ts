// Shared by the audit's tests: crafted sitemaps, and the audit run on them in memory.

import { checkFiles } from '../src/check/index.ts';
import type { CheckFinding, CheckOptions, CheckResult } from '../src/check/index.ts';
import { runRowRules } from '../src/check/row-rules.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { ByteSource } from '../src/types.ts';
import { NOW, source } from './helpers.ts';

export const U = 'https://www.example.com';
export const SM_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const DECL = '<?xml version="1.0" encoding="UTF-8"?>';

/** A sitemap: the declaration on line 1, <urlset> on line 2, then `body` from line 3. */
export function urlset(body: string, attrs = ''): string {
  return `${DECL}\n<urlset xmlns="${SM_NS}"${attrs}>\n${body}</urlset>\n`;
}

export function index(body: string): string {
  return `${DECL}\n<sitemapindex xmlns="${SM_NS}">\n${body}</sitemapindex>\n`;
}

export function url(loc: string, extra = ''): string {
  return `<url><loc>${loc}</loc>${extra}</url>\n`;
}

export async function check(files: Record<string, string | Uint8Array>, options: CheckOptions = {}, chunkSize?: number): Promise<CheckResult> {
  const inputs = Object.entries(files).map(([name, data]) => source(name, data, chunkSize));
  return checkFiles(inputs, { now: NOW, ...options }, nodePlatform);
}

/** The work an audit run did, counted as it happened (not timed: the machine may be busy). */
export interface Work {
  /** Bytes pulled from the inputs' chunks(), over every reading. */
  pulled: number;
  /** Calls of chunks(): how many times the inputs were read. */
  readings: number;
  /** Bytes the platform's inflater gave out. */
  inflated: number;
  /** Bytes of TSV rows the audit handed to the row rules. */
  rows: number;
  /** The largest growth of this process's RSS over its value at the start, sampled at every chunk above. */
  rssGrowth: number;
}

/** Samples RSS growth over a baseline taken now; `sample()` is called from inside the work. */
export function rssSampler(): { sample(): void; readonly growth: number } {
  const base = process.memoryUsage().rss;
  let growth = 0;
  return {
    sample() {
      growth = Math.max(growth, process.memoryUsage().rss - base);
    },
    get growth() {
      return growth;
    },
  };
}

/** `check`, with the work it did counted through the inputs, the inflater and the row rules. */
export async function checkCounted(files: Record<string, string | Uint8Array>, options: CheckOptions = {}, chunkSize?: number): Promise<{ r: CheckResult; work: Work }> {
  const work: Work = { pulled: 0, readings: 0, inflated: 0, rows: 0, rssGrowth: 0 };
  const rss = rssSampler();
  const inputs = Object.entries(files).map(([name, data]) => {
    const s = source(name, data, chunkSize);
    return {
      ...s,
      async *chunks() {
        work.readings++;
        for await (const c of s.chunks()) {
          work.pulled += c.length;
          rss.sample();
          yield c;
        }
      },
    };
  });
  const platform = {
    ...nodePlatform,
    async *inflateRaw(input: ByteSource, trailer: () => Uint8Array) {
      for await (const d of nodePlatform.inflateRaw(input, trailer)) {
        work.inflated += d.length;
        rss.sample();
        yield d;
      }
    },
  };
  const rowRules: CheckOptions['rowRules'] = (rows, o, p) =>
    (options.rowRules ?? runRowRules)(
      async function* () {
        for await (const c of rows()) {
          work.rows += c.length;
          rss.sample();
          yield c;
        }
      },
      o,
      p,
    );
  const r = await checkFiles(inputs, { now: NOW, ...options, rowRules }, platform);
  rss.sample();
  work.rssGrowth = rss.growth;
  return { r, work };
}

/** The findings of one code, as `file:line`. */
export function places(r: CheckResult, code: string): string[] {
  return r.findings.filter((f) => f.code === code).map((f) => `${f.file}:${f.line}`);
}

export function only(r: CheckResult, code: string): CheckFinding {
  const found = r.findings.filter((f) => f.code === code);
  if (found.length !== 1) throw new Error(`expected one ${code}, got ${JSON.stringify(r.findings, null, 1)}`);
  return found[0];
}
