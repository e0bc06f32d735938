// URLs on hosts no search engine can reach: localhost, loopback and private addresses, and the names
// reserved for local networks. A sitemap of them was published with a staging site's URLs.

/** The host of an absolute URL as written (lower-cased, without user, port or brackets), or null. */
export function hostOf(url: string): string | null {
  const m = /^[a-z][a-z\d+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(url.trim());
  return m ? m[1].toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '') : null;
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/;

function privateIpv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function localIpv6(host: string): boolean {
  return host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/** Whether `host` (from hostOf) is one no search engine can reach. */
export function isLocalHost(host: string): boolean {
  return LOCAL_NAME.test(host) || privateIpv4(host) || localIpv6(host);
}
