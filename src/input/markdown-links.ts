// A Markdown list of links (`- [Title](https://…)`, a site: check's `[https://a](https://google…)`),
// as notes and READMEs hold them: each line's link becomes the URL it names (SPEC 10, round two).
// The line stays where it was, so findings keep their line numbers.

/** A Markdown link, after a list marker or not: its text and its target. */
const LINK = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/;
const ABSOLUTE = /^https?:\/\/\S+$/i;

/** Whether most non-blank lines of `sample` (the input's start) are Markdown links. */
export function isMarkdownLinkList(sample: string): boolean {
  const lines = sample.split(/\r?\n/).slice(0, 200).filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.filter((l) => LINK.test(l)).length * 2 > lines.length;
}

/** The URL a Markdown line names: the link's text when that is a URL (a list of pages, each linked to a check of it), else its target; other lines as they are. */
export function markdownUrl(line: string): string {
  const m = LINK.exec(line);
  if (!m) return line;
  const text = m[1].trim();
  return ABSOLUTE.test(text) ? text : m[2];
}

/** The input's bytes with each Markdown link line replaced by its URL. */
export async function* markdownUrls(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const encoder = new TextEncoder();
  let carry = '';
  for await (const chunk of chunks) {
    const text = carry + decoder.decode(chunk, { stream: true });
    const cut = text.lastIndexOf('\n') + 1;
    carry = text.slice(cut);
    if (cut > 0) yield encoder.encode(text.slice(0, cut).split('\n').map(markdownUrl).join('\n'));
  }
  const last = carry + decoder.decode();
  if (last) yield encoder.encode(last.split('\n').map(markdownUrl).join('\n'));
}
