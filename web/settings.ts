// The options a person sets on the page, remembered between visits in localStorage.
import { DEFAULT_OPTIONS, LIMITS, SWITCHABLE_RULES, withScheme } from '../src/browser';
import type { Format, Options, UrlRule } from '../src/types';
import { paramNames } from './url-rules';

export interface Settings {
  baseUrl: string;
  maxUrls: number;
  maxBytes: number;
  format: Format;
  gzip: boolean;
  prefix: string;
  timezone: string;
  strict: boolean;
  /** The rules turned off (SPEC 10): their rows go into the sitemap after all. */
  keep: string[];
  /** Include and exclude patterns, in order. */
  urlRules: UrlRule[];
  /** Parameters to strip besides the tracking ones, as typed: comma-separated names. */
  stripParams: string;
  /** Whose group of a robots.txt applies. */
  robotsAgent: string;
  /** Sections by folder: `path:1`, `path:2`, or empty (SPEC 11). */
  sectionBy: string;
  /** Sections by a column of the list, by its header name; it wins over `sectionBy`. */
  sectionColumn: string;
}

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  maxUrls: DEFAULT_OPTIONS.maxUrls,
  maxBytes: DEFAULT_OPTIONS.maxBytes,
  format: DEFAULT_OPTIONS.format,
  gzip: DEFAULT_OPTIONS.gzip,
  prefix: DEFAULT_OPTIONS.prefix,
  timezone: DEFAULT_OPTIONS.timezone,
  strict: DEFAULT_OPTIONS.strict,
  keep: [],
  urlRules: [],
  stripParams: '',
  robotsAgent: 'Googlebot',
  sectionBy: '',
  sectionColumn: '',
};

/** Saved lists are checked item by item: a stored value from another version must not reach the engine as garbage. */
const LISTS: Partial<Record<keyof Settings, (v: unknown) => unknown>> = {
  keep: (v) => (Array.isArray(v) ? v.filter((c) => (SWITCHABLE_RULES as readonly unknown[]).includes(c)) : undefined),
  urlRules: (v) =>
    Array.isArray(v)
      ? v
          .filter((r) => r && (r.kind === 'include' || r.kind === 'exclude') && typeof r.pattern === 'string')
          .map((r: UrlRule) => ({ kind: r.kind, pattern: r.pattern }))
      : undefined,
};

const KEY = 'sitemill.settings.v1';

export function loadSettings(): Settings {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return { ...DEFAULT_SETTINGS };
    const saved = JSON.parse(raw) as Partial<Settings>;
    const out = { ...DEFAULT_SETTINGS };
    for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      const value = LISTS[k] ? LISTS[k](saved[k]) : typeof saved[k] === typeof DEFAULT_SETTINGS[k] ? saved[k] : undefined;
      if (value !== undefined) (out as Record<string, unknown>)[k] = value;
    }
    return out;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(s: Settings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // storage full or disabled: the options still apply to this visit
  }
}

// The same rules the engine applies (src/options.ts), checked here so a person sees them while typing.
const TIMEZONE = /^(Z|[+-](0\d|1[0-3]):[0-5]\d|[+-]14:00)$/i;
const PREFIX = /^[A-Za-z0-9_-]{1,64}$/;
const PARAM = /^[^\s&=#?]+$/;

/** One message per invalid field, keyed by field. */
export function validate(s: Settings, now: string): Partial<Record<keyof Settings | 'now', string>> {
  const e: Partial<Record<keyof Settings | 'now', string>> = {};
  if (s.baseUrl.trim()) {
    let u: URL | null = null;
    try {
      u = new URL(withScheme(s.baseUrl));
    } catch {
      // reported below
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) e.baseUrl = 'An absolute http(s) URL, e.g. https://www.example.com/';
  }
  const n = (x: number) => x.toLocaleString('en');
  if (!Number.isInteger(s.maxUrls) || s.maxUrls < 1 || s.maxUrls > LIMITS.maxUrls) e.maxUrls = `A whole number from 1 to ${n(LIMITS.maxUrls)}`;
  if (!Number.isInteger(s.maxBytes) || s.maxBytes < LIMITS.minBytes || s.maxBytes > LIMITS.maxBytes)
    e.maxBytes = `A whole number from ${n(LIMITS.minBytes)} to ${n(LIMITS.maxBytes)}`;
  if (!PREFIX.test(s.prefix)) e.prefix = 'Letters, digits, dash or underscore';
  if (!TIMEZONE.test(s.timezone.trim())) e.timezone = 'Z or an offset up to ±14:00, like +02:00';
  const badParam = paramNames(s.stripParams).find((name) => !PARAM.test(name));
  if (badParam) e.stripParams = `Names without spaces, &, =, # or ?, separated by commas (not ${JSON.stringify(badParam)})`;
  if (now.trim() && Number.isNaN(Date.parse(now.trim()))) e.now = 'An ISO date-time, e.g. 2026-01-01T00:00:00Z';
  return e;
}

/**
 * Options for a run: without a reference time, the page's clock at the start of the run (the one
 * place the page's time is read, so the page and its worker never disagree on it).
 */
export function withClock<T extends { now?: string }>(options: T): T {
  return options.now ? options : { ...options, now: new Date().toISOString() };
}

/** The engine options for these settings; an empty base URL or clock is left out so the engine infers it. */
export function toOptions(s: Settings, now: string): Partial<Options> {
  const o: Partial<Options> = {
    maxUrls: s.maxUrls,
    maxBytes: s.maxBytes,
    format: s.format,
    gzip: s.gzip,
    prefix: s.prefix,
    timezone: s.timezone.trim(),
    strict: s.strict,
  };
  if (s.keep.length) o.keep = [...s.keep];
  if (s.urlRules.length) o.urlRules = s.urlRules.map((r) => ({ ...r }));
  const params = paramNames(s.stripParams);
  if (params.length) o.stripParams = params;
  if (s.baseUrl.trim()) o.baseUrl = s.baseUrl.trim();
  if (now.trim()) o.now = now.trim();
  if (s.sectionColumn.trim()) o.sectionBy = `column:${s.sectionColumn.trim()}`;
  else if (/^path:[12]$/.test(s.sectionBy)) o.sectionBy = s.sectionBy;
  return o;
}
