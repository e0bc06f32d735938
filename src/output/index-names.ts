// The sitemap index's file names: `sitemap-index.xml`, or past 50,000 files its parts
// `sitemap-index-1.xml` … (the prefix option's), as the run writes them and reads them back.

const INDEX = /-index(-\d+)?\.xml$/;

/** The name of part `part` (0-based) of an index in `parts` parts. */
export function indexFileName(prefix: string, part: number, parts: number): string {
  return parts === 1 ? `${prefix}-index.xml` : `${prefix}-index-${part + 1}.xml`;
}

/** Whether a file (a path's last part is looked at) is named as an index is: of `prefix`, when given. */
export function isIndexFileName(name: string, prefix?: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const m = INDEX.exec(base);
  return m !== null && (prefix === undefined || (m.index === prefix.length && base.startsWith(prefix)));
}
