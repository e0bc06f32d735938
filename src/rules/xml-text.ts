// Text for extension elements the engine writes (news, video): code points XML 1.0 forbids taken
// out, then entity-escaped. URLs and the core elements are escaped in the core.

// C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF.
const FORBIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without forbidden code points (and whether any were there). */
export function cleanText(text: string): { text: string; changed: boolean } {
  const cleaned = text.replace(FORBIDDEN, '');
  return { text: cleaned, changed: cleaned !== text };
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
