// What a URL's name says it is when no content type does (SPEC 10, round two: row-not-page by
// extension and by name): images, styles, scripts, fonts, audio and video, archives, feeds and
// sitemaps, and the files a site serves to crawlers (robots.txt, ads.txt, /.well-known/…). A PDF is a
// page. The core reads the same names from the URL's bytes (assembly/asset-names.ts): keep both alike.

/** File extensions of no page, lower case. */
export const ASSET_EXTENSIONS = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'tif', 'tiff', 'heic',
  'css', 'js', 'mjs', 'map', 'woff', 'woff2', 'ttf', 'otf', 'eot',
  'mp3', 'wav', 'ogg', 'oga', 'm4a', 'flac', 'aac', 'mp4', 'm4v', 'webm', 'mov', 'avi', 'mkv', 'ogv',
  'zip', 'gz', 'tgz', 'rar', '7z', 'tar', 'bz2', 'xz',
  'rss', 'atom', 'xml', 'json', 'webmanifest',
];

/** Whole names (the last path segment, lower case) of the files a site serves to crawlers and tools. */
export const CRAWLER_FILES = ['robots.txt', 'ads.txt', 'app-ads.txt', 'humans.txt', 'security.txt', 'llms.txt', 'sellers.json'];

const EXTENSIONS = new Set(ASSET_EXTENSIONS);
const FILES = new Set(CRAWLER_FILES);

/** What the written URL's name says it is (`.webp file`, `robots.txt`), or null for a page. */
export function notPageByName(url: string): string | null {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return null;
  const q = url.indexOf('?', start);
  const path = url.slice(start, q < 0 ? url.length : q);
  if (path.toLowerCase().startsWith('/.well-known/')) return 'a /.well-known/ file';
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (FILES.has(name)) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 && EXTENSIONS.has(name.slice(dot + 1)) ? `.${name.slice(dot + 1)} file` : null;
}
