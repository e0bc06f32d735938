// Text from the input (a header, a file name, a value) printed to a terminal stays text: a control
// character (ESC starts sequences that retitle the window or clear the screen), a line break that
// would make one message two, or a bidirectional override that reorders what is shown, is written
// as an escape (`\x1b`, `\n`, `\u202e`).

const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** `text` with every control character escaped. */
export function terminalText(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** One message line on standard error, as `sitemill: …`. */
export function say(message: string): void {
  process.stderr.write(`sitemill: ${terminalText(message)}\n`);
}
