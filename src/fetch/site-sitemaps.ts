// The sitemaps of a live site, fetched (SPEC 12): a site URL or a robots.txt URL stands for the
// sitemaps its robots.txt names (or, when it names none, /sitemap.xml if the site has one), any
// other URL is a sitemap or an index; the sitemaps an index lists are fetched too (not those of an
// index listed in an index, which the audit reports as nested). Each body is kept as an input
// named by the URL asked for, for the audit to read; what went wrong on the way is a finding on
// that URL. The order is the order given and listed, however the answers arrive.

import type { CheckCode } from '../check/codes.ts';
import type { CheckFinding, FileKind } from '../check/types.ts';
import type { InputSource, Platform } from '../types.ts';
import { finding, statusLine } from './fetch-findings.ts';
import { fetchUrl, isHttp } from './fetch-url.ts';
import type { FetchOptions, Limits } from './limits.ts';
import { listedEntries, onOrigin } from './listed-entries.ts';
import { runQueue } from './queue.ts';
import { shownUrl } from './shown-url.ts';
import { robotsSitemaps } from './robots-sitemaps.ts';
import { parseRobotsTxt, ROBOTS_TXT_MAX_BYTES } from '../rules/robots-txt.ts';

/** One URL fetched: what came back, for `--json` and the progress. */
export interface FetchedUrl {
  url: string;
  /** The HTTP status; 0 when none came back. */
  status: number;
  /** Bytes read from the body. */
  bytes: number;
  redirects: string[];
}

export interface SiteSitemaps {
  /** The sitemaps fetched, named by their URLs, in the order given and listed. */
  sources: InputSource[];
  /** Sitemap URLs fetched whose body could not be read (a finding on each says why). */
  unread: Set<string>;
  /** Page entries per source. */
  pages: number[];
  /** Per source, its page entries on the site checked, the ones a sample is spread over (counted when sampling). */
  ownPages: number[];
  /** Per URL given, the origin of the site it stands for: where its first answer came from, after redirects. */
  origins: string[];
  /** Per source, the URL given it was reached from (its place among the URLs given). */
  sites: number[];
  findings: CheckFinding[];
  fetched: FetchedUrl[];
  /** robots.txt texts read on the way, by origin ('' for none: it answered 4xx). */
  robots: Map<string, string>;
  /** robots.txt files that could not be read (a 429, a 5xx, a network error), by origin: why. */
  robotsUnread: Map<string, string>;
  /** Sitemaps listed but not fetched or not kept: past the number of sitemaps or the bytes held. */
  skipped: number;
  /** Things about the run, not one URL (a limit reached). */
  notes: string[];
}

interface Job {
  url: string;
  robots: boolean;
  /** An index given or named by robots.txt is followed; one listed by an index is not. */
  follow: boolean;
  /** The place in the order: given position, then listed position, level by level. */
  key: number[];
  /** Set on /sitemap.xml tried because robots.txt names no sitemap: that finding, to say what came of it. */
  guessFor?: CheckFinding;
}

/** Types a sitemap may be served with (RSS and Atom feeds included). */
const SITEMAP_TYPE = /^(application|text)\/([\w.+-]+\+)?xml$|^text\/plain$|^application\/(x-)?gzip$|^application\/octet-stream$|^application\/zip$/;

/** What a fetched /sitemap.xml must be read as to count as the site's sitemap. */
const SITEMAP_KINDS = new Set<FileKind>(['urlset', 'sitemapindex', 'rss', 'atom']);

function byKey(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** A URL that stands for its robots.txt: the site's root, or the robots.txt itself. */
function robotsUrlOf(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.pathname === '/robots.txt') return url.href;
    if (url.pathname === '/' && !url.search) return new URL('/robots.txt', url).href;
  } catch {
    // not a URL: fetched as given, which says so
  }
  return null;
}


const mib = (n: number) => (n % (1 << 20) === 0 ? `${(n / (1 << 20)).toLocaleString('en-US')} MiB` : `${n.toLocaleString('en-US')} bytes`);

function originOf(address: string): string {
  return URL.canParse(address) ? new URL(address).origin : '';
}

export async function siteSitemaps(urls: string[], options: FetchOptions, limits: Limits, signal: AbortSignal, platform: Platform): Promise<SiteSitemaps> {
  const out: SiteSitemaps = {
    sources: [],
    unread: new Set(),
    pages: [],
    ownPages: [],
    origins: urls.map(originOf),
    sites: [],
    findings: [],
    fetched: [],
    robots: new Map(),
    robotsUnread: new Map(),
    skipped: 0,
    notes: [],
  };
  const found: { key: number[]; findings: CheckFinding[]; fetched?: FetchedUrl; source?: InputSource; pages?: number; ownPages?: number; final?: string }[] = [];
  const queued = new Set<string>();
  // Given and listed sitemaps, counted as queued; an index followed gives its place back.
  let sitemaps = urls.filter((url) => robotsUrlOf(url) === null).length;
  let held = 0;
  let full = false;
  let overHeld = 0;
  let overCount = 0;
  let done = 0;
  const told = (url: string, bytes: number) => options.onFetched?.(url, bytes, ++done, queued.size);

  const first: Job[] = urls.map((url, i) => {
    const robots = robotsUrlOf(url);
    return { url: robots ?? url, robots: robots !== null, follow: true, key: [i] };
  });
  for (const job of first) queued.add(job.url);

  await runQueue(first, limits.concurrency, async (job, add) => {
    const mine: CheckFinding[] = [];
    const entry: (typeof found)[number] = { key: job.key, findings: mine };
    found.push(entry);
    const report = (code: CheckCode, message: string) => void mine.push(finding(job.url, code, message));
    // Where robots.txt names no sitemap, the usual place is tried, as a person would.
    const noSitemap = (message: string) => {
      const f = finding(job.url, 'robots-no-sitemap', message);
      mine.push(f);
      queue(new URL('/sitemap.xml', job.url).href, [...job.key, 0], true, f);
    };
    const queue = (url: string, key: number[], follow: boolean, guessFor?: CheckFinding) => {
      if (queued.has(url)) return;
      if (sitemaps >= limits.maxSitemaps) {
        overCount++;
        queued.add(url);
        out.unread.add(url);
        return;
      }
      sitemaps++;
      queued.add(url);
      add({ url, robots: false, follow, key, guessFor });
    };
    // Past the bytes held, the rest is not fetched: the note says how many.
    if (!job.robots && full) {
      overHeld++;
      out.unread.add(job.url);
      return;
    }

    const cap = job.robots ? ROBOTS_TXT_MAX_BYTES : limits.maxBytes;
    const answer = await fetchUrl(job.url, { follow: true, cap, cut: job.robots, lines: job.robots, signal }, limits);
    if (job.key.length === 1 && answer.ok) out.origins[job.key[0]] = originOf(answer.finalUrl || job.url);
    entry.fetched = { url: job.url, status: answer.ok ? answer.status : 0, bytes: answer.bytes, redirects: answer.redirects };
    told(job.url, answer.bytes);
    const guess = job.guessFor;
    if (guess && (!answer.ok || answer.status !== 200)) {
      guess.message += `; ${job.url} was tried instead and ${answer.ok ? statusLine(answer) : `failed: ${answer.why}`}`;
      return;
    }
    if (!job.robots && (!answer.ok || answer.status !== 200)) out.unread.add(job.url);
    const origin = originOf(job.url);
    if (job.robots && !(answer.ok && answer.status < 500 && answer.status !== 429)) out.robotsUnread.set(origin, answer.ok ? statusLine(answer) : `could not be read (${answer.why})`);
    if (!answer.ok) return report(answer.tooLarge ? 'fetch-too-large' : 'fetch-failed', answer.why);
    // No robots.txt (4xx) is a valid answer (RFC 9309 §2.3.1.3): it names no sitemap. A 429 says
    // nothing of it: Google takes it as a server error, the robots.txt unreachable.
    if (job.robots && answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
      out.robots.set(origin, '');
      return noSitemap(`no robots.txt (${statusLine(answer)}), so no Sitemap: line: search engines find the sitemaps only where they are submitted`);
    }
    if (job.robots && answer.status !== 200) return report('fetch-failed', `${statusLine(answer)}: the robots.txt could not be read, so its Sitemap lines are not known`);
    if (answer.status !== 200) return report('fetch-failed', statusLine(answer));

    if (job.robots) {
      const text = new TextDecoder().decode(answer.body);
      out.robots.set(origin, text);
      const blocked = homeDisallowed(text, answer.finalUrl || job.url);
      if (blocked) report('robots-disallows-site', `${blocked}: Googlebot may not crawl ${new URL('/', answer.finalUrl || job.url).href}, the site's home page, nor any page this rule covers`);
      const listed = robotsSitemaps(text, answer.finalUrl || job.url);
      if (listed.html) return noSitemap('the robots.txt is an HTML page, not a robots.txt: no Sitemap line could be read');
      if (listed.urls.length === 0) return noSitemap('no Sitemap: line: search engines find the sitemaps only where they are submitted');
      for (const value of listed.relative) report('robots-sitemap-relative', `Sitemap: ${value} is not a full URL, which search engines may ignore (checked here against the robots.txt's own URL)`);
      const host = new URL(job.url).host;
      listed.urls.forEach((url, i) => {
        const other = new URL(url).host;
        if (other !== host) report('robots-sitemap-other-host', `names ${url}, on ${other}: search engines accept it when both hosts are verified as one owner's`);
        queue(url, [...job.key, i], true);
      });
      return;
    }

    if (answer.redirects.length) report('fetch-redirected', `redirects to ${shownUrl(answer.redirects.at(-1)!)}${answer.redirects.length > 1 ? ` (${answer.redirects.length} redirects)` : ''}: submit that URL instead`);
    const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type && !SITEMAP_TYPE.test(type)) report('fetch-content-type', `served as ${type}: a sitemap is served as XML, text or gzip (read here by its content all the same)`);
    const body = answer.body;
    const source: InputSource = { name: job.url, size: body.length, chunks: async function* () { yield body; } };
    const own = options.samplePages ? onOrigin(out.origins[job.key[0]]) : undefined;
    const listed = await listedEntries(source, platform, [], signal, own);
    if (guess) {
      // A page served for any path (a soft 404) is not the site's sitemap: nothing to audit.
      if (!listed.kinds.some((kind) => SITEMAP_KINDS.has(kind))) {
        guess.message += `; ${job.url} was tried instead and answers with no sitemap`;
        mine.length = 0;
        return;
      }
      guess.message += `; ${job.url} was found and is checked here: name it in robots.txt (Sitemap: ${answer.finalUrl || job.url})`;
    }
    if (held + body.length > limits.maxHeldBytes) {
      full = true;
      overHeld++;
      out.unread.add(job.url);
      return;
    }
    held += body.length;
    entry.source = source;
    entry.pages = listed.pages;
    entry.ownPages = listed.ownPages;
    entry.final = answer.finalUrl || job.url;
    if (!job.follow || !listed.kinds.includes('sitemapindex')) return;
    if (!job.robots) sitemaps--;
    listed.sitemaps.forEach((loc, i) => {
      let url: URL;
      try {
        url = new URL(loc);
      } catch {
        return; // the audit reports the entry
      }
      if (isHttp(url)) queue(url.href, [...job.key, i], false);
    });
  });

  if (overCount) out.notes.push(`more than ${limits.maxSitemaps.toLocaleString('en-US')} sitemaps: those past the limit were not fetched`);
  if (overHeld) out.notes.push(`the sitemaps read reached ${mib(limits.maxHeldBytes)}, the most a live check keeps: ${overHeld.toLocaleString('en-US')} more listed were not checked`);
  out.skipped = overCount + overHeld;
  found.sort((a, b) => byKey(a.key, b.key));
  const audited = onePerFinalUrl(found);
  for (const f of found) {
    out.findings.push(...f.findings);
    if (f.fetched) out.fetched.push(f.fetched);
    if (f.source && audited.has(f)) {
      out.sources.push(f.source);
      out.pages.push(f.pages ?? 0);
      out.ownPages.push(f.ownPages ?? 0);
      out.sites.push(f.key[0]);
    }
  }
  return out;
}

/**
 * Of the sitemaps that one URL answered for (robots.txt names the http and the https address, one
 * redirecting to the other), the one audited: fetched without a redirect if one was, else the first.
 * Its entries are then read once, not each as the other's duplicate.
 */
function onePerFinalUrl<T extends { source?: InputSource; final?: string; fetched?: FetchedUrl }>(found: T[]): Set<T> {
  const chosen = new Map<string, T>();
  for (const f of found) {
    if (!f.source || f.final === undefined) continue;
    const other = chosen.get(f.final);
    if (!other || (other.fetched?.redirects.length && !f.fetched?.redirects.length)) chosen.set(f.final, f);
  }
  return new Set(chosen.values());
}

/** The rule that disallows the site's home page to Googlebot (`Disallow: /`), or null. */
function homeDisallowed(text: string, robotsUrl: string): string | null {
  const rules = parseRobotsTxt(text, robotsUrl);
  return 'error' in rules ? null : rules.disallows(new URL('/', robotsUrl).href);
}
