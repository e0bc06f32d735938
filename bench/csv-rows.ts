/**
 * Reads the benchmark CSV (loc,lastmod,changefreq,priority) as sitemap.js items.
 *
 * The dataset has no quoted fields and no commas inside fields, so splitting lines on ',' is exact;
 * this keeps the peer's input side cheap so its timing reflects sitemap generation.
 */
import { createReadStream } from 'node:fs';
import type { EnumChangefreq, SitemapItemLoose } from 'sitemap';

export async function* csvRows(path: string): AsyncGenerator<SitemapItemLoose> {
  let rest = '';
  let header = true;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = rest + (chunk as string);
    let start = 0;
    let nl: number;
    while ((nl = text.indexOf('\n', start)) !== -1) {
      const line = text.slice(start, nl);
      start = nl + 1;
      if (header) {
        header = false;
        continue;
      }
      if (line.length > 0) yield item(line);
    }
    rest = text.slice(start);
  }
  if (!header && rest.length > 0) yield item(rest);
}

function item(line: string): SitemapItemLoose {
  const a = line.indexOf(',');
  const b = line.indexOf(',', a + 1);
  const c = line.indexOf(',', b + 1);
  const out: SitemapItemLoose = { url: line.slice(0, a) };
  const lastmod = line.slice(a + 1, b);
  const changefreq = line.slice(b + 1, c);
  const priority = line.slice(c + 1);
  if (lastmod !== '') out.lastmod = lastmod;
  if (changefreq !== '') out.changefreq = changefreq as EnumChangefreq;
  if (priority !== '') out.priority = Number(priority);
  return out;
}
