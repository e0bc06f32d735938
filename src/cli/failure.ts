// What kind of failure ended a command, as the code `--json` gives it (`{"error": {code, message}}`),
// and where a command's text goes: `-o -` gives standard output to the zip.

import { UsageError } from './usage.ts';

export type FailureCode = 'usage' | 'input' | 'output' | 'memory' | 'no-accepted-row' | 'interrupted' | 'error';

/** The code of error `e`; the modules that tell are loaded only on this path. */
export async function failureCode(e: unknown): Promise<FailureCode> {
  const [{ OptionError }, { InputError }, { OutputError }, { OutOfMemoryError }] = await Promise.all([
    import('../generate/options.ts'),
    import('../input/input-error.ts'),
    import('../platform/output-error.ts'),
    import('../core/out-of-memory.ts'),
  ]);
  const err = e as { code?: unknown };
  if (e instanceof UsageError || e instanceof OptionError || (typeof err?.code === 'string' && err.code.startsWith('ERR_PARSE_ARGS'))) return 'usage';
  if (e instanceof InputError) return 'input';
  if (e instanceof OutputError) return 'output';
  if (e instanceof OutOfMemoryError) return 'memory';
  return 'error';
}

/** Whether the arguments ask for `--json`, and for the zip on standard output (`-o -`). */
export function outputsOf(args: string[]): { json: boolean; zipToStdout: boolean } {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  let zipToStdout = false;
  for (let i = 0; i < end; i++) {
    const a = args[i];
    if (a === '-o-' || a === '--output=-' || ((a === '-o' || a === '--output') && args[i + 1] === '-')) zipToStdout = true;
  }
  return { json: args.slice(0, end).includes('--json'), zipToStdout };
}
