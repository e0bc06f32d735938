// A set of sitemaps made to show the audit's findings, for the Check tab's tests: a clean sitemap and
// its index as the CLI generator writes them, and one file per problem.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLI } from './cli.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body}</urlset>\n`;
const url = (loc: string, extra = '') => `<url><loc>${loc}</loc>${extra}</url>\n`;

/** The codes each crafted file is there to show. */
export const MADE_FOR: Record<string, string> = {
  'doctype.xml': 'xml-doctype',
  'malformed.xml': 'xml-malformed',
  'big.xml': 'file-too-many-urls',
  'index-broken.xml': 'index-missing-file',
  'urls.txt': 'text-not-url',
  'fixable.xml.gz': 'loc-fragment',
};

/**
 * Writes the set into `dir` and returns the names in the order to give them: `sitemap-1.xml` and
 * `sitemap-index.xml` from `sitemill generate --out-dir`, then the crafted files.
 */
export async function writeSitemapSet(dir: string, base: string, now: string): Promise<string[]> {
  const gen = path.join(dir, '.generated');
  await mkdir(gen, { recursive: true });
  const list = Array.from({ length: 20 }, (_, i) => `${base}clean/${i + 1}`).join('\n') + '\n';
  await writeFile(path.join(gen, 'clean.txt'), list);
  execFileSync(process.execPath, [CLI, 'generate', 'clean.txt', '--base-url', base, '--now', now, '--no-gzip', '--out-dir', 'out', '--quiet'], {
    cwd: gen,
  });
  await copyFile(path.join(gen, 'out/sitemap-1.xml'), path.join(dir, 'sitemap-1.xml'));
  await copyFile(path.join(gen, 'out/sitemap-index.xml'), path.join(dir, 'sitemap-index.xml'));

  await writeFile(
    path.join(dir, 'doctype.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE urlset [\n  <!ENTITY boom "boom">\n]>\n<urlset xmlns="${NS}">\n${url(`${base}doctype/1`)}</urlset>\n`,
  );
  await writeFile(path.join(dir, 'malformed.xml'), urlset(url(`${base}malformed/1`) + `<url><loc>${base}malformed/2</loc></urll>\n`));
  await writeFile(path.join(dir, 'big.xml'), urlset(Array.from({ length: 50_001 }, (_, i) => url(`${base}big/${i + 1}`)).join('')));
  await writeFile(
    path.join(dir, 'index-broken.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n` +
      `<sitemap><loc>${base}sitemap-1.xml</loc></sitemap>\n<sitemap><loc>${base}sitemap-gone.xml</loc></sitemap>\n</sitemapindex>\n`,
  );
  await writeFile(path.join(dir, 'urls.txt'), `${base}text/1\n${base}text/2\nnot a url\n${base}text/3\n`);
  await writeFile(
    path.join(dir, 'fixable.xml.gz'),
    gzipSync(urlset(url(`${base}gz/1`, '<lastmod>2025-06-01T10:00+02:00</lastmod>') + url(`${base}gz/2#part`) + url(`${base}gz/3`, '<changefreq>Weekly</changefreq>'))),
  );
  return ['sitemap-1.xml', 'sitemap-index.xml', 'doctype.xml', 'malformed.xml', 'big.xml', 'index-broken.xml', 'urls.txt', 'fixable.xml.gz'];
}
