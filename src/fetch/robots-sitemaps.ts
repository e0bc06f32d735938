// The `Sitemap:` lines of a robots.txt (RFC 9309 §2.2.4 keeps them outside the groups: any line,
// any case, an absolute URL each), resolved against the robots.txt's own URL as Google does.

export interface RobotsSitemaps {
  urls: string[];
  /** Set when the text is an HTML page (a missing robots.txt often answers with the site's page). */
  html: boolean;
}

const SITEMAP_LINE = /^[ \t]*sitemap[ \t]*:[ \t]*([^\s#]+)/gim;
const HTML_START = /^\s*<(!doctype\s+html|html[\s>])/i;

export function robotsSitemaps(text: string, robotsUrl: string): RobotsSitemaps {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (HTML_START.test(body)) return { urls: [], html: true };
  const urls = new Set<string>();
  for (const [, value] of body.matchAll(SITEMAP_LINE)) {
    let href: string;
    try {
      href = new URL(value, robotsUrl).href;
    } catch {
      continue;
    }
    urls.add(href);
  }
  return { urls: [...urls], html: false };
}
