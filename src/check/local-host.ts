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

/** Bytes that end a URL's authority. */
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const decoder = new TextDecoder();

/**
 * The audit asks this of every entry: the host is found in the loc's bytes and only it becomes a
 * string, and a sitemap's entries mostly share one host, so its verdict is kept for the next entry
 * (decoding each loc whole nearly doubled the time of checking a 1M-entry set).
 */
export class LocalHosts {
  #bytes = new Uint8Array(256);
  #length = -1;
  #local: string | null = null;

  #same(d: Uint8Array, from: number): boolean {
    const kept = this.#bytes;
    for (let i = 0; i < this.#length; i++) if (d[from + i] !== kept[i]) return false;
    return true;
  }

  /** The local host of the URL in `d[start, end)`, or null. */
  of(d: Uint8Array, start: number, end: number): string | null {
    let scheme = start;
    while (scheme < end && d[scheme] !== 0x3a && d[scheme] !== SLASH) scheme++;
    if (scheme + 2 >= end || d[scheme] !== 0x3a || d[scheme + 1] !== SLASH || d[scheme + 2] !== SLASH) return null;
    let hostEnd = scheme + 3;
    while (hostEnd < end && d[hostEnd] !== SLASH && d[hostEnd] !== QUESTION && d[hostEnd] !== HASH) hostEnd++;
    const from = scheme + 3;
    const n = hostEnd - from;
    if (n === this.#length && this.#same(d, from)) return this.#local;
    const authority = d.subarray(from, hostEnd);
    this.#length = n <= this.#bytes.length ? n : -1;
    if (this.#length >= 0) this.#bytes.set(authority);
    const host = hostOf(`x://${decoder.decode(authority)}`);
    this.#local = host !== null && isLocalHost(host) ? host : null;
    return this.#local;
  }
}
