// Whether an input is a sitemap (XML, a zip of them) rather than a list: told from its first bytes,
// here on its own so a list is told without loading the sitemap reader.

/**
 * Whether the first bytes of an input (after any gzip is undone) call for sitemapRows: XML (a
 * sitemap, an index, a feed) or a zip. Text sitemaps are plain lists the generator reads already.
 */
export function isSitemapInput(head: Uint8Array): boolean {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return true;
  let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
  // A declaration, a comment or a known root: a list whose first cell happens to start with `<` stays a list.
  const start = new TextDecoder().decode(head.subarray(i, i + 64));
  return /^<(\?xml[\s?]|!--|(\w+:)?(urlset|sitemapindex|rss|feed|RDF)[\s>/])/.test(start);
}
