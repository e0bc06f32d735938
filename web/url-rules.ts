// How the page names include/exclude rules and parameter lists the way the engine does, so its
// findings can be counted per rule.
import type { UrlRule } from '../src/types';

/** `sort, sessionid` → `['sort', 'sessionid']`: comma-separated, blanks dropped. */
export function paramNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The words a `row-excluded-rule` finding ends its value with for rows this rule leaves out: an
 * exclude rule by itself (`exclude /tag/*`); include rules together, since a row is left out when
 * none of them covers it (`include /blog/* or /news/*`).
 */
export function ruleName(rule: UrlRule, rules: readonly UrlRule[]): string {
  if (rule.kind === 'exclude') return `exclude ${rule.pattern}`;
  const includes = rules.filter((r) => r.kind === 'include').map((r) => r.pattern);
  return `include ${includes.join(' or ')}`;
}

/** One rule's own words: `exclude /tag/*`, `include /blog/*`. */
export function ruleKey(rule: UrlRule): string {
  return `${rule.kind} ${rule.pattern}`;
}

/** The reason in an engine message about this rule (`Rule "exclude /tag/(x)": why`), or null when the message is about something else. */
export function refusalOf(message: string, rule: UrlRule): string | null {
  const quote = `Rule "${ruleKey(rule)}": `;
  if (!message.startsWith(quote)) return null;
  const why = message.slice(quote.length);
  return why.charAt(0).toUpperCase() + why.slice(1);
}
