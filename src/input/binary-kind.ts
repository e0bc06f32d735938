// What an input is when it is not text: told from its magic number, or from how many control
// bytes its start holds, so a person hears "a PNG image" rather than a finding per row.

/** How much of an input is looked at to tell what it is. */
export const SAMPLE = 8192;

/** The OLE container of Office 97–2003 files: a spreadsheet saved in it is not read. */
export const OLD_EXCEL = 'an Excel 97–2003 workbook (.xls) or another old Office file';

const MAGIC: [string, number[]][] = [
  ['a zip archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a PDF', [0x25, 0x50, 0x44, 0x46]],
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['an executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['a bzip2 archive', [0x42, 0x5a, 0x68]],
  ['an xz archive', [0xfd, 0x37, 0x7a, 0x58, 0x5a]],
  ['a 7z archive', [0x37, 0x7a, 0xbc, 0xaf]],
  [OLD_EXCEL, [0xd0, 0xcf, 0x11, 0xe0]],
];

export function startsWith(head: Uint8Array, magic: number[]): boolean {
  return head.length >= magic.length && magic.every((b, i) => head[i] === b);
}

/** Why these first bytes are not a text list, or null when they may be. */
export function binaryKind(head: Uint8Array): string | null {
  for (const [kind, magic] of MAGIC) if (startsWith(head, magic)) return kind;
  const sample = head.subarray(0, SAMPLE);
  let controls = 0;
  for (const b of sample) if (b === 0 || (b < 0x09) || (b > 0x0d && b < 0x20 && b !== 0x1b)) controls++;
  if (sample.length > 0 && controls / sample.length > 0.1) return 'binary data';
  // Random bytes hold about 10% controls, so a sample may fall under that: with more than a few
  // controls, bytes that are not UTF-8 tell them from text (a Windows-1252 list has no controls).
  if (controls > 2 && controls / sample.length > 0.02 && !isUtf8(sample)) return 'binary data';
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8, a sequence cut by the sample's end aside. */
function isUtf8(sample: Uint8Array): boolean {
  try {
    strictUtf8.decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    strictUtf8.decode();
  }
}

/**
 * Whether the text starts as a JSON object or array does (a CMS's JSON export): read as lines, its
 * every line would be a URL error. `[` must be followed by what an array holds, not a word (`[draft]`).
 */
export function isJson(head: Uint8Array): boolean {
  const start = new TextDecoder().decode(head.subarray(0, 256)).replace(/^\uFEFF/, '');
  return /^\s*(\{\s*("|\}|$)|\[\s*("|\{|\[|\]|$))/.test(start);
}
