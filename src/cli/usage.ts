// What every command of the CLI shares: the exit codes, the error for bad usage, and the words for
// what node:util's parseArgs refuses.

export const EXIT = { ok: 0, fatal: 1, usage: 2, strict: 3 } as const;

export class UsageError extends Error {}

/** A whole-number option's value, or a UsageError that names the option. */
export function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not ${value}`);
  return Number(value);
}

/** parseArgs's error as one short line (its own names the option and then explains `--` at length). */
export function parseArgsProblem(e: Error & { code?: string }): string {
  const option = /'(-[^', ]*)(?:, (--[^' ]*))?/.exec(e.message);
  const name = option?.[2] ?? option?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${name}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(e.message) ? `${name} takes no value` : `${name} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(e.message)?.[1] ?? ''}`.trim();
    default:
      return e.message;
  }
}
