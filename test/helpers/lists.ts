// Generated URL lists for the browser test.

/**
 * `rows` data rows after a header. Every row needs three fixes (naive date-time, capitalised
 * changefreq, `.5` priority) and every other row carries a session id, so 300,000 rows give over
 * a million findings; a steady share of rows is rejected (relative, other host, duplicate) too.
 */
export function bigList(rows: number): string {
  const parts: string[] = ['url,lastmod,changefreq,priority\n'];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    let loc = `https://www.example.com/catalog/${Math.floor(i / 1000)}/item-${i}`;
    if (i % 2 === 0) loc += `?sid=${i}`;
    if (i % 101 === 0) loc = `/catalog/relative-${i}`;
    else if (i % 103 === 0) loc = `https://cdn.example.net/item-${i}`;
    else if (i % 107 === 0) loc = `https://www.example.com/catalog/section-${i}#top`;
    else if (i % 109 === 0) loc = `https://www.example.com/catalog/${Math.floor((i - 1) / 1000)}/item-${i - 1}`;
    const lastmod = i % 113 === 0 ? '2025-02-30' : `2025-06-${day} 10:00`;
    const priority = i % 127 === 0 ? '2' : '.5';
    parts.push(`${loc},${lastmod},Weekly,${priority}\n`);
  }
  return parts.join('');
}
