// The audit's own finding codes (SPEC section 7): severity and the line a person reads. The row rules
// of section 4 keep their codes and severities from ../codes.ts, except loc-duplicate (see below).

import type { Severity } from '../types.ts';

export type CheckCode =
  | 'xml-malformed'
  | 'xml-doctype'
  | 'xml-root'
  | 'xml-namespace'
  | 'xml-schema'
  | 'xml-order'
  | 'xml-unescaped'
  | 'file-too-many-urls'
  | 'file-too-large'
  | 'gzip-broken'
  | 'index-nested'
  | 'index-missing-file'
  | 'index-outside-directory'
  | 'index-orphan'
  | 'loc-duplicate'
  | 'text-not-url'
  | 'loc-local-host'
  // A live site (SPEC 12): what fetching found, then what a sample of the listed pages answered.
  | 'fetch-failed'
  | 'fetch-redirected'
  | 'fetch-too-large'
  | 'fetch-content-type'
  | 'robots-no-sitemap'
  | 'robots-sitemap-other-host'
  | 'robots-sitemap-relative'
  | 'robots-disallows-site'
  | 'page-status'
  | 'page-noindex'
  | 'page-canonical-other'
  | 'page-robots-disallowed';

/** What the readers report: the audit's codes, loc-missing for a feed item with no link, image-invalid for an empty <image:loc>. */
export type ReportCode = CheckCode | 'loc-missing' | 'image-invalid';

export const CHECK_CODES: Record<CheckCode, { severity: Severity; message: string }> = {
  'xml-malformed': { severity: 'error', message: 'Not well-formed XML' },
  'xml-doctype': { severity: 'error', message: 'DOCTYPE or entity declaration refused' },
  'xml-root': { severity: 'error', message: 'Root element is not urlset or sitemapindex' },
  'xml-namespace': { severity: 'error', message: 'Root element is not in the sitemaps.org 0.9 namespace' },
  'xml-schema': { severity: 'error', message: 'Schema violation' },
  // Search engines read a <url>'s children in any order; only strict validators refuse the file.
  'xml-order': { severity: 'warning', message: 'Elements out of the schema\u2019s order: strict validators reject the file' },
  'xml-unescaped': { severity: 'error', message: 'Bare & or < in a value' },
  'file-too-many-urls': { severity: 'error', message: 'More than 50,000 entries' },
  'file-too-large': { severity: 'error', message: 'More than 52,428,800 bytes uncompressed' },
  'gzip-broken': { severity: 'error', message: 'Compressed data that does not inflate' },
  'index-nested': { severity: 'error', message: 'An index that lists another index' },
  'index-missing-file': { severity: 'warning', message: 'Index entry names a file that was not provided' },
  'index-outside-directory': { severity: 'warning', message: 'Listed sitemap is not in the index’s folder or below' },
  'index-orphan': { severity: 'warning', message: 'A sitemap that no index of the set lists' },
  // An existing sitemap that lists a URL twice is still accepted by search engines: a warning here,
  // where the generator (which keeps the first) calls it an error.
  'loc-duplicate': { severity: 'warning', message: 'Same URL in two places' },
  'text-not-url': { severity: 'error', message: 'Line is not an absolute URL' },
  // Checked alone, a staging site's sitemap agrees with itself: its host is judged for what it is.
  'loc-local-host': { severity: 'error', message: 'URL on a host no search engine can reach (localhost, a private address or a local name)' },
  'fetch-failed': { severity: 'error', message: 'Could not be fetched: an error status, a network error, a timeout or too many redirects' },
  'fetch-redirected': { severity: 'warning', message: 'The sitemap URL redirects: submit the URL it ends at' },
  'fetch-too-large': { severity: 'error', message: 'More than 52,428,800 bytes uncompressed: reading stopped' },
  // Search engines read a sitemap whatever its type, but a type that says HTML is often an error page.
  'fetch-content-type': { severity: 'warning', message: 'Served with a Content-Type that is not XML, text or gzip' },
  'robots-no-sitemap': { severity: 'warning', message: 'robots.txt names no sitemap' },
  'robots-sitemap-other-host': { severity: 'info', message: 'robots.txt names a sitemap on another host' },
  'robots-sitemap-relative': { severity: 'warning', message: 'A Sitemap: line of robots.txt that is not a full URL' },
  // Past the letter of SPEC 12: a site Googlebot may not crawl at all has no page a sitemap can bring in.
  'robots-disallows-site': { severity: 'error', message: 'robots.txt disallows the whole site to Googlebot' },
  // A sample tells about the pages, not the sitemap file: warnings, as the file itself stays valid.
  'page-status': { severity: 'warning', message: 'A listed page does not answer 200' },
  'page-noindex': { severity: 'warning', message: 'A listed page says noindex (robots meta tag or X-Robots-Tag)' },
  'page-canonical-other': { severity: 'warning', message: 'A listed page names another URL as canonical' },
  'page-robots-disallowed': { severity: 'warning', message: 'A listed page is disallowed by robots.txt' },
};

/** The protocol's limits for one file. */
export const MAX_ENTRIES = 50000;
export const MAX_FILE_BYTES = 52428800;
