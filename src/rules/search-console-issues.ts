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

// The status codes, `noindex` and `robots.txt` read the same in every language Search Console speaks;
// the redirect and the canonical are known by their words in its common languages.
const ISSUES: [RegExp, Code][] = [
  [/\bsoft 404\b/, Code.RowNonIndexable],
  // Parentheses as the UI writes them: `(404)`, and full width in Japanese and Chinese: `（404）`.
  [/[(（]\s*(404|401|403|410|5xx)\s*[)）]|\b4xx\b/, Code.RowStatus],
  [
    /redirect|redirecci[oó]n|redirecionamento|reindirizzamento|weiterleitung|omleiding|przekierowani|リダイレクト|chuyển hướng|重定向|리디렉션|yönlendirme|переадресац|перенаправлен|переспрямуван|pengalihan|เปลี่ยนเส้นทาง|omdirigering|přesměrován|uudelleenohjau|átirányítás|ανακατεύθυνση|הפניה|إعادة توجيه|रीडायरेक्ट/,
    Code.RowStatus,
  ],
  [/noindex/, Code.RowNoindex],
  [/^duplicate without user-selected canonical$/, Code.RowNonIndexable],
  // `canonical` and its stem survive most translations (canonique, canónica, kanonisch, chính tắc, 正規, 规范).
  [/canonical|canoni|kanoni|chính tắc|正規|规范|標準|표준/, Code.RowCanonicalised],
  [/robots\.txt/, Code.RobotsDisallowed],
];

/** The verdict on every page of a drill-down under `issue`, or null when its pages may belong. */
export function searchConsoleVerdict(issue: string): InputVerdict | null {
  const name = issue.trim().toLowerCase();
  const hit = ISSUES.find(([pattern]) => pattern.test(name));
  return hit ? { code: hit[1], detail: `Search Console: ${issue.trim()}` } : null;
}
