// A small site written to a folder for a real server to serve: robots.txt naming a sitemap index,
// two sitemaps, healthy pages, and one page of each fault a sample must find (a 301, a 404, a
// noindex page, a page robots.txt disallows). Written once the server's origin is known.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap entries, by sitemap, and what a sample must say of each (null: nothing). */
export const LIVE_PAGES = {
  'sitemap-pages.xml': [
    ['/', null],
    ['/about.html', null],
    // A folder asked without its slash: python's http.server answers 301 to `/moved/`; nginx is told to.
    ['/moved', 'page-status'],
    ['/missing.html', 'page-status'],
    ['/noindex.html', 'page-noindex'],
    ['/private/secret.html', 'page-robots-disallowed'],
  ],
  'sitemap-blog.xml': [
    ['/blog/one.html', null],
    ['/blog/two.html', null],
  ],
} as const;

/** The nginx location that gives /moved its 301, as python's server does by itself. */
export const NGINX_MOVED = 'location = /moved { return 301 /moved/; }';

function page(origin: string, at: string, head = ''): string {
  return `<!doctype html>\n<html><head><title>${at}</title>\n<link rel="canonical" href="${origin}${at}">\n${head}</head>\n<body><p>${at}</p></body></html>\n`;
}

/** Writes the site into `root` for `origin`; `extra` are more files, by path. */
export async function writeLiveSite(root: string, origin: string, extra: Record<string, string> = {}): Promise<void> {
  const files: Record<string, string> = {
    'robots.txt': `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-index.xml\n`,
    'sitemap-index.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${Object.keys(LIVE_PAGES)
      .map((name) => `<sitemap><loc>${origin}/${name}</loc></sitemap>\n`)
      .join('')}</sitemapindex>\n`,
    'index.html': page(origin, '/'),
    'about.html': page(origin, '/about.html'),
    'moved/index.html': page(origin, '/moved/'),
    'noindex.html': page(origin, '/noindex.html', '<meta name="robots" content="noindex, follow">\n'),
    'private/secret.html': page(origin, '/private/secret.html'),
    'blog/one.html': page(origin, '/blog/one.html'),
    'blog/two.html': page(origin, '/blog/two.html'),
    ...extra,
  };
  for (const [name, entries] of Object.entries(LIVE_PAGES)) {
    const urls = entries.map(([at]) => `<url><loc>${origin}${at}</loc></url>\n`).join('');
    files[name] = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${urls}</urlset>\n`;
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
}

/** What a sample of every page must report: [sitemap URL, line, code, message start] per finding. */
export function liveExpected(origin: string): [string, number, string, string][] {
  const out: [string, number, string, string][] = [];
  for (const [name, entries] of Object.entries(LIVE_PAGES)) {
    entries.forEach(([at, code], i) => {
      if (code) out.push([`${origin}/${name}`, i + 3, code, `${origin}${at}: `]);
    });
  }
  return out;
}
