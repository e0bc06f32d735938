// Shared by the audit's tests: crafted sitemaps, and the audit run on them in memory.

import { checkFiles } from '../src/check/index.ts';
import type { CheckFinding, CheckOptions, CheckResult } from '../src/check/index.ts';
import { nodePlatform } from '../src/platform/node.ts';
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

/** The findings of one code, as `file:line`. */
export function places(r: CheckResult, code: string): string[] {
  return r.findings.filter((f) => f.code === code).map((f) => `${f.file}:${f.line}`);
}

export function only(r: CheckResult, code: string): CheckFinding {
  const found = r.findings.filter((f) => f.code === code);
  if (found.length !== 1) throw new Error(`expected one ${code}, got ${JSON.stringify(r.findings, null, 1)}`);
  return found[0];
}
