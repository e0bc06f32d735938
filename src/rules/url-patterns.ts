// Include and exclude rules in URL Pattern syntax (SPEC 10, `row-excluded-rule`), on the written URL:
// `/blog/*`, `*://*/tag/*`, `/*?sort=*`.
//
// Semantics:
// - A pattern starts with `/` (a path on the base URL's origin: protocol, host and port come from the
//   base) or with a scheme (`https://…`, `*://…`): matched as the URL Pattern standard says. Where it
//   gives no search or hash, any matches. Anything else (`blog/*`, which the standard resolves
//   against the base URL's path) is refused, as is an empty pattern.
// - One departure from the standard: `*?` starts the query (`/*?sort=*` is `/*\?sort=*`). The standard
//   reads that `?` as "optional `*`", which matches what `*` matches, so it could only be a mistake.
// - Verdict: an exclude rule that matches excludes the URL, named by the first such rule in the order
//   given; else, when there are include rules, a URL that none matches is excluded, named by them.
//
// Patterns are user input, and URLPattern (native and polyfill alike) matches with a backtracking
// regex: `**.google.com` took 15.8 s on one hostname (urlpattern-polyfill#121), and `/*a*a*b` took
// 2.6–4.4 s on a 2,000-character path, `/*/*/*/x` 0.15–0.25 s on 600 characters. Refused, each with its
// own message: over 256 characters, `**`, wildcards side by side (`*:id`, `:a:b`), a group repeated
// by `*` or `+` (`:id+`, `{a}*`), regular expression groups `(…)`, more than two `*` in one part of
// the URL (protocol, host, path, query…), more than two wildcards (`*`, `:name`) in one path segment.
// What is left costs at most about 12 ms on a 2,040-character URL (two `*` around a repeated letter);
// ordinary URLs take microseconds.
//
// URLPattern is the platform's where there is one (Node 23.8+, Chrome 95+, Firefox 142+, Safari 26+),
// else urlpattern-polyfill 10.1.0, imported only then, from its subpath that leaves the global alone.
// Size with esbuild --minify, gzip -9: this file 1.3 KB; the polyfill 6.1 KB more, in a chunk of its
// own when the bundle is split (loaded only where needed), else inlined. Neither uses eval or
// `new Function` (RegExp only): fit for a worker under the page's CSP.

import type { UrlRule } from '../types.ts';

export type { UrlRule };

export type UrlVerdict =
  | { excluded: false }
  /** `rule` as the message names it: `exclude /tag/*`, or `include /blog/* or /news/*` when no include rule matched. */
  | { excluded: true; kind: 'include' | 'exclude'; rule: string };

export interface UrlRules {
  verdict(url: string): UrlVerdict;
}

/** A rule that cannot be used; the message names it and says why. */
export class RuleError extends Error {
  constructor(
    readonly rule: UrlRule,
    why: string,
  ) {
    super(`Rule "${rule.kind} ${rule.pattern}": ${why}`);
    this.name = 'RuleError';
  }
}

/** The part of URLPattern these rules use. */
export interface UrlPatternLike {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  test(input: string): boolean;
}
export type UrlPatternClass = new (input: string, baseURL: string) => UrlPatternLike;

export const MAX_PATTERN_LENGTH = 256;

/** The platform's URLPattern, else the polyfill's (without setting the global). */
export async function loadUrlPattern(): Promise<UrlPatternClass> {
  const native = (globalThis as { URLPattern?: UrlPatternClass }).URLPattern;
  if (native) return native;
  const { URLPattern } = await import('urlpattern-polyfill/urlpattern');
  return URLPattern as UrlPatternClass;
}

/** Throws a RuleError for the first rule that cannot be used. */
export async function compileRules(rules: readonly UrlRule[], baseUrl: string): Promise<UrlRules> {
  return compileRulesWith(await loadUrlPattern(), rules, baseUrl);
}

export function compileRulesWith(URLPattern: UrlPatternClass, rules: readonly UrlRule[], baseUrl: string): UrlRules {
  const compiled = rules.map((rule) => ({ rule, pattern: compilePattern(URLPattern, rule, baseUrl) }));
  const excludes = compiled.filter(({ rule }) => rule.kind === 'exclude');
  const includes = compiled.filter(({ rule }) => rule.kind === 'include');
  const includeNames = includes.length ? `include ${includes.map(({ rule }) => rule.pattern).join(' or ')}` : '';
  return {
    verdict(url: string): UrlVerdict {
      for (const { rule, pattern } of excludes) {
        if (pattern.test(url)) return { excluded: true, kind: 'exclude', rule: `exclude ${rule.pattern}` };
      }
      if (includes.length && !includes.some(({ pattern }) => pattern.test(url))) {
        return { excluded: true, kind: 'include', rule: includeNames };
      }
      return { excluded: false };
    },
  };
}

/** One rule's pattern on `baseUrl`'s site; throws RuleError when it cannot be used (sections reuse it). */
export function compilePattern(URLPattern: UrlPatternClass, rule: UrlRule, baseUrl: string): UrlPatternLike {
  const refuse = (why: string) => new RuleError(rule, why);
  const text = rule.pattern;
  if (text.length > MAX_PATTERN_LENGTH) throw refuse(`a pattern has at most ${MAX_PATTERN_LENGTH} characters; this one has ${text.length}.`);
  if (!/^(\/(?!\/)|[a-z*][a-z0-9+.*-]*:\/\/)/i.test(text)) {
    throw refuse('a pattern starts with "/" (a path on the base URL\'s site) or with a scheme ("https://…", "*://…").');
  }
  if (/(^|[^\\])(\\\\)*\(/.test(text)) throw refuse('regular expression groups "(…)" are not allowed; write "\\(" for a parenthesis.');
  if (/(^|[^\\])(\\\\)*\*\*/.test(text)) throw refuse('"**" is not allowed: one "*" already matches any characters, "/" included.');

  let pattern: UrlPatternLike;
  try {
    pattern = new URLPattern(queryAfterWildcard(text), baseUrl);
  } catch {
    throw refuse('this is not a valid URL pattern.');
  }
  for (const part of [pattern.protocol, pattern.username, pattern.password, pattern.hostname, pattern.port, pattern.pathname, pattern.search, pattern.hash]) {
    const why = backtrackingRisk(part);
    if (why) throw refuse(why);
  }
  return pattern;
}

/** `*?` as `*\?`: the `?` after a wildcard starts the query. */
function queryAfterWildcard(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      out += text.slice(i, i + 2);
      i++;
    } else if (text[i] === '?' && text[i - 1] === '*') {
      out += '\\?';
    } else {
      out += text[i];
    }
  }
  return out;
}

const NAME_CHAR = /[\p{ID_Continue}$\u200C\u200D]/u;

/** Why one component pattern (as URLPattern normalised it) could backtrack badly, or null. */
function backtrackingRisk(part: string): string | null {
  let stars = 0;
  let wildcardsInSegment = 0;
  // What came last: a wildcard (`*` or `:name`), the end of a `{…}` group, or anything else.
  let last: 'wildcard' | 'group' | 'other' = 'other';
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === '\\') {
      i++;
      last = 'other';
    } else if (c === '+' || (c === '*' && (last === 'group' || (last === 'wildcard' && NAME_CHAR.test(part[i - 1]))))) {
      if (last !== 'other') return `a group repeated by "${c}" (":name${c}", "{…}${c}") is not allowed.`;
      last = 'other';
    } else if (c === '*') {
      if (last === 'wildcard') return 'wildcards side by side are not allowed; put a character between them.';
      if (++stars > 2) return 'at most two "*" in one part of the URL (protocol, host, path, query).';
      if (++wildcardsInSegment > 2) return 'at most two wildcards ("*", ":name") between two "/".';
      last = 'wildcard';
    } else if (c === ':' && NAME_CHAR.test(part[i + 1] ?? '')) {
      if (last === 'wildcard') return 'wildcards side by side are not allowed; put a character between them.';
      while (NAME_CHAR.test(part[i + 1] ?? '')) i++;
      if (++wildcardsInSegment > 2) return 'at most two wildcards ("*", ":name") between two "/".';
      last = 'wildcard';
    } else if (c === '}') {
      last = 'group';
    } else if (c === '?') {
      // An optional wildcard is still next to what follows it; an optional group is not repeated.
      if (last === 'group') last = 'other';
    } else if (c === '{') {
      // The start of a group: what is adjacent is what comes around it.
    } else {
      if (c === '/') wildcardsInSegment = 0;
      last = 'other';
    }
  }
  return null;
}
