// Which section a URL belongs to (SPEC section 11): the first named URL pattern that matches, else
// its first N folders (`path:N`) or a column's value (`column:<name>`); a URL in none goes to
// `pages`. Names are lower-cased and kept to `[a-z0-9-]`, as they become part of file names.

import { compilePattern, type UrlPatternClass, type UrlPatternLike } from './url-patterns.ts';
import type { SectionRule } from '../types.ts';

export const DEFAULT_SECTION = 'pages';
const MAX_NAME = 48;

/**
 * A section named `index` would write `sitemap-index-1.xml`, the name of the index's first part
 * once it is split (and read back as an index): a name found in the URLs or a column becomes this.
 */
const INSTEAD_OF_INDEX = 'index-section';

/** A section name as file names carry it, never `index`; empty when nothing of it is left. */
export function sectionName(given: string): string {
  const name = cleanName(given);
  return name === 'index' ? INSTEAD_OF_INDEX : name;
}

/** Whether a section's name, as file names would carry it, is `index` (a named section may not be). */
export function namesIndex(given: string): boolean {
  return cleanName(given) === 'index';
}

function cleanName(given: string): string {
  let s = given;
  try {
    s = decodeURIComponent(s);
  } catch {
    // A stray `%` is kept as text.
  }
  s = s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, MAX_NAME).replace(/-+$/, '');
}

/** `--section-by`, parsed: by the first `depth` folders, or by a column's value; null when the text is neither. */
export function parseSectionBy(text: string): { depth: number } | { column: string } | null {
  const path = /^path:([1-9]\d?)$/.exec(text);
  if (path) return { depth: Number(path[1]) };
  const column = /^column:(.+)$/s.exec(text);
  return column && column[1].trim() ? { column: column[1].trim() } : null;
}

/** The section of `url` by its first `depth` folders (`/blog/2024/x`, depth 1 → `blog`); empty when it has none. */
export function pathSection(url: string, depth: number): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '';
  let end = url.length;
  for (const stop of ['?', '#']) {
    const at = url.indexOf(stop, start);
    if (at >= 0 && at < end) end = at;
  }
  // Folders only: the last segment of `/about` names a page, not a part of the site.
  const folders = url.slice(start + 1, end).split('/').slice(0, -1);
  return sectionName(folders.slice(0, depth).join('-'));
}

/** A section rule as the user wrote it (`blog=/blog/*`); null when it is not `name=pattern`. */
export function parseSectionRule(text: string): SectionRule | null {
  const eq = text.indexOf('=');
  if (eq <= 0) return null;
  return { name: text.slice(0, eq).trim(), pattern: text.slice(eq + 1).trim() };
}

/** Named patterns bound to a site: the name of the first that matches a URL, or empty. */
export class SectionPatterns {
  private compiled: { name: string; pattern: UrlPatternLike }[] | null = null;

  constructor(
    private URLPattern: UrlPatternClass,
    private rules: readonly SectionRule[],
  ) {}

  /** Throws RuleError on a pattern that cannot be used. */
  check(siteRoot: string): void {
    for (const r of this.rules) compilePattern(this.URLPattern, { kind: 'include', pattern: r.pattern }, siteRoot);
  }

  match(url: string): string {
    // The patterns' paths are on the site of the list's URLs, known at its first row.
    this.compiled ??= this.rules.map((r) => ({ name: sectionName(r.name), pattern: compilePattern(this.URLPattern, { kind: 'include', pattern: r.pattern }, new URL('/', url).href) }));
    for (const { name, pattern } of this.compiled) if (pattern.test(url)) return name;
    return '';
  }
}
