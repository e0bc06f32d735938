// The row rules of SPEC sections 4 and 5 on the values found, by the generator itself: the entries go
// in as TSV rows and its findings come back. What it writes is thrown away, so it writes little: the
// text format, in files of 1 MiB, which it holds one or two at a time (with the default 50 MB files,
// the CLI's peak memory on a 50 MB sitemap was 290 MB; with these, 150 MB). The rules, and so the
// findings, are the same whatever the format and file size; only rows with extension columns are
// written as XML, as a text sitemap has no extensions.

import { generate } from '../generate/engine.ts';
import type { Finding } from '../types.ts';
import type { RowRulesRunner } from './types.ts';
import { CORE_COLUMNS } from './sink.ts';


const OUTPUT_FILE_BYTES = 1 << 20;

/** Findings that describe the generated list, not an existing sitemap. */
const NOT_FOR_SITEMAPS = new Set(['base-url-inferred', 'column-ignored', 'row-columns']);

export function keepsFinding(code: string): boolean {
  return !NOT_FOR_SITEMAPS.has(code);
}

export const runRowRules: RowRulesRunner = async (rows, options, platform) => {
  const result = await generate(
    [{ name: 'entries', chunks: rows }],
    { gzip: false, format: options.extensions ? 'xml' : 'txt', maxBytes: OUTPUT_FILE_BYTES, delimiter: '\t', baseUrl: options.baseUrl, now: options.now, allFields: true },
    platform,
    { onZipChunk: () => {}, signal: options.signal },
  );
  return { findings: result.findings, baseUrl: result.summary.baseUrl };
};

// What the official XSD takes, value by value: W3C date or dateTime (xsd:date / xsd:dateTime:
// seconds required, a zone optional, 24:00:00 allowed, whitespace collapsed, a year of more than
// four digits without a leading zero), the seven changefreq
// words exactly, a decimal from 0.0 to 1.0. The row rules are stricter in places; this is the schema.
const XSD_DATE = /^\s*(-?(?:[1-9]\d{3,}|0\d{3}))-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2}))?\s*$/;
const XSD_DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

function xsdDate(value: string): boolean {
  const m = XSD_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y === 0) return false; // XSD 1.0 has no year 0
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (!days || d < 1 || d > days) return false;
  if (m[4] !== undefined) {
    const [h, mi, se] = [Number(m[4]), Number(m[5]), Number(m[6])];
    if (mi > 59 || se > 59 || h > 24 || (h === 24 && (mi > 0 || se > 0))) return false;
  }
  if (m[8] !== undefined && (Number(m[9]) > 59 || Number(m[8]) * 60 + Number(m[9]) > 14 * 60)) return false;
  return true;
}

/** An xsd:decimal from 0.0 to 1.0, compared as written (1.0000000000000000001 is over 1, though a float reads 1). */
function decimalFromZeroToOne(value: string): boolean {
  const m = /^\s*([+-]?)0*(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m || !XSD_DECIMAL.test(value)) return false;
  const [, sign, whole, fraction = ''] = m;
  const zero = whole === '' && /^0*$/.test(fraction);
  if (sign === '-') return zero;
  return whole === '' || (whole === '1' && /^0*$/.test(fraction));
}

/**
 * When a row-rule finding means the value as found also fails the schema (a bad value is an
 * `xml-schema` error, whatever the row rule's own severity), the message for it; otherwise null.
 */
export function schemaViolation(f: Finding): string | null {
  // The date rules also judge news and video dates, in the extension columns after the core ones.
  if (f.column > CORE_COLUMNS) return null;
  const field = f.code.split('-')[0];
  let valid: boolean;
  if (field === 'lastmod' && f.code !== 'lastmod-future') valid = xsdDate(f.value);
  else if (field === 'priority') valid = decimalFromZeroToOne(f.value);
  else if (field === 'changefreq') valid = false;
  else return null;
  return valid ? null : `bad value for <${field}>: ${f.value}`;
}
