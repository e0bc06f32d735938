// The errors the library throws on purpose, each with a stable `code` to branch on (the message is
// for people and may change). Node's entry point and the browser's throw the same classes.

import type { ErrorCode, InputErrorCode, OptionErrorCode } from './types.ts';

export class SitemillError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SitemillError';
    this.code = code;
  }
}

/** An option refused: unknown, of the wrong type, out of range, or not available on this platform. */
export class OptionError extends SitemillError {
  declare readonly code: OptionErrorCode;
  /** The option's name, when the problem is one option's (`hooks.signal` for a hook). */
  readonly option?: string;
  constructor(message: string, code: OptionErrorCode = 'option-value', option?: string) {
    super(code, message);
    this.name = 'OptionError';
    if (option !== undefined) this.option = option;
  }
}

/** An input that cannot be read, or that holds no list or sitemap to use. */
export class InputError extends SitemillError {
  declare readonly code: InputErrorCode;
  /** The file's path, for `input-not-found` and `input-unreadable` of a `{ path }`. */
  readonly path?: string;
  constructor(message: string, code: InputErrorCode = 'input-invalid', details: { path?: string; cause?: unknown } = {}) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'InputError';
    if (details.path !== undefined) this.path = details.path;
  }
}

/**
 * The job was stopped by its AbortSignal. Its name is `AbortError`, as the platform's own; `cause` is
 * the signal's reason (a TimeoutError from `AbortSignal.timeout()`, say).
 */
export class AbortError extends SitemillError {
  declare readonly code: 'aborted';
  constructor(reason?: unknown) {
    super('aborted', reasonText(reason), reason === undefined ? undefined : { cause: reason });
    this.name = 'AbortError';
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error && reason.name === 'TimeoutError') return 'The job was stopped: its signal timed out.';
  return 'The job was stopped by its signal.';
}
