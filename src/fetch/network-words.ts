// A network failure in words a person can act on, with the code the runtime gave after them: the
// code alone (`UND_ERR_SOCKET`) says little to most.

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing answers on that port',
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the connection closed before the answer ended',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body is not as long as its Content-Length says',
  ENOTFOUND: 'the host name is not found',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  Z_DATA_ERROR: 'its Content-Encoding does not inflate',
  Z_BUF_ERROR: 'its Content-Encoding does not inflate (cut short)',
  UND_ERR_HEADERS_OVERFLOW: 'its headers are too large',
};

/** `the connection was reset (ECONNRESET)`; TLS and HTTP parse failures by kind; anything else as given. */
export function networkWords(code: string): string {
  if (WORDS[code]) return `${WORDS[code]} (${code})`;
  if (/^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) return `the secure (TLS) connection failed (${code})`;
  if (code.startsWith('HPE_')) return `the answer is not valid HTTP (${code})`;
  return code;
}
