// Options: defaults, validation, and the resolved form the engine uses.

import type { Options } from '../types.ts';
import { OptionError } from '../errors.ts';

export const DEFAULT_OPTIONS: Options = {
  maxUrls: 50000,
  maxBytes: 52428800,
  format: 'xml',
  gzip: true,
  gzipLevel: 6,
  prefix: 'sitemap',
  timezone: 'Z',
  strict: false,
};

/** The protocol's limits, and the smallest file that still holds the longest possible entry. */
export const LIMITS = { maxUrls: 50000, maxBytes: 52428800, minBytes: 16384 } as const;

/** The rules of SPEC section 10 a person may turn off, by their code. */
export const SWITCHABLE_RULES = ['row-status', 'row-not-page', 'row-non-indexable', 'row-noindex', 'row-canonicalised', 'row-unpublished', 'loc-tracking-param', 'row-utility-path', 'row-soft-404'] as const;

/** A problem with the options (its code says which kind): the CLI reports it as bad usage. */
export { OptionError };

export interface ResolvedOptions extends Options {
  base?: URL;
  nowMs: number;
  timezoneMinutes: number;
  /** The index's name when the run writes one index file: a set written again in its shape keeps its index's. */
  indexName?: string;
}

/** A base URL typed as a host name (`www.example.com/shop/`) is its https URL, as a browser's address bar takes it. */
export function withScheme(text: string): string {
  const t = text.trim();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i.test(t) ? `https://${t}` : t;
}

export function resolveOptions(given: Partial<Options>, clock: () => number = Date.now): ResolvedOptions {
  const o: Options = { ...DEFAULT_OPTIONS, ...stripUndefined(given) };
  if (!Number.isInteger(o.maxUrls) || o.maxUrls < 1 || o.maxUrls > LIMITS.maxUrls) {
    throw new OptionError(`max URLs must be a whole number from 1 to ${LIMITS.maxUrls}`, 'option-value', 'maxUrls');
  }
  if (!Number.isInteger(o.maxBytes) || o.maxBytes < LIMITS.minBytes || o.maxBytes > LIMITS.maxBytes) {
    throw new OptionError(`max bytes must be a whole number from ${LIMITS.minBytes} to ${LIMITS.maxBytes}`, 'option-value', 'maxBytes');
  }
  if (o.format !== 'xml' && o.format !== 'txt') throw new OptionError('format must be xml or txt', 'option-value', 'format');
  if (!Number.isInteger(o.gzipLevel) || o.gzipLevel < 1 || o.gzipLevel > 9) {
    throw new OptionError('gzip level must be from 1 to 9', 'option-value', 'gzipLevel');
  }
  for (const code of o.keep ?? []) {
    if (!(SWITCHABLE_RULES as readonly string[]).includes(code)) throw new OptionError(`${code} is not a rule that can be turned off (${SWITCHABLE_RULES.join(', ')})`, 'option-value', 'keep');
  }
  for (const name of o.stripParams ?? []) {
    if (!/^[^\s&=#?]+$/.test(name)) throw new OptionError(`a parameter to strip is a name without spaces, &, =, # or ?: ${JSON.stringify(name)}`, 'option-value', 'stripParams');
  }
  const prefix = sanitizePrefix(o.prefix);
  if (!prefix) throw new OptionError('the file prefix needs at least one letter, digit, "-" or "_"', 'option-value', 'prefix');
  const timezoneMinutes = parseTimezone(o.timezone);
  let nowMs = clock();
  if (o.now !== undefined && o.now !== '') {
    nowMs = Date.parse(o.now);
    if (Number.isNaN(nowMs)) throw new OptionError(`now is not a date-time: ${o.now}`, 'option-value', 'now');
  }
  let base: URL | undefined;
  if (o.baseUrl) {
    try {
      base = new URL(withScheme(o.baseUrl));
    } catch {
      throw new OptionError(`the base URL is not an absolute URL: ${o.baseUrl}`, 'option-value', 'baseUrl');
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new OptionError('the base URL must be http or https', 'option-value', 'baseUrl');
    if (base.username || base.password) throw new OptionError('the base URL must not carry a user name or password', 'option-value', 'baseUrl');
    base.hash = '';
    base.search = '';
    if (!base.pathname.endsWith('/')) base.pathname += '/';
  }
  return { ...o, prefix, base, nowMs, timezoneMinutes, timezone: /^z$/i.test(o.timezone) ? 'Z' : o.timezone };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** File names come only from the prefix, so it keeps to a safe alphabet. */
export function sanitizePrefix(prefix: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
}

/** `Z` or `±hh:mm` (up to ±14:00) → minutes east of UTC. */
export function parseTimezone(tz: string): number {
  if (tz === 'Z' || tz === 'z') return 0;
  const m = /^([+-])(\d\d):(\d\d)$/.exec(tz);
  if (!m) throw new OptionError(`timezone must be Z or ±hh:mm, not ${tz}`, 'option-value', 'timezone');
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) > 59 || minutes > 14 * 60) throw new OptionError(`timezone is beyond ±14:00: ${tz}`, 'option-value', 'timezone');
  return m[1] === '-' ? -minutes : minutes;
}
