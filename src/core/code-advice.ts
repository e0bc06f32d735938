// For every finding code, of generate (./codes.ts) and of the audit (../check/codes.ts): why it
// matters to a search engine or to the file, and how to fix it where the list or sitemap comes from.
// The page shows the line beside each code and docs/codes.md lists it; test/code-advice.test.ts fails
// when a code of either table has no line here, or a line names no code.

import type { CheckCode } from '../check/codes.ts';

const ADVICE = {
  // Rows: the URL (SPEC section 4).
  'loc-missing':
    'An entry without a URL cannot be submitted. Fill in the URL at the source (the loc cell, the <loc>, a feed item’s link), or remove the entry.',
  'loc-relative':
    'Search engines accept only absolute URLs in a sitemap. Export full URLs (https://host/path), or check that the base URL is the site these paths belong to.',
  'loc-invalid':
    'Google and Bing refuse an entry that is not a URL, and two URLs on one line are not joined by %20. Correct the value at the source: a placeholder such as (not set), or a host without https://, is the usual cause.',
  'loc-scheme':
    'A sitemap lists only http and https pages; mailto:, tel:, ftp: or javascript: links are refused. Remove those rows from the list.',
  'loc-credentials':
    'A URL with user:password@ exposes the password and is not crawlable. Remove the credentials from the link at the source.',
  'loc-fragment':
    'Search engines ignore the #fragment, so /a#x and /a#y are the same page to them. Export the page URL without the fragment.',
  'loc-host':
    'A sitemap may list only URLs of its own host: Search Console rejects the others. Give each host its own sitemap, or correct the base URL if it names the wrong site.',
  'loc-scheme-mismatch':
    'An http URL in an https site’s sitemap (or the reverse) points at a redirect, not at the page. Export the URLs with the site’s scheme, or correct the base URL.',
  'loc-too-long':
    'The protocol allows URLs of less than 2,048 characters; search engines refuse longer ones. Shorten the URL at the source (long query strings are the usual cause), or leave the page out.',
  'loc-duplicate':
    'A URL listed twice is crawled once, and Search Console’s counts then differ from the list’s. Remove the repeated entry at the source; two rows can become one URL once normalized or stripped of tracking parameters.',
  'loc-normalized':
    'Search engines compare URLs in this canonical form, so the sitemap holds it. Check that the written URL is the page you mean; export encoded URLs to see no fix.',
  'loc-outside-directory':
    'The protocol limits a sitemap to URLs in its own folder and below; some search engines enforce it (so does the strict option). Publish the sitemap at the site root, or set the base URL to the folder above these pages.',
  'loc-session-id':
    'A session id gives each crawl a new URL for the same page, so the page is crawled again and again. Keep sessions in cookies and export the URL without the id.',
  'loc-tracking-param':
    'Tracking parameters make many URLs for one page; a search engine keeps one and ignores the rest. Link to the clean URL on the site and in the export.',

  // Rows: dates, change frequency, priority.
  'lastmod-normalized':
    'Search engines read only W3C Datetime (2024-05-01 or 2024-05-01T10:00:00+02:00). A date without a time zone took the time zone option: check it is the site’s.',
  'lastmod-imprecise':
    'A year or month alone is not a valid lastmod, so it is left out. Export the full date of the page’s last change.',
  'lastmod-invalid':
    'A date that does not parse is not valid in a sitemap, so it is left out. Export the date of the last change as YYYY-MM-DD from the CMS, and check for impossible dates.',
  'lastmod-future':
    'Google distrusts lastmod values after today and may ignore the site’s lastmods. Check the server’s clock and time zone, and the field the export takes its date from.',
  'changefreq-normalized':
    'The protocol’s values are lower-case words. Nothing else to do; Google ignores changefreq, Bing may read it.',
  'changefreq-invalid':
    'Only always, hourly, daily, weekly, monthly, yearly and never are valid; another value fails validation. Use one of them, or drop the column: Google ignores changefreq.',
  'priority-normalized':
    'The schema wants a decimal such as 0.5 or 1.0. Nothing else to do; Google ignores priority.',
  'priority-invalid':
    'Priority is a decimal from 0.0 to 1.0; another value fails validation. Correct the column, or drop it: Google ignores priority.',

  // Rows: the file as read.
  'row-malformed':
    'A quote left open swallows the lines after it, text after a closing quote puts the value in doubt, and a line over 16 MiB is no row. Close or double the quote (a quote inside a quoted field is ""), or put each URL on its own line.',
  'row-encoding':
    'Bytes that are not UTF-8 turn into characters no search engine can match to the page. Save the file as UTF-8 from the spreadsheet or export tool.',
  'row-columns':
    'A row with more or fewer fields than the header may have its values in the wrong columns. Quote the fields that hold the separator, or remove the stray one.',
  'row-too-large':
    'One <url> bigger than a whole sitemap file cannot be written anywhere. Give the page fewer images or alternates, or raise the max bytes option.',
  'column-ignored':
    'The column is not part of a sitemap, so its values are not written. Rename it if it holds lastmod, changefreq, priority or an extension field.',

  // The list as a whole.
  'base-url-inferred':
    'The host and folder checks compare every URL with the base URL, and this one is a guess. Give the site’s base URL (--base-url, or the page’s Base URL field).',
  'list-mixed-hosts':
    'The list spans several sites, and one sitemap may hold only one host’s URLs. Split the list per host, or give the base URL of the site you mean.',
  'list-uniform-priority':
    'The same priority everywhere tells search engines nothing. Drop the column, or set values that differ with the pages’ importance.',
  'list-uniform-lastmod':
    'The same lastmod on every URL is not believed, and Google may then ignore the site’s lastmods. Export each page’s own last change date, or drop the column.',
  'list-lastmod-crawl-time':
    'Dates within one hour are likely when the crawler fetched the pages, not when they changed; Google ignores lastmods it finds wrong. Take lastmod from the CMS’s date modified, or drop the column.',
  'input-preamble':
    'Title or comment lines above the header are not rows, so they are skipped. Check that the header found is the right one.',
  'input-encoding':
    'The file is not UTF-8, so it is read as Windows-1252; accented letters are wrong if it was saved in another encoding. Save it as CSV UTF-8 to be sure.',

  // Extensions (SPEC section 5).
  'image-invalid':
    'Google reads an image only from an absolute http(s) URL, so this one is left out. Export full image URLs (with https:// and the host) from the CMS.',
  'image-too-many':
    'Google reads at most 1,000 images per page from a sitemap. Keep the page’s most important 1,000 images in the export.',
  'hreflang-code-invalid':
    'Google ignores an alternate whose language code it does not know. Use a language, with script or region if needed (en, de-AT), or x-default, in the column name (hreflang:de-AT) or the hreflang attribute.',
  'hreflang-normalized':
    'Codes are written in their usual case (de-AT, zh-Hant-TW). Nothing else to do.',
  'hreflang-url-invalid':
    'Google ignores an alternate that is not an absolute http(s) URL, so it is left out. Export the full URL of the page in the other language.',
  'hreflang-code-repeated':
    'Two pages for one language code contradict each other, so only the first is kept. Keep one URL per code in the cell.',
  'hreflang-not-reciprocal':
    'Google ignores hreflang links that the other page does not return. Make the alternate’s entry list this page too: every page of a cluster lists all of them.',
  'hreflang-missing-self':
    'Google expects each page to list itself among its own alternates. Add the page’s URL under its own language code.',
  'news-incomplete':
    'Google News needs the publication name, language, date and title of every article, so the news tags are left out. Fill in all four fields in the export.',
  'news-stale':
    'A news sitemap should hold only articles of the last 2 days; Google News ignores older ones. Leave older articles to the regular sitemap.',
  'video-invalid':
    'Google drops a video whose required field (thumbnail, title, description, content or player URL) is missing or out of range, and ignores a bad optional one. Correct the field named in the finding at the source.',
  'text-invalid-char':
    'XML 1.0 forbids these control characters: a file holding them does not parse. Clean the title or description in the CMS.',

  // Left out of a real export on purpose (SPEC section 10).
  'row-status':
    'Search Console reports a sitemap URL that redirects or fails as an error. List the redirect’s target instead, or fix or remove the page, then crawl again before exporting.',
  'row-non-indexable':
    'Search Console reports a submitted URL that cannot be indexed. Make the page indexable in the CMS if it should be found; otherwise leaving it out is right.',
  'row-noindex':
    'Search Console reports "Submitted URL marked noindex" as an error. Remove the noindex in the CMS if the page should be found; otherwise leaving it out is right.',
  'row-canonicalised':
    'A sitemap should list canonical URLs only; Google treats this one as a duplicate of its canonical. List the canonical URL, or correct the canonical tag if it names the wrong page.',
  'row-unpublished':
    'A draft, private or scheduled post answers 404 or a login page to search engines, and a password-protected one only its password form; Search Console reports such URLs as errors. List the post once it is published for all.',
  'row-not-page':
    'Sitemaps list pages; images, scripts, styles and feeds do not belong (images go in the image extension), nor do a CMS’s attachment pages and menu items. Leave them out of the export.',
  'robots-disallowed':
    'Search Console reports "Submitted URL blocked by robots.txt" as an error. Allow the URL in robots.txt if the page should be found; otherwise leaving it out is right.',
  'row-excluded-rule':
    'An include or exclude rule of yours leaves the URL out. Change the rule named in the finding if the page belongs in the sitemap.',
  'row-utility-path':
    'An analytics list holds every path visitors opened: carts, checkouts, accounts and search results are no pages to submit, and most sites disallow them in robots.txt. Give the site’s robots.txt to leave out the rest it disallows.',
  'lastmod-crawl-time':
    'The server sent its clock, not when the page changed; search engines stop trusting lastmods that all move at once. Export the CMS’s modified dates instead.',
  'loc-html-escaped':
    'The exporting tool wrote the URL as HTML writes it (&amp; for &), and the sitemap would escape it once more into a URL that does not exist. Export the URLs as plain text.',
  'row-soft-404':
    'A page titled "Page not found" is the site’s error page; Search Console reports a submitted soft 404 as an error. Fix the link or redirect the old path to its new page, and list that instead.',

  // The audit of existing sitemaps (SPEC section 7).
  'xml-malformed':
    'Google and Bing reject a sitemap that is not well-formed XML, whole. Fix the file at the line given, or have the CMS or plugin write it again.',
  'xml-doctype':
    'Search engines do not accept a DOCTYPE in a sitemap, and entity declarations are refused for safety. Remove the DOCTYPE from the generator’s template.',
  'xml-root':
    'Only <urlset> and <sitemapindex> are sitemaps: an HTML or error page served at that address is rejected. Check that the URL serves the sitemap itself.',
  'xml-namespace':
    'Search Console reports a root element without the sitemaps.org namespace as invalid. Put xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" on the root element.',
  'xml-schema':
    'Search Console reports an element the schema does not allow, or a required one missing, as an error. Fix the element at the line given in the generator’s template or plugin.',
  'xml-order':
    'Google and Bing read a sitemap whose elements are out of order, but strict validators (xmllint --schema, some SEO tools) reject the whole file. Write the children in the schema\u2019s order in the generator\u2019s template, or re-generate the set.',
  'xml-unescaped':
    'A bare & or < breaks the XML, so the file is rejected from there on. Write them as &amp; and &lt; (the generator should escape every value).',
  'file-too-many-urls':
    'Search engines read at most 50,000 URLs from one file. Split it into several sitemaps listed in a sitemap index.',
  'file-too-large':
    'Search engines refuse a file over 50 MiB uncompressed. Split it into several sitemaps listed in a sitemap index.',
  'gzip-broken':
    'A .gz file that does not inflate cannot be read at all. Compress the file again, and check that the server does not compress it a second time.',
  'index-nested':
    'A sitemap index may list only sitemaps: Google does not follow an index inside an index. List the inner index’s sitemaps in the outer one.',
  'index-missing-file':
    'The index names a file that was not given, so that file is not checked. Add it to the check, or remove the stale entry from the index.',
  'index-outside-directory':
    'The protocol lets an index list sitemaps only in its own folder or below. Move the sitemaps under the index’s folder, or the index up to the site root.',
  'index-orphan':
    'A crawler that starts at the index never finds a sitemap the index does not list. Add it to the index, or submit it on its own (Search Console, a Sitemap: line in robots.txt).',
  'text-not-url':
    'Each line of a text sitemap must be one absolute URL, and search engines reject the file otherwise. Write the line as a full https:// URL, or remove it.',
  'loc-local-host':
    'Search engines cannot reach localhost, private addresses or local names, so every such URL is refused: the sitemap was made on a staging site. Generate it again with the live site\u2019s URLs.',
  'fetch-failed':
    'Search Console reports a sitemap it cannot fetch as "Couldn\u2019t fetch", and reads none of its URLs. Make the URL answer 200 directly (no error page, no redirect chain, no block for crawlers) and check it again.',
  'fetch-redirected':
    'A sitemap URL that redirects may not be followed by every search engine, and its URLs are judged against the final host. Submit the URL the redirect ends at, in robots.txt and in Search Console.',
  'fetch-too-large':
    'Search engines stop reading a sitemap at 50 MiB uncompressed, so the rest of its URLs is never seen. Split it into several sitemaps listed in a sitemap index.',
  'fetch-content-type':
    'A sitemap served as text/html is often an error or login page, and some crawlers refuse it. Serve .xml as application/xml (or text/xml), .txt as text/plain and .gz as application/gzip.',
  'robots-no-sitemap':
    'A Sitemap: line in robots.txt is how crawlers other than those you submitted to find the sitemap. Add a line such as Sitemap: https://www.example.com/sitemap-index.xml to robots.txt.',
  'robots-sitemap-other-host':
    'A sitemap on another host is accepted only when that host is verified for the site (cross-site submission). Check that this is intended, or host the sitemap on the site itself.',
  'robots-sitemap-relative':
    'The sitemaps protocol and Google ask for the full URL of the sitemap, with its scheme and host; a path alone may be ignored. Write the whole URL of the sitemap.',
  'robots-disallows-site':
    'Googlebot may not crawl the home page, and with a rule such as Disallow: / none of the site: its pages drop out of search, sitemap or not. Remove the rule if the site should be found (staging sites often keep it by mistake).',
  'page-status':
    'A listed URL that redirects or fails is reported by Search Console instead of indexed, and wastes crawl budget. List the final URL of each page, and drop pages that are gone.',
  'page-noindex':
    'A noindex page in a sitemap is a contradiction Search Console reports as "Submitted URL marked noindex". Remove the page from the sitemap, or the noindex from the page if it should be found.',
  'page-canonical-other':
    'A page that names another URL as canonical is indexed under that URL, not the one listed. List the canonical URL instead, or correct the page\u2019s canonical link.',
  'page-robots-disallowed':
    'A listed page that robots.txt disallows cannot be crawled, and Search Console reports it as blocked. Remove it from the sitemap, or allow it in robots.txt if it should be found.',
} satisfies Record<string, string> & Record<CheckCode, string>;

/** Why each code matters and how to fix it at the source, by code. */
export const CODE_ADVICE: Readonly<Record<string, string>> = ADVICE;

/** The advice line for a code, or undefined for a code Sitemill does not have. */
export function codeAdvice(code: string): string | undefined {
  return Object.hasOwn(CODE_ADVICE, code) ? CODE_ADVICE[code] : undefined;
}
