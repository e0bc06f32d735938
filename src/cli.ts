#!/usr/bin/env node
// The `sitemill` command. Only the command asked for is loaded: `--version` and `--help` load nothing
// else, and `generate` starts without the audit's modules.

import { EXIT, parseArgsProblem, UsageError } from './cli/usage.ts';
import { CHECK_HELP, GENERATE_HELP, TOP_HELP, tryHelp } from './cli/help.ts';
import { failureCode, outputsOf } from './cli/failure.ts';
import { say } from './cli/terminal-text.ts';
import { VERSION } from './version.ts';

const HELP: Record<string, string> = { generate: GENERATE_HELP, check: CHECK_HELP };

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    if (command === undefined) {
      process.stderr.write(TOP_HELP + '\n');
      return EXIT.usage;
    }
    const asked = command === 'help' ? rest[0] : command;
    const options = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length);
    if (command === 'help' || options.some((a) => a === '--help' || a === '-h')) {
      const help = asked === undefined || asked.startsWith('-') ? TOP_HELP : HELP[asked];
      if (!help) throw new UsageError(`unknown command ${asked}`);
      process.stdout.write(help + '\n');
      return EXIT.ok;
    }
    if (command === 'generate') return await (await import('./cli/generate-command.ts')).runGenerate(rest);
    if (command === 'check') return await (await import('./cli/check-command.ts')).runCheck(rest);
    throw new UsageError(`unknown command ${command}`);
  } catch (e) {
    return await failed(e, HELP[command] ? command : undefined, rest);
  }
}

/**
 * One line on stderr (bad usage: and where help is), and the exit code for what went wrong. With
 * `--json`, the same as `{"error": {code, message}}` on standard output, unless the zip goes there.
 */
async function failed(e: unknown, command: string | undefined, args: string[]): Promise<number> {
  const err = e as Error & { code?: string };
  const code = await failureCode(e);
  const message = code === 'usage' && err.code?.startsWith('ERR_PARSE_ARGS') ? parseArgsProblem(err) : err.message || String(e);
  const outputs = outputsOf(args);
  if (outputs.json) (outputs.zipToStdout ? process.stderr : process.stdout).write(JSON.stringify({ error: { code, message } }) + '\n');
  say(message);
  if (code !== 'usage') return EXIT.fatal;
  process.stderr.write(tryHelp(command) + '\n');
  return EXIT.usage;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
