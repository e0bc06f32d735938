// Indents the start of a sitemap for reading: the files put one <url> on a line, and with extensions
// that line runs to hundreds of characters. Display only; the files themselves are never changed.
const TOKEN = /<[^>]*>?|[^<]+/g;

export function indentXml(text: string, unit = '  '): string {
  const tokens = text.match(TOKEN) ?? [];
  const lines: string[] = [];
  let depth = 0;
  const line = (s: string) => lines.push(unit.repeat(depth) + s);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t.startsWith('<')) {
      if (t.trim()) line(t.trim());
    } else if (t.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      line(t);
    } else if (t.startsWith('<?') || t.startsWith('<!') || t.endsWith('/>') || !t.endsWith('>')) {
      line(t);
    } else if (tokens[i + 1]?.startsWith('</')) {
      // an empty element stays on one line
      line(t + tokens[i + 1]);
      i += 1;
    } else if (tokens[i + 1] !== undefined && !tokens[i + 1].startsWith('<') && tokens[i + 2]?.startsWith('</')) {
      // an element holding only text stays on one line, its text as written
      line(t + tokens[i + 1] + tokens[i + 2]);
      i += 2;
    } else {
      line(t);
      depth++;
    }
  }
  return lines.join('\n');
}
