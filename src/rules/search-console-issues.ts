// Search Console's reasons a page is not indexed, as the Metadata.csv of a Pages report drill-down
// names them: those that say the page must not be in a sitemap, each with the code its
// rows are left out with. The other reasons (crawled or discovered and not indexed yet, a canonical
// Google chose against the page's own) keep their rows, with a note that names the reason.

import { Code } from '../core/code.ts';

/** What an input says of every row it lists, and the words each row's finding carries. */
export interface InputVerdict {
  code: Code;
  detail: string;
}

// The status codes and `noindex` read the same in every language Search Console speaks, and the
// redirect in most; the other reasons are known by their English names.
const ISSUES: [RegExp, Code][] = [
  [/\bsoft 404\b/, Code.RowNonIndexable],
  [/\((404|401|403|5xx)\)|\b4xx\b/, Code.RowStatus],
  [/redirect|redirecci[oó]n|redirecionamento|reindirizzamento|weiterleitung|omleiding|przekierowani|リダイレクト/, Code.RowStatus],
  [/noindex/, Code.RowNoindex],
  [/^alternate page with proper canonical tag$/, Code.RowCanonicalised],
  [/^duplicate without user-selected canonical$/, Code.RowNonIndexable],
  [/^blocked by robots\.txt$/, Code.RobotsDisallowed],
];

/** The verdict on every page of a drill-down under `issue`, or null when its pages may belong. */
export function searchConsoleVerdict(issue: string): InputVerdict | null {
  const name = issue.trim().toLowerCase();
  const hit = ISSUES.find(([pattern]) => pattern.test(name));
  return hit ? { code: hit[1], detail: `Search Console: ${issue.trim()}` } : null;
}
