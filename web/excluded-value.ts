// An excluded finding's value is `<url> (<why>)`: the page shows the two apart, the reason where a
// fixed value would be, so it is not cut off behind a long URL.

/** The URL and the reason of an excluded finding's value, or null when it is not in that form (a value cut short). */
export function leftOutWhy(value: string): { url: string; reason: string } | null {
  // A written URL has no space, so the first " (" starts the reason.
  const at = value.indexOf(' (');
  if (at <= 0 || !value.endsWith(')')) return null;
  return { url: value.slice(0, at), reason: value.slice(at + 2, -1) };
}
