// A URL as the live check says it back: a user name and password in it (a redirect's target, an
// index's entry) are masked, so they reach no terminal, CI log or report.

export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/** `url` with `***` for its user name and password, if it has them. */
export function shownUrl(url: string | URL): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return String(url);
  }
  if (!hasCredentials(u)) return u.href;
  return `${u.protocol}//${u.username ? '***' : ''}${u.password ? ':***' : ''}@${u.host}${u.pathname}${u.search}${u.hash}`;
}
