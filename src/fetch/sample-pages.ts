// `--sample-pages N` (SPEC 12): N of the listed pages, spread over the sitemaps fetched (each file
// its share, the pages spread evenly within it), asked what Search Console would find: HEAD first,
// then a GET of the page's start for its robots directives and canonical link (or a Link header's).
// A page robots.txt disallows (for Googlebot) is reported and not fetched. Only the site checked is
// sampled: pages listed on other hosts or ports are counted, not asked. Each finding sits on the
// page's entry: its sitemap's URL and line.

import type { CheckFinding } from '../check/types.ts';
import { parseRobotsTxt, ROBOTS_TXT_MAX_BYTES, type RobotsRules } from '../rules/robots-txt.ts';
import type { Platform } from '../types.ts';
import { fetchUrl, isHttp, type Answer, type Failure } from './fetch-url.ts';
import { LIMITS, type Limits } from './limits.ts';
import { listedEntries, onOrigin, type ListedPage } from './listed-entries.ts';
import { headerCanonical, headerNoindex, readPageHead } from './page-head.ts';
import { runQueue } from './queue.ts';
import { finding, statusLine } from './fetch-findings.ts';
import { hasCredentials, shownUrl } from './shown-url.ts';
import type { SiteSitemaps } from './site-sitemaps.ts';

/** What the sample asked and what it left: for the notes, and the page's summary. */
export interface PageSample {
  /** Pages asked for (`--sample-pages N`). */
  asked: number;
  /** Pages sampled: on the site checked, at most `asked`. */
  sampled: number;
  /** Of those, the ones with nothing to say: a 200, indexable, canonical to itself. */
  quiet: number;
  /** Listed pages on the sites checked, and on other sites (never sampled). */
  own: number;
  otherSite: number;
  /** robots.txt files that could not be read, so the pages were not judged by them: `url why`. */
  robotsUnread: string[];
}

/** Positions `0 … total-1` of `n` entries spread evenly: the middle of each of n equal stretches. */
export function spread(total: number, n: number): number[] {
  if (n >= total) return Array.from({ length: total }, (_, i) => i);
  return Array.from({ length: n }, (_, i) => Math.floor(((i + 0.5) * total) / n));
}

/**
 * How many of `n` samples each file gets (`pages`: its page entries). Fewer samples than files: one
 * each for files spread evenly over the list. Else one each, and the rest by the files' sizes
 * (largest remainders), never more than a file lists.
 */
export function allot(pages: number[], n: number): number[] {
  const listing = pages.flatMap((k, i) => (k > 0 ? [i] : []));
  const shares = pages.map(() => 0);
  if (n <= listing.length) {
    for (const at of spread(listing.length, n)) shares[listing[at]] = 1;
    return shares;
  }
  for (const i of listing) shares[i] = 1;
  let left = n - listing.length;
  const room = listing.reduce((sum, i) => sum + pages[i] - 1, 0);
  if (left >= room) return pages.slice();
  const exact = listing.map((i) => ({ i, want: ((pages[i] - 1) * left) / room }));
  for (const { i, want } of exact) shares[i] += Math.floor(want);
  left -= exact.reduce((sum, { want }) => sum + Math.floor(want), 0);
  exact.sort((a, b) => b.want - Math.floor(b.want) - (a.want - Math.floor(a.want)) || a.i - b.i);
  for (const { i } of exact.slice(0, left)) shares[i]++;
  return shares;
}

/** Each file's share of its pages on the site, spread within it, read again from the sources that hold them. */
async function pickPages(site: SiteSitemaps, n: number, platform: Platform, signal: AbortSignal): Promise<ListedPage[]> {
  const shares = allot(site.ownPages, n);
  const picked: ListedPage[] = [];
  for (const [i, source] of site.sources.entries()) {
    if (shares[i] === 0) continue;
    const own = onOrigin(site.origins[site.sites[i]]);
    picked.push(...(await listedEntries(source, platform, spread(site.ownPages[i], shares[i]), signal, own)).picked);
  }
  return picked;
}

/** A site's robots rules: null when it has none (4xx), a reason when they could not be read. */
type Rules = RobotsRules | null | { unread: string };

export async function samplePages(n: number, site: SiteSitemaps, limits: Limits, signal: AbortSignal, platform: Platform): Promise<{ findings: CheckFinding[]; sample: PageSample }> {
  const picked = await pickPages(site, n, platform, signal);
  const robots = new Map<string, Promise<Rules>>();
  const rulesFor = (url: URL): Promise<Rules> => {
    let rules = robots.get(url.origin);
    if (!rules) {
      const unread = site.robotsUnread.get(url.origin);
      rules = unread !== undefined ? Promise.resolve({ unread }) : robotsRules(url.origin, site.robots.get(url.origin), limits, signal);
      robots.set(url.origin, rules);
    }
    return rules;
  };
  const results = new Map<ListedPage, CheckFinding[]>();
  await runQueue(picked, limits.concurrency, async (page) => {
    results.set(page, await checkPage(page, rulesFor, limits, signal));
  });
  const robotsUnread: string[] = [];
  for (const [origin, rules] of robots) {
    const r = await rules;
    if (r && 'unread' in r) robotsUnread.push(`${origin}/robots.txt ${r.unread}`);
  }
  const own = site.ownPages.reduce((a, b) => a + b, 0);
  const sample: PageSample = {
    asked: n,
    sampled: picked.length,
    quiet: picked.filter((page) => (results.get(page) ?? []).length === 0).length,
    own,
    otherSite: site.pages.reduce((a, b) => a + b, 0) - own,
    robotsUnread,
  };
  return { findings: picked.flatMap((page) => results.get(page) ?? []), sample };
}

async function robotsRules(origin: string, text: string | undefined, limits: Limits, signal: AbortSignal): Promise<Rules> {
  const url = `${origin}/robots.txt`;
  if (text === undefined) {
    const answer = await fetchUrl(url, { follow: true, cap: ROBOTS_TXT_MAX_BYTES, cut: true, lines: true, signal }, limits);
    if (!answer.ok) return { unread: `could not be read (${answer.why})` };
    // None (4xx): nothing is disallowed, as RFC 9309 §2.3.1.3 has it. A 429 or a 5xx says nothing.
    if (answer.status === 429 || answer.status >= 500) return { unread: statusLine(answer) };
    if (answer.status !== 200) return null;
    text = new TextDecoder().decode(answer.body);
  }
  const rules = parseRobotsTxt(text, url);
  return 'error' in rules ? null : rules;
}

async function checkPage(page: ListedPage, rulesFor: (url: URL) => Promise<Rules>, limits: Limits, signal: AbortSignal): Promise<CheckFinding[]> {
  let url: URL;
  try {
    url = new URL(page.loc);
  } catch {
    return []; // the audit reports the entry
  }
  if (!isHttp(url)) return [];
  const found: CheckFinding[] = [];
  const report = (code: Parameters<typeof finding>[1], message: string) => void found.push({ ...finding(page.file, code, `${url.href}: ${message}`), line: page.line });
  const rules = await rulesFor(url);
  const rule = rules && 'disallows' in rules ? rules.disallows(url.href) : null;
  if (rule) {
    report('page-robots-disallowed', `robots.txt disallows it for Googlebot (${rule}): Search Console says "Blocked by robots.txt"; not fetched`);
    return found;
  }
  const head = await fetchUrl(url.href, { method: 'HEAD', follow: false, cap: 0, signal }, limits);
  // A server that does not answer HEAD (405, 501) is asked with GET.
  const noHead = head.ok && (head.status === 405 || head.status === 501);
  const onward = (target: string) => redirectEnd(target, limits, signal);
  if (!noHead && !(await answered(head, url, report, onward))) return found;
  const get = await fetchUrl(url.href, { follow: false, cap: LIMITS.pageBytes, cut: true, signal }, limits);
  if (!(await answered(get, url, report, onward))) return found;
  const answer = get as Answer;
  const noindex = headerNoindex(answer.headers.get('x-robots-tag'));
  const type = answer.headers.get('content-type') ?? '';
  const html = /html/i.test(type) ? readPageHead(new TextDecoder().decode(answer.body), answer.finalUrl || url.href) : null;
  if (noindex ?? html?.noindex) report('page-noindex', `${noindex ?? html?.noindex}: Search Console says "Excluded by 'noindex' tag"`);
  // The Link header serves pages with no head (a PDF); where a page gives both, the header's is told.
  const header = headerCanonical(answer.headers.get('link'), answer.finalUrl || url.href);
  const canonical = header ?? html?.canonical;
  const where = header ? 'its Link header' : 'its canonical link';
  if (canonical && canonical !== url.href) report('page-canonical-other', `${where} names ${canonical}: Search Console says "Alternate page with proper canonical tag"`);
  return found;
}

/**
 * Reports an answer that is not a 200; true when it is one. A redirect names its target, and
 * `onward` where the chain ends (the URL to list instead, or what answers there).
 */
async function answered(
  answer: Answer | Failure,
  url: URL,
  report: (code: 'page-status', message: string) => void,
  onward: (target: string) => Promise<string>,
): Promise<boolean> {
  if (!answer.ok) {
    report('page-status', `no answer: ${answer.why}`);
    return false;
  }
  // In a browser, which follows redirects itself and shows only where they end.
  if (answer.redirects.length) {
    const end = answer.status === 200 ? 'answers 200: list it instead' : statusLine(answer);
    report('page-status', `redirects to ${shownUrl(answer.redirects.at(-1)!)}, which ${end}`);
    return false;
  }
  if (answer.status === 200) return true;
  const location = answer.headers.get('location');
  const redirect = location !== null && answer.status >= 300 && answer.status < 400 && answer.status !== 304;
  const target = redirect ? resolved(location, answer.finalUrl || url.href) : undefined;
  const where = !redirect ? '' : target === undefined ? `, redirects to ${location}, which is no URL` : `, redirects to ${shownUrl(target)}${await onward(target)}`;
  report('page-status', `${statusLine(answer)}${where}`);
  return false;
}

function resolved(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/**
 * Where a page's redirect leads, followed as search engines do (at most 5 redirects): `, which
 * answers 200: list it` when the first target is the page to list, `, and on to … (3 redirects),
 * which answers HTTP 404 Not Found` when the chain goes on or ends elsewhere, `; then a redirect loop: …`.
 */
async function redirectEnd(target: string, limits: Limits, signal: AbortSignal): Promise<string> {
  if (!isHttp(new URL(target))) return '';
  if (hasCredentials(new URL(target))) return ', a URL with a user name and password: not followed';
  const end = await fetchUrl(target, { method: 'HEAD', follow: true, cap: 0, signal }, { ...limits, maxRedirects: limits.maxRedirects - 1 });
  if (!end.ok) return `; then ${end.why}`;
  const hops = end.redirects.length + 1;
  const via = hops > 1 ? `, and on to ${end.finalUrl || end.redirects.at(-1)} (${hops} redirects)` : '';
  // A server that does not answer HEAD says nothing of the page at the end.
  if (end.status === 405 || end.status === 501) return via;
  if (end.status === 200) return `${via}, which answers 200: list ${hops > 1 ? 'that URL' : 'it'} instead`;
  return `${via}, which ${statusLine(end)}`;
}
