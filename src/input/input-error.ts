/** A fatal problem with an input: one clear line for the person, exit 1 in the CLI (its class lives with the library's other errors). */
export { InputError } from '../errors.ts';
