// URLs on the run's own site are shown by their paths in the findings table: a narrow column then
// shows what differs from row to row, not the same origin each time. The cell's title and
// accessible name keep the whole text; a URL on any other origin is shown whole, and so stands out.

/** The origin of the run's base URL, or null when there is none. */
export function siteOrigin(baseUrl: string | undefined): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/** `text` with `origin` taken off each URL on it: `https://www.example.com/a (301 redirect to https://www.example.com/b)` → `/a (301 redirect to /b)`. */
export function onSite(text: string, origin: string | null): string {
  return origin && text ? text.split(`${origin}/`).join('/') : text;
}
