// The URL the generator would write for a loc: absolute, or `/path` against the base; WHATWG
// serialization without the fragment. Used to find the first of two entries the row rules call
// duplicates (they report only the second).

export function writtenUrl(raw: string, base: string | undefined): string | undefined {
  const s = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) && !(s.startsWith('/') && !s.startsWith('//'))) return undefined;
  try {
    const url = new URL(s, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
