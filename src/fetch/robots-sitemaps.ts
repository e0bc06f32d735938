// The `Sitemap:` lines of a robots.txt (RFC 9309 §2.2.4 keeps them outside the groups: any line,
// any case, an absolute URL each). A line that is no full URL is resolved against the robots.txt's
// own URL, so its sitemap is still checked, and told apart: the protocol asks for full URLs.

export interface RobotsSitemaps {
  urls: string[];
  /** The lines' values that are no full URL (`/sitemap.xml`), as written: resolved all the same. */
  relative: string[];
  /** Set when the text is an HTML page (a missing robots.txt often answers with the site's page). */
  html: boolean;
}

const SITEMAP_LINE = /^[ \t]*sitemap[ \t]*:[ \t]*([^\s#]+)/gim;
const HTML_START = /^\s*<(!doctype\s+html|html[\s>])/i;

export function robotsSitemaps(text: string, robotsUrl: string): RobotsSitemaps {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (HTML_START.test(body)) return { urls: [], relative: [], html: true };
  const urls = new Set<string>();
  const relative: string[] = [];
  for (const [, value] of body.matchAll(SITEMAP_LINE)) {
    if (!/^[a-z][a-z\d+.-]*:/i.test(value)) relative.push(value);
    let href: string;
    try {
      href = new URL(value, robotsUrl).href;
    } catch {
      continue;
    }
    urls.add(href);
  }
  return { urls: [...urls], relative, html: false };
}
