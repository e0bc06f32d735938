// The row rules' findings said of a published sitemap: the generator's lines speak of rows, columns
// and values dropped or written; the audit reads entries, and a fix is what it would write.

import { CODE_INFO } from '../core/codes.ts';
import { CHECK_CODES, type CheckCode } from './codes.ts';
import type { Finding, Severity } from '../types.ts';

/** Codes whose generator wording does not fit an audit, as the audit says them. */
const AUDIT_WORDS: Record<string, string> = {
  'loc-missing': 'An entry without a URL',
  'loc-relative': 'A relative URL: a sitemap\u2019s URLs must be absolute, with their protocol (read here against the base URL)',
  'loc-normalized': 'URL not in canonical form (encoding, case, port, dot segments)',
  'lastmod-normalized': 'Date not in W3C Datetime form',
  'lastmod-imprecise': 'lastmod has no day',
  'lastmod-invalid': 'lastmod is not a valid date',
  'changefreq-normalized': 'changefreq not in lower case',
  'changefreq-invalid': 'changefreq is not a protocol value',
  'priority-normalized': 'priority not in d.d form',
  'priority-invalid': 'priority is not a decimal from 0.0 to 1.0',
  'row-malformed': 'An entry that cannot be read',
  'row-encoding': 'An entry\u2019s text is not valid UTF-8',
  'row-too-large': 'An entry is more bytes than a sitemap file may hold',
  'list-mixed-hosts': 'Entries on another host than the base URL\u2019s',
  'list-uniform-priority': 'Every entry has the same priority: search engines learn nothing from it',
  'list-uniform-lastmod': 'Every entry has the same lastmod: search engines learn nothing from it',
  'image-invalid': 'Image is not an absolute http(s) URL',
  'image-too-many': 'More than 1,000 images for one URL',
  'hreflang-code-invalid': 'hreflang is not a language[-Script][-REGION] code or x-default',
  'hreflang-normalized': 'Language code not in canonical case',
  'hreflang-url-invalid': 'Alternate is not an absolute http(s) URL',
  'hreflang-not-reciprocal': 'The alternate is listed but does not link back',
  'hreflang-missing-self': 'The alternates do not include the entry\u2019s own URL',
  'hreflang-code-repeated': 'A second alternate for one hreflang code',
  'news-incomplete': 'News needs publication name, language, date and title',
  'video-invalid': 'A video field breaks its rules (a bad required field spoils the video, a bad optional one only itself)',
  'text-invalid-char': 'Characters XML 1.0 forbids',
  'loc-tracking-param': 'Tracking parameters in the URL',
};

/** Codes that weigh more in a sitemap than in a list: a generated list resolves a relative URL, a published sitemap is broken by it. */
const AUDIT_SEVERITY: Record<string, Severity> = { 'loc-relative': 'error' };

/** What the audit says of a row rule's code. */
export function auditMessage(code: string): string {
  return AUDIT_WORDS[code] ?? CHECK_CODES[code as CheckCode]?.message ?? CODE_INFO[code]?.message ?? code;
}

export function auditSeverity(f: Pick<Finding, 'code' | 'severity'>): Severity {
  return AUDIT_SEVERITY[f.code] ?? f.severity;
}

/** A code's severity and line as the audit reports it: its own codes (SPEC section 7), then the row rules'; undefined for no code. */
export function auditCodeInfo(code: string): { severity: Severity; message: string } | undefined {
  const own = CHECK_CODES[code as CheckCode];
  if (own) return own;
  const rule = CODE_INFO[code];
  return rule && { severity: auditSeverity({ code, severity: rule.severity }), message: auditMessage(code) };
}

/**
 * A row rule's finding as the audit words it: the value as found and, for a fix, what would be
 * written; `element`, when given, names the extension element the value is in, first.
 */
export function describeForAudit(f: Pick<Finding, 'code' | 'value' | 'fixed'>, element?: string): string {
  const said = element ? `${element}: ${auditMessage(f.code)}` : auditMessage(f.code);
  const value = f.value === '' ? '' : `: ${f.value}`;
  return f.fixed ? `${said}${value}, would be written as ${f.fixed}` : `${said}${value}`;
}

/** loc-host said with the base URL it was judged against, and where that base came from. */
export function describeOtherHost(value: string, base: string | undefined, from: string): string {
  const against = base ? `the base URL ${base} (${from})` : 'the base URL';
  return `Host differs from ${against}: ${value}`;
}
