// What a sitemap is for. Google documents news, video and image sitemaps as separate files beside the
// sitemap of the pages, listing some of the same URLs again: a URL in one of them and in a web
// sitemap is not a duplicate. A file is taken for one when most of its entries carry that extension.

import type { FileTally } from './file-tally.ts';

export type Purpose = 'web' | 'news' | 'video' | 'image';

/** In this order: a news sitemap's articles often carry images too. */
const EXTENSIONS: readonly Purpose[] = ['news', 'video', 'image'];

export function purposeOf(file: FileTally): Purpose {
  if (file.kind !== 'urlset' || file.urls === 0) return 'web';
  for (const p of EXTENSIONS) if ((file.carrying.get(p) ?? 0) * 2 > file.urls) return p;
  return 'web';
}
