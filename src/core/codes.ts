// Every finding code: its severity and the one line a person reads.

import { Code } from './code.ts';
import type { Severity } from '../types.ts';

export { Code };

export interface CodeInfo {
  severity: Severity;
  message: string;
}

export const CODE_INFO: Record<string, CodeInfo> = {
  'loc-missing': { severity: 'error', message: 'No URL in the loc column' },
  'loc-relative': { severity: 'fix', message: 'Relative URL resolved against the base URL' },
  'loc-invalid': { severity: 'error', message: 'Not a valid URL, or more than one URL in one value' },
  'loc-scheme': { severity: 'error', message: 'Scheme is not http or https' },
  'loc-credentials': { severity: 'error', message: 'URL carries a user name or password' },
  'loc-fragment': { severity: 'fix', message: '#fragment removed' },
  'loc-host': { severity: 'error', message: 'Host differs from the base URL’s' },
  'loc-scheme-mismatch': { severity: 'error', message: 'Scheme differs from the base URL’s' },
  'loc-too-long': { severity: 'error', message: 'URL has 2,048 characters or more' },
  'loc-duplicate': { severity: 'error', message: 'Same URL as an earlier row: that row decides whether the URL is written or left out' },
  'loc-normalized': { severity: 'fix', message: 'URL written in canonical form (encoding, case, port, dot segments)' },
  'loc-outside-directory': { severity: 'warning', message: 'URL is not under the base URL’s folder' },
  'loc-session-id': { severity: 'warning', message: 'URL carries a session id' },
  'lastmod-normalized': { severity: 'fix', message: 'Date written as a W3C Datetime' },
  'lastmod-imprecise': { severity: 'warning', message: 'lastmod has no day; dropped' },
  'lastmod-invalid': { severity: 'warning', message: 'lastmod is not a valid date; dropped' },
  'lastmod-future': { severity: 'warning', message: 'lastmod is more than a day in the future' },
  'changefreq-normalized': { severity: 'fix', message: 'changefreq lower-cased' },
  'changefreq-invalid': { severity: 'warning', message: 'changefreq is not a protocol value; dropped' },
  'priority-normalized': { severity: 'fix', message: 'priority written as d.d' },
  'priority-invalid': { severity: 'warning', message: 'priority is not a decimal from 0.0 to 1.0; dropped' },
  'row-malformed': { severity: 'error', message: 'Broken CSV: a quote that does not close within 1 MiB, text after a closing quote, or a line over 16 MiB' },
  'row-encoding': { severity: 'error', message: 'Row is not valid UTF-8, or holds a NUL byte' },
  'row-columns': { severity: 'warning', message: 'Row has more or fewer fields than the header' },
  'column-ignored': { severity: 'info', message: 'Column not used by sitemaps' },
  'base-url-inferred': { severity: 'info', message: 'No base URL given; taken from the most common origin of the list’s URLs' },
  'list-mixed-hosts': { severity: 'info', message: 'Rows rejected for this host' },
  'list-uniform-priority': { severity: 'info', message: 'Every row has the same priority: search engines learn nothing from it' },
  'list-uniform-lastmod': { severity: 'info', message: 'Every row has the same lastmod: search engines learn nothing from it' },
  'image-invalid': { severity: 'warning', message: 'Image is not an absolute http(s) URL; dropped' },
  'image-too-many': { severity: 'warning', message: 'More than 1,000 images for one URL; the extras dropped' },
  'hreflang-code-invalid': { severity: 'warning', message: 'Not a language[-Script][-REGION] code or x-default; column ignored' },
  'hreflang-normalized': { severity: 'fix', message: 'Language code written in canonical case' },
  'hreflang-url-invalid': { severity: 'warning', message: 'Alternate is not an absolute http(s) URL; dropped' },
  'hreflang-not-reciprocal': { severity: 'warning', message: 'The alternate is a row of this list but does not link back' },
  'hreflang-missing-self': { severity: 'warning', message: 'The alternates do not include the row’s own URL' },
  'news-incomplete': { severity: 'warning', message: 'News needs publication name, language, date and title; news dropped' },
  'news-stale': { severity: 'warning', message: 'News published more than 2 days before now' },
  'video-invalid': { severity: 'warning', message: 'Video field out of its rules: a required one drops the video, an optional one itself' },
  'text-invalid-char': { severity: 'fix', message: 'Characters XML 1.0 forbids removed' },
  'row-too-large': { severity: 'error', message: 'The row’s <url> alone is more bytes than a sitemap file may hold (max bytes); left out' },
  'hreflang-code-repeated': { severity: 'warning', message: 'A second alternate for one hreflang code; dropped (the first is kept)' },
  'input-preamble': { severity: 'info', message: 'Lines before the header skipped (an export’s title or comment lines)' },
  'input-encoding': { severity: 'info', message: 'Not UTF-8: read as Windows-1252, as spreadsheets save on Windows' },
  'row-status': { severity: 'excluded', message: 'Left out: the page does not answer 200' },
  'row-non-indexable': { severity: 'excluded', message: 'Left out: the export says the page is not indexable' },
  'row-noindex': { severity: 'excluded', message: 'Left out: the page’s robots directives say noindex' },
  'row-canonicalised': { severity: 'excluded', message: 'Left out: the page names another URL as canonical' },
  'row-not-page': { severity: 'excluded', message: 'Left out: not an HTML page or PDF' },
  'robots-disallowed': { severity: 'excluded', message: 'Left out: robots.txt disallows it' },
  'row-excluded-rule': { severity: 'excluded', message: 'Left out by a rule' },
  'loc-tracking-param': { severity: 'fix', message: 'Tracking parameters removed from the URL' },
  'list-lastmod-crawl-time': { severity: 'warning', message: 'Most lastmods lie within one hour: likely the crawl time, not when pages changed' },
  'row-unpublished': { severity: 'excluded', message: 'Left out: the CMS says the post is not public (a draft, private, scheduled, password protected…)' },
  'row-utility-path': { severity: 'excluded', message: 'Left out: a utility path of an analytics list (cart, checkout, account, login, search results, admin, preview)' },
  'row-soft-404': { severity: 'excluded', message: 'Left out: the page’s title says it was not found (a soft 404)' },
  'loc-html-escaped': { severity: 'fix', message: 'HTML entities in the URL (&amp;) unescaped: the export wrote it for a web page' },
  'lastmod-crawl-time': { severity: 'fix', message: 'Lastmod dropped: it is the crawl’s time (the server’s clock when the crawler asked), not when the page changed' },
};

/** Code names by number, in the order of the Code enum. */
export const CODE_NAMES: string[] = [''];
for (const name of Object.keys(CODE_INFO)) CODE_NAMES.push(name);
