#!/usr/bin/env node
// The `sitemill` command. Only the command asked for is loaded: `--version` and `--help` load nothing
// else, and `generate` starts without the audit's modules.

import { EXIT, USAGE, UsageError } from './cli/usage.ts';
import { VERSION } from './version.ts';

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    // `sitemill generate --help` asks for the same text as `sitemill --help`.
    if (command === undefined || command === 'help' || [command, ...rest].some((a) => a === '--help' || a === '-h')) {
      process.stdout.write(USAGE + '\n');
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === 'generate') return await (await import('./cli/generate-command.ts')).runGenerate(rest);
    if (command === 'check') return await (await import('./cli/check-command.ts')).runCheck(rest);
    throw new UsageError(`unknown command ${command}`);
  } catch (e) {
    return await failed(e);
  }
}

/** One line on stderr, and the exit code for what went wrong: bad usage, or a fatal error. */
async function failed(e: unknown): Promise<number> {
  const err = e as Error & { code?: string };
  // Loaded only on this path, so a command that succeeds never pays for them.
  const [{ OptionError }, { InputError }] = await Promise.all([import('./generate/options.ts'), import('./input/decode.ts')]);
  if (e instanceof UsageError || e instanceof OptionError || err.code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`sitemill: ${err.message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (e instanceof InputError) {
    process.stderr.write(`sitemill: ${err.message}\n`);
    return EXIT.fatal;
  }
  process.stderr.write(`sitemill: ${err.message || String(e)}\n`);
  return EXIT.fatal;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
