// A published set as a news site has it: an index, a sitemap of pages and a news sitemap whose 48
// articles are among the pages too. The news entries carry every element the news schema knows
// that Google still reads (genres and keywords besides the four it needs). One page is listed twice
// in the pages' sitemap, and one entry writes its children out of the schema's order.

export const SITE = 'https://www.example.com';
export const INDEX = 'sitemap-index.xml';
export const PAGES = 'page-sitemap.xml';
export const NEWS = 'news-sitemap.xml';
export const PAGE_URLS = 120;
export const ARTICLES = 48;

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const NEWS_NS = 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';

export interface Article {
  loc: string;
  name: string;
  language: string;
  genres: string;
  date: string;
  title: string;
  keywords: string;
}

export function article(i: number): Article {
  return {
    loc: `${SITE}/news/story-${i}`,
    name: 'The Example Times',
    language: 'en',
    genres: i % 2 ? 'PressRelease, Blog' : 'Blog',
    // Within two days of the suites' NOW (2026-01-01), so no article is stale.
    date: `2025-12-31T${String(i % 24).padStart(2, '0')}:00:00Z`,
    title: `Story ${i} & what it means`,
    keywords: `story ${i}, example, news`,
  };
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

export function pageUrl(i: number): string {
  return i < ARTICLES ? article(i).loc : `${SITE}/page-${i}`;
}

export function pagesXml(): string {
  const entries = Array.from({ length: PAGE_URLS }, (_, i) =>
    // Entry 5 writes lastmod before loc: the order finding, fixed by writing it again.
    i === 5 ? `<url><lastmod>2025-12-01</lastmod><loc>${pageUrl(i)}</loc></url>` : `<url><loc>${pageUrl(i)}</loc><lastmod>2025-12-01</lastmod></url>`,
  );
  entries.push(`<url><loc>${pageUrl(7)}</loc></url>`); // listed twice
  return `<?xml version="1.0" encoding="UTF-8"?>\n${URLSET}>\n${entries.join('\n')}\n</urlset>\n`;
}

export function newsXml(): string {
  const entries = Array.from({ length: ARTICLES }, (_, i) => {
    const a = article(i);
    // Indented, as CMSs write it: every entry is written again.
    return [
      `  <url>`,
      `    <loc>${a.loc}</loc>`,
      `    <news:news>`,
      `      <news:publication><news:name>${escape(a.name)}</news:name><news:language>${a.language}</news:language></news:publication>`,
      `      <news:genres>${a.genres}</news:genres>`,
      `      <news:publication_date>${a.date}</news:publication_date>`,
      `      <news:title>${escape(a.title)}</news:title>`,
      `      <news:keywords>${escape(a.keywords)}</news:keywords>`,
      `    </news:news>`,
      `  </url>`,
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${URLSET} ${NEWS_NS}>\n${entries.join('\n')}\n</urlset>\n`;
}

export function indexXml(): string {
  const entries = [PAGES, NEWS].map((name) => `<sitemap><loc>${SITE}/${name}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The set's files, by name. */
export function newsSet(): Record<string, string> {
  return { [INDEX]: indexXml(), [PAGES]: pagesXml(), [NEWS]: newsXml() };
}

/** Each <url>'s loc and news children in a file written again, in document order, for comparing element by element. */
export function readBack(xml: string): { loc: string; news: Record<string, string> | null }[] {
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => {
    const loc = unescape(/<loc>([^<]*)<\/loc>/.exec(body)![1]);
    const block = /<news:news>([\s\S]*?)<\/news:news>/.exec(body);
    if (!block) return { loc, news: null };
    const news: Record<string, string> = {};
    for (const m of block[1].matchAll(/<news:(\w+)>([^<]*)<\/news:\1>/g)) news[m[1]] = unescape(m[2]);
    return { loc, news };
  });
}
