// A robots.txt the user gives (SPEC 10, `robots-disallowed`), applied by RFC 9309 through
// robots-parser 3.0.1: the named agent's groups (merged), else `*`; the longest matching rule wins,
// allow wins a tie; `*` and `$`; percent-encoding compared in one form. robots-parser matches with
// google/robotstxt's dynamic programme (at most pattern × path steps per rule), never a regex built
// from a rule, so hostile patterns cannot backtrack. Adds 2.4 KB min+gz to a bundle (esbuild --minify,
// gzip -9): 1.4 KB robots-parser, 1.0 KB this file. Only the global URL and TextEncoder: runs in a
// worker under the page's CSP and in Node alike.
//
// What this file adds to the library:
// - `/robots.txt` itself is always allowed (RFC 9309 §2.2.2); robots-parser would judge it.
// - A URL on another origin than the robots.txt is not judged: `disallows` answers null, where
//   robots-parser answers `undefined` (and `isDisallowed` true).
// - A robots.txt that is an HTML page (a missing robots.txt often answers with the site's page) is
//   refused with one message instead of read as no rules.
// - Only the first 500 KiB are read, as Google does, cut at the last line break before the limit so a
//   rule is never shortened into a broader one (`Disallow: /private` into `Disallow: /p`).
// - A user-agent line that no rule follows is the agent's group, empty (all allowed), as RFC 9309
//   §5.1 (quxbot) and Google read it; robots-parser makes no group of it and falls back to `*`. An
//   empty Disallow appended for the agent makes the group without adding a rule or moving a line.
// - The matching rule's text, for the finding's message: robots-parser gives its line number.

import robotsParserExport from 'robots-parser';

interface RobotsParser {
  getMatchingLineNumber(url: string, userAgent: string): number;
}
// robots-parser 3.0.1 types its CommonJS export as an ES default export, which does not type-check
// under NodeNext (fixed upstream by `export =`, samclarke/robots-parser#47, not yet released).
const robotsParser = robotsParserExport as unknown as (url: string, contents: string) => RobotsParser;

export const ROBOTS_TXT_MAX_BYTES = 500 * 1024;

export interface RobotsRules {
  /** The origin the rules apply to, e.g. `https://www.example.com`. */
  readonly origin: string;
  /** The product token the groups were chosen for, e.g. `Googlebot`. */
  readonly agent: string;
  /** Whether a group names the agent; else the `*` group's rules are the agent's. */
  readonly ownGroup: boolean;
  /** Set when the text was longer than 500 KiB: says that only the start was read. */
  readonly notice: string | null;
  /**
   * The Disallow rule that excludes `url`, as written in the robots.txt (`Disallow: /private/`), or
   * null: the URL is allowed, or it is not judged (another origin than the robots.txt, or not a URL).
   */
  disallows(url: string): string | null;
}

export interface RobotsTxtError {
  readonly error: string;
}

const ROBOTS_LINE = /^[ \t]*(user-agent|allow|disallow|sitemap|crawl-delay|host)[ \t]*:/im;
const USER_AGENT_LINE = /^[ \t]*user-agent[ \t]*:([^#\r\n]*)/gim;
const HTML_START = /^\s*<(!doctype\s+html|html[\s>])/i;
const TAG = /<\/?[a-z][^<>]*>/gi;
// An HTML page has far more tags than this; a robots.txt has none.
const TAGS_OF_A_PAGE = 5;
// As robots-parser splits lines, so that its line numbers index this array.
const LINE_BREAK = /\r\n|\r|\n/;

/** `robotsUrl` may be any URL of the site: the rules apply to its origin's `/robots.txt`. */
export function parseRobotsTxt(text: string, robotsUrl: string, agent = 'Googlebot'): RobotsRules | RobotsTxtError {
  let location: URL;
  try {
    location = new URL('/robots.txt', robotsUrl);
  } catch {
    return { error: `The robots.txt URL "${robotsUrl}" is not an absolute URL.` };
  }
  if (location.protocol !== 'http:' && location.protocol !== 'https:') {
    return { error: `The robots.txt URL "${robotsUrl}" is not http or https.` };
  }
  if (!/^[A-Za-z_-]+$/.test(agent)) {
    return { error: `The user agent "${agent}" is not a product token (letters, "-" and "_" only, e.g. Googlebot).` };
  }

  const { read, notice } = firstBytes(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (looksLikeHtml(read)) {
    return { error: `The robots.txt for ${location.origin} is an HTML page, not a robots.txt: check that ${location.href} answers with the robots.txt itself.` };
  }

  const ownGroup = namesAgent(read, agent);
  const robots = robotsParser(location.href, ownGroup ? `${read}\nUser-agent: ${agent}\nDisallow:` : read);
  const lines = read.split(LINE_BREAK);
  const origin = location.origin;
  return {
    origin,
    agent,
    ownGroup,
    notice,
    disallows(url: string): string | null {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      if (parsed.origin !== origin || parsed.pathname === '/robots.txt') return null;
      const lineNumber = robots.getMatchingLineNumber(parsed.href, agent);
      if (lineNumber < 1) return null;
      const rule = lines[lineNumber - 1].replace(/#.*/, '').trim();
      return /^disallow\s*:/i.test(rule) ? rule : null;
    },
  };
}

/** The text up to 500 KiB of UTF-8, cut at its last line break when it is longer. */
function firstBytes(text: string): { read: string; notice: string | null } {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short texts need no encoding.
  if (text.length * 3 <= ROBOTS_TXT_MAX_BYTES) return { read: text, notice: null };
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(ROBOTS_TXT_MAX_BYTES));
  if (read === text.length) return { read: text, notice: null };
  const cut = Math.max(text.lastIndexOf('\n', read - 1), text.lastIndexOf('\r', read - 1));
  return {
    read: text.slice(0, cut + 1),
    notice: `The robots.txt is larger than 500 KiB: only its first 500 KiB were read, as Google does.`,
  };
}

/** Whether a user-agent line names the agent, as robots-parser compares them (any case, no version). */
function namesAgent(text: string, agent: string): boolean {
  const wanted = agent.toLowerCase();
  for (const [, value] of text.matchAll(USER_AGENT_LINE)) {
    if (value.toLowerCase().split('/')[0].trim() === wanted) return true;
  }
  return false;
}

function looksLikeHtml(text: string): boolean {
  if (HTML_START.test(text)) return true;
  if (ROBOTS_LINE.test(text)) return false;
  let tags = 0;
  TAG.lastIndex = 0;
  while (TAG.exec(text) && ++tags < TAGS_OF_A_PAGE);
  return tags >= TAGS_OF_A_PAGE;
}
