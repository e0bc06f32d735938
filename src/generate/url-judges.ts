// The rules on a row's written URL: a robots.txt the person gave (robots-disallowed) and include and
// exclude patterns (row-excluded-rule). Both are checked once before any row is read, so a robots.txt
// that is an HTML page or a pattern that does not parse is one clear message, not a finding per row;
// each is then bound to the site's origin when the first row is judged (the base URL may be inferred).

import { Code } from '../core/code.ts';
import { InputError } from '../input/input-error.ts';
import { parseRobotsTxt, type RobotsRules } from '../rules/robots-txt.ts';
import { compileRulesWith, loadUrlPattern, RuleError, type UrlRules } from '../rules/url-patterns.ts';
import type { Options } from '../types.ts';
import type { UrlJudge } from './belonging.ts';
import { OptionError } from './options.ts';

/** Where a rule is tried before the site is known. */
const SOME_ORIGIN = 'https://site.invalid';

export async function urlJudges(opts: Options, notes: string[]): Promise<UrlJudge[]> {
  const judges: UrlJudge[] = [];
  if (opts.robotsTxt !== undefined) judges.push(robotsJudge(opts.robotsTxt, opts.robotsAgent ?? 'Googlebot', notes));
  if (opts.urlRules?.length) judges.push(await patternJudge(opts));
  return judges;
}

function robotsJudge(text: string, agent: string, notes: string[]): UrlJudge {
  const tried = parseRobotsTxt(text, `${SOME_ORIGIN}/robots.txt`, agent);
  if ('error' in tried) {
    // The site is not known yet: the message speaks of the file given, not of a stand-in origin.
    const about = tried.error.includes(SOME_ORIGIN) ? 'the robots.txt given is an HTML page, not a robots.txt (save the file itself, not a page about it)' : tried.error;
    throw new InputError(`robots.txt: ${about}`);
  }
  if (tried.notice) notes.push(`robots.txt: ${tried.notice}`);
  let rules: RobotsRules | undefined;
  return (url) => {
    // The rows that reach this are on the site's origin: its robots.txt is at its root.
    rules ??= parseRobotsTxt(text, new URL('/robots.txt', url).href, agent) as RobotsRules;
    const rule = rules.disallows(url);
    // Which group it came from: the agent's own, or the `*` group it falls back to.
    return rule ? { code: Code.RobotsDisallowed, column: -1, detail: `${agent}${rules.ownGroup ? '' : ', under User-agent: *'}: ${rule}` } : null;
  };
}

async function patternJudge(opts: Options): Promise<UrlJudge> {
  const URLPattern = await loadUrlPattern();
  const rules = opts.urlRules!;
  try {
    compileRulesWith(URLPattern, rules, `${SOME_ORIGIN}/`);
  } catch (e) {
    if (e instanceof RuleError) throw new OptionError(e.message);
    throw e;
  }
  let compiled: UrlRules | undefined;
  return (url) => {
    compiled ??= compileRulesWith(URLPattern, rules, new URL('/', url).href);
    const verdict = compiled.verdict(url);
    return verdict.excluded ? { code: Code.RowExcludedRule, column: -1, detail: verdict.rule } : null;
  };
}
