// A live check from start to end: the site's sitemaps fetched, a sample of its pages asked, the
// sitemaps audited as files named by their URLs (SPEC 7), and the findings put together: those of
// fetching first, then the audit's, then the sample's.

import { auditFiles, readsLocalSite, type Audit } from '../check/check.ts';
import type { CheckFinding, CheckOptions, CheckResult } from '../check/types.ts';
import type { InputSource, Platform } from '../types.ts';
import { deadline } from './deadline.ts';
import { limitsOf, type FetchOptions } from './limits.ts';
import { sampleNotes, type LiveCoverage } from './coverage.ts';
import { samplePages } from './sample-pages.ts';
import { SiteFindings } from './site-findings.ts';
import { siteSitemaps, type FetchedUrl } from './site-sitemaps.ts';

export interface FetchedSite {
  /** The sitemaps, for the audit. */
  sources: InputSource[];
  /** Per source, the URL given it was reached from (its place among the URLs given). */
  sites: number[];
  /** Sitemap URLs that could not be read, for the audit's index checks. */
  unread: ReadonlySet<string>;
  /** Findings of fetching, and of the page sample. */
  fetchFindings: CheckFinding[];
  pageFindings: CheckFinding[];
  fetched: FetchedUrl[];
  notes: string[];
  /** Per URL given, the origin of the site it stands for (after its redirects). */
  origins: string[];
  coverage: LiveCoverage;
}

export type SiteCheckResult = CheckResult & { fetched: FetchedUrl[]; notes: string[]; coverage: LiveCoverage };
/** A live check's audit, its findings read in place (the CLI's and the worker's form). */
export type SiteAudit = Omit<Audit, 'findings'> & { findings: SiteFindings; fetched: FetchedUrl[]; notes: string[]; coverage: LiveCoverage };

/** Fetches the sitemaps `urls` stand for, and samples their pages when asked. */
export async function fetchSite(urls: string[], options: FetchOptions, platform: Platform): Promise<FetchedSite> {
  const limits = limitsOf(options);
  const run = deadline(limits.runTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, run.signal]) : run.signal;
  try {
    const site = await siteSitemaps(urls, options, limits, signal, platform);
    const sampled = options.samplePages ? await samplePages(options.samplePages, site, limits, signal, platform) : null;
    const origins = new Set(site.sites.map((i) => site.origins[i]));
    if (sampled) site.notes.push(...sampleNotes(sampled.sample, origins.size === 1 ? `${[...origins][0]}/` : 'the sites checked'));
    const coverage: LiveCoverage = {
      robotsRead: site.robots.size,
      robotsUnread: site.robotsUnread.size,
      sitemapsRead: site.sources.length,
      sitemapsUnread: site.unread.size - site.skipped,
      sitemapsSkipped: site.skipped,
      pagesListed: site.pages.reduce((a, b) => a + b, 0),
      sample: sampled?.sample ?? null,
    };
    const pageFindings = sampled?.findings ?? [];
    return { sources: site.sources, sites: site.sites, unread: site.unread, fetchFindings: site.findings, pageFindings, fetched: site.fetched, notes: site.notes, origins: site.origins, coverage };
  } finally {
    run.clear();
  }
}

/** The audits' results with the findings of fetching put in: counted per code and per file. */
function withSiteFindings(audits: Audit[], site: FetchedSite): SiteAudit {
  const findings = new SiteFindings(site.fetchFindings, audits.map((a) => a.findings), site.pageFindings);
  const codes: Record<string, number> = {};
  const count = (code: string, n = 1) => void (codes[code] = (codes[code] ?? 0) + n);
  for (const f of site.fetchFindings) count(f.code);
  for (const audit of audits) for (const [code, n] of Object.entries(audit.codes)) count(code, n);
  for (const f of site.pageFindings) count(f.code);
  const extra = new Map<string, number>();
  for (const f of [...site.fetchFindings, ...site.pageFindings]) extra.set(f.file, (extra.get(f.file) ?? 0) + 1);
  const files = audits.flatMap((a) => a.files).map((f) => (extra.has(f.name) ? { ...f, findings: f.findings + extra.get(f.name)! } : f));
  return { files, codes, findings, passedOver: audits.flatMap((a) => a.passedOver), fetched: site.fetched, notes: site.notes, coverage: site.coverage };
}

/** A live check as the worker and the CLI read it: its findings in place. */
export async function auditSite(urls: string[], options: CheckOptions & FetchOptions, platform: Platform): Promise<SiteAudit> {
  return auditFetched([], urls, await fetchSite(urls, options, platform), options, platform);
}

/**
 * The audit of what was fetched for `urls`, and of `files` given beside them (the CLI's). Each site
 * checked is audited on its own, its sitemaps' URLs judged by its address: a second site's entries
 * are not on another host than the first's. A base URL given judges them all, in one audit.
 */
export async function auditFetched(files: InputSource[], urls: string[], site: FetchedSite, options: CheckOptions, platform: Platform): Promise<SiteAudit> {
  const audits: Audit[] = [];
  let before = 0;
  for (const part of auditParts(files, urls, site, options)) {
    const first = before;
    const onRead = options.onRead && ((input: number, bytes: number) => options.onRead!(first + input, bytes));
    audits.push(await auditFiles(part.sources, { ...part.options, onRead }, platform));
    before += part.sources.length;
  }
  return withSiteFindings(audits, site);
}

/** The audits to make: the files given by their own base URL, then the sitemaps of each site by its. */
function auditParts(files: InputSource[], urls: string[], site: FetchedSite, options: CheckOptions): { sources: InputSource[]; options: CheckOptions }[] {
  const common = { ...options, unreadUrls: site.unread, localSite: options.localSite ?? readsLocalSite([...files, ...site.sources]) };
  if (options.baseUrl) return [{ sources: [...files, ...site.sources], options: common }];
  // Each URL given is judged by the site it stands for, its origin after redirects (`http://` to
  // `https://`): not the origin most URLs are on, which a partner's sitemap could outnumber. A URL
  // that is none was refused unfetched, with a finding that says so.
  const bases = urls.map((url, i) => (URL.canParse(url) ? `${site.origins[i]}/` : undefined));
  const bySite = new Map<string | undefined, InputSource[]>();
  site.sources.forEach((source, i) => {
    const base = bases[site.sites[i]];
    const group = bySite.get(base);
    if (group) group.push(source);
    else bySite.set(base, [source]);
  });
  const parts = files.length ? [{ sources: files, options: common }] : [];
  for (const [base, sources] of bySite) parts.push({ sources, options: base ? { ...common, baseUrl: base, baseUrlOfSite: true } : common });
  return parts.length ? parts : [{ sources: [], options: common }];
}

/** Checks a live site (SPEC 12): `urls` are site, robots.txt, sitemap or index URLs. */
export async function checkSite(urls: string[], options: CheckOptions & FetchOptions, platform: Platform): Promise<SiteCheckResult> {
  const audit = await auditSite(urls, options, platform);
  const findings = Array.from({ length: audit.findings.length }, (_, i) => audit.findings.at(i));
  return { ...audit, findings };
}
