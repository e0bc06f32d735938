// Whether a zip is an Office document (a workbook), told from the names of its first entries, here
// on its own so a list is told without loading the workbook reader.

/** How far into a zip the names of its first entries are looked for. */
const LOOK = 1 << 16;

/**
 * Whether a zip is an Office document (Open Packaging): an entry under `xl/`, or the
 * `[Content_Types].xml` every such package has, among the entries its first bytes hold. A zip of
 * sitemaps has neither; an Office document that is not a workbook is refused by workbookRows.
 */
export function isOfficeZip(head: Uint8Array): boolean {
  const end = Math.min(head.length, LOOK) - 30;
  for (let i = 0; i <= end; i++) {
    if (head[i] !== 0x50 || head[i + 1] !== 0x4b || head[i + 2] !== 3 || head[i + 3] !== 4) continue;
    const length = head[i + 26] | (head[i + 27] << 8);
    const name = String.fromCharCode(...head.subarray(i + 30, Math.min(i + 30 + length, head.length)));
    if (name.startsWith('xl/') || name === '[Content_Types].xml') return true;
  }
  return false;
}
