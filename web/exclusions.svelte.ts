// What the panels about rows left out on purpose show: the counts of the last finished run, kept while
// the next one goes on (so a switch stays put under the pointer and the keyboard while its change
// runs), how many rows each include/exclude rule left out, and the rule the engine refused.
import type { Sitemill } from '../src/browser';
import type { Summary, UrlRule } from '../src/types';
import { refusalOf, ruleKey, ruleName } from './url-rules';

/** Up to this many rule findings are read and told apart exactly; above it the engine's search counts them. */
const READ_ALL = 20_000;
const PAGE = 2_000;

export class Exclusions {
  /** The last finished run's summary; null before one, and after a run that failed (its counts are gone). */
  summary = $state.raw<Summary | null>(null);
  /** Rows left out, by the name the rule goes by in the findings (ruleName). */
  ruleCounts = $state.raw<Record<string, number>>({});
  /** The rule the engine refused in the last run (by ruleKey), with its reason. */
  refused = $state.raw<{ key: string; message: string } | null>(null);
  /** A change waits for a pause before the list runs again. */
  pending = $state(false);
  #token = 0;

  /** A new list, or a failed run: nothing to count any more. */
  clear(): void {
    this.#token++;
    this.summary = null;
    this.ruleCounts = {};
  }

  /** A run failed: when the engine's message is about one of the rules, that rule shows it. */
  failed(message: string | null, rules: readonly UrlRule[]): void {
    this.clear();
    this.refused = null;
    for (const rule of rules) {
      const why = message ? refusalOf(message, rule) : null;
      if (why) {
        this.refused = { key: ruleKey(rule), message: why };
        return;
      }
    }
  }

  /** A run finished with `rules`: counts what each left out, then shows the run. */
  async finished(summary: Summary, rules: readonly UrlRule[], engine: Sitemill): Promise<void> {
    const token = ++this.#token;
    this.refused = null;
    let counts: Record<string, number> = {};
    try {
      counts = await countByRule(summary.codes['row-excluded-rule'] ?? 0, rules, engine);
    } catch {
      // The engine went away; the crash is reported where the run is.
    }
    if (token !== this.#token) return;
    this.summary = summary;
    this.ruleCounts = counts;
  }
}

/** The engine writes `<url> (<rule name>)`; a finding counts for the rule its value ends with. */
async function countByRule(total: number, rules: readonly UrlRule[], engine: Sitemill): Promise<Record<string, number>> {
  const names = [...new Set(rules.map((r) => ruleName(r, rules)))];
  const counts: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  if (total === 0 || names.length === 0) return counts;
  const codes = ['row-excluded-rule'];
  if (total <= READ_ALL) {
    for (let start = 0; start < total; start += PAGE) {
      const { findings } = await engine.findingsPage({ codes }, start, PAGE);
      for (const f of findings) {
        const name = names.find((n) => f.value.endsWith(` (${n})`));
        if (name) counts[name]++;
      }
    }
    return counts;
  }
  // The search ignores case; a written URL holds no space, so "(rule)" is only ever the value's end.
  for (const name of names) counts[name] = (await engine.findingsPage({ codes, search: `(${name})` }, 0, 0)).total;
  return counts;
}
