// A live check from start to end: the site's sitemaps fetched, a sample of its pages asked, the
// sitemaps audited as files named by their URLs (SPEC 7), and the findings put together: those of
// fetching first, then the audit's, then the sample's.

import { auditFiles, type Audit } from '../check/check.ts';
import type { CheckFinding, CheckOptions, CheckResult } from '../check/types.ts';
import type { InputSource, Platform } from '../types.ts';
import { deadline } from './deadline.ts';
import { limitsOf, type FetchOptions } from './limits.ts';
import { samplePages } from './sample-pages.ts';
import { SiteFindings } from './site-findings.ts';
import { siteSitemaps, type FetchedUrl } from './site-sitemaps.ts';

export interface FetchedSite {
  /** The sitemaps, for the audit. */
  sources: InputSource[];
  /** Sitemap URLs that could not be read, for the audit's index checks. */
  unread: ReadonlySet<string>;
  /** Findings of fetching, and of the page sample. */
  fetchFindings: CheckFinding[];
  pageFindings: CheckFinding[];
  fetched: FetchedUrl[];
  notes: string[];
}

export type SiteCheckResult = CheckResult & { fetched: FetchedUrl[]; notes: string[] };
/** A live check's audit, its findings read in place (the CLI's and the worker's form). */
export type SiteAudit = Omit<Audit, 'findings'> & { findings: SiteFindings; fetched: FetchedUrl[]; notes: string[] };

/** Fetches the sitemaps `urls` stand for, and samples their pages when asked. */
export async function fetchSite(urls: string[], options: FetchOptions, platform: Platform): Promise<FetchedSite> {
  const limits = limitsOf(options);
  const run = deadline(limits.runTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, run.signal]) : run.signal;
  try {
    const site = await siteSitemaps(urls, options, limits, signal, platform);
    const note = (text: string) => void site.notes.push(text);
    const pageFindings = options.samplePages ? await samplePages(options.samplePages, site.sources, site.pages, site.robots, limits, signal, platform, note) : [];
    return { sources: site.sources, unread: site.unread, fetchFindings: site.findings, pageFindings, fetched: site.fetched, notes: site.notes };
  } finally {
    run.clear();
  }
}

/** The audit's result with the findings of fetching put in: counted per code and per file. */
export function withSiteFindings(audit: Audit, site: FetchedSite): SiteAudit {
  const findings = new SiteFindings(site.fetchFindings, audit.findings, site.pageFindings);
  const codes: Record<string, number> = {};
  for (const f of site.fetchFindings) codes[f.code] = (codes[f.code] ?? 0) + 1;
  for (const [code, n] of Object.entries(audit.codes)) codes[code] = (codes[code] ?? 0) + n;
  for (const f of site.pageFindings) codes[f.code] = (codes[f.code] ?? 0) + 1;
  const extra = new Map<string, number>();
  for (const f of [...site.fetchFindings, ...site.pageFindings]) extra.set(f.file, (extra.get(f.file) ?? 0) + 1);
  const files = audit.files.map((f) => (extra.has(f.name) ? { ...f, findings: f.findings + extra.get(f.name)! } : f));
  return { ...audit, files, codes, findings, fetched: site.fetched, notes: site.notes };
}

/** A live check as the worker and the CLI read it: its findings in place. */
export async function auditSite(urls: string[], options: CheckOptions & FetchOptions, platform: Platform): Promise<SiteAudit> {
  const site = await fetchSite(urls, options, platform);
  const ofSite = options.baseUrl ? undefined : siteOrigin(urls, site.fetched);
  const given = { ...options, unreadUrls: site.unread, ...(ofSite ? { baseUrl: ofSite, baseUrlOfSite: true } : {}) };
  return withSiteFindings(await auditFiles(site.sources, given, platform), site);
}

/**
 * The site checked, as the base URL its sitemaps' URLs are judged by: the origin of the URLs given,
 * where the first answer for them came from after its redirects (`http://` to `https://`). Not the
 * origin most URLs are on, which a partner's sitemap or a wrong host could outnumber. Undefined
 * when the URLs given are on several sites.
 */
function siteOrigin(urls: string[], fetched: FetchedUrl[]): string | undefined {
  const origins = new Set(urls.map((u) => (URL.canParse(u) ? new URL(u).origin : 'null')));
  if (origins.size !== 1 || origins.has('null')) return undefined;
  const [origin] = origins;
  const first = fetched.find((f) => new URL(f.url).origin === origin);
  const final = first?.redirects.at(-1);
  return `${final ? new URL(final).origin : origin}/`;
}

/** Checks a live site (SPEC 12): `urls` are site, robots.txt, sitemap or index URLs. */
export async function checkSite(urls: string[], options: CheckOptions & FetchOptions, platform: Platform): Promise<SiteCheckResult> {
  const audit = await auditSite(urls, options, platform);
  const findings = Array.from({ length: audit.findings.length }, (_, i) => audit.findings.at(i));
  return { ...audit, findings };
}
