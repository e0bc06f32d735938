// What a page says about its own indexing, as Search Console reads it: robots directives in a
// `<meta name="robots">` (or `googlebot`) tag or the X-Robots-Tag header, and the
// `<link rel="canonical">`. Only the head is looked at, and only the start of the page is given.

export interface PageHead {
  /** The directive that says noindex, as found (`meta robots: noindex, follow`), or null. */
  noindex: string | null;
  /** The canonical link's href, resolved against the page's URL, or null. */
  canonical: string | null;
}

const TAG = /<(meta|link)\b([^<>]*)>/gi;
const ATTRIBUTE = /([^\s"'<>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const HEAD_END = /<\/head\s*>|<body[\s>]/i;
const AGENTS = new Set(['robots', 'googlebot']);
/** Directives of X-Robots-Tag that carry a value after a colon, unlike a user-agent prefix. */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!found.has(name)) found.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return found;
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|apos|lt|gt|#\d+|#x[\da-f]+);/gi, (all, e: string) => {
    const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()];
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

function saysNoindex(directives: string): boolean {
  return directives.split(',').some((d) => /^\s*(noindex|none)\s*$/i.test(d));
}

export function readPageHead(html: string, pageUrl: string): PageHead {
  const end = html.search(HEAD_END);
  const head = end < 0 ? html : html.slice(0, end);
  let noindex: string | null = null;
  let canonical: string | null = null;
  for (const [, tag, rest] of head.matchAll(TAG)) {
    const a = attributes(rest);
    if (tag.toLowerCase() === 'meta') {
      const name = (a.get('name') ?? '').toLowerCase();
      const content = a.get('content') ?? '';
      if (!noindex && AGENTS.has(name) && saysNoindex(content)) noindex = `meta ${name}: ${content.trim()}`;
    } else if (!canonical && (a.get('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical') && a.get('href')) {
      try {
        canonical = new URL(a.get('href')!.trim(), pageUrl).href;
      } catch {
        // an href that is no URL names no canonical
      }
    }
  }
  return { noindex, canonical };
}

/** The X-Robots-Tag header (all its values, comma-joined as fetch gives them) says noindex to Google. */
export function headerNoindex(value: string | null): string | null {
  if (!value) return null;
  let agent = '';
  for (const part of value.split(',')) {
    const prefixed = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(part);
    let directive = part;
    if (prefixed && !VALUED.has(prefixed[1].toLowerCase())) {
      agent = prefixed[1].toLowerCase();
      directive = prefixed[2];
    }
    if ((agent === '' || AGENTS.has(agent)) && saysNoindex(directive)) return `X-Robots-Tag: ${value.trim()}`;
  }
  return null;
}

/** One link-value of a Link header (RFC 8288): `<target>` and its parameters, up to the next link. */
const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^;,]*)*)/g;

/** The canonical a `Link` header names (`<https://…>; rel="canonical"`, the form a PDF can carry), resolved against the page's URL; or null. */
export function headerCanonical(value: string | null, pageUrl: string): string | null {
  if (!value) return null;
  for (const [, target, params] of value.matchAll(LINK_VALUE)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
    if (!rel || !(rel[1] ?? rel[2]).toLowerCase().split(/\s+/).includes('canonical')) continue;
    try {
      return new URL(target.trim(), pageUrl).href;
    } catch {
      return null; // a target that is no URL names no canonical
    }
  }
  return null;
}
