/** A fatal problem with an input: one clear line for the person, exit 1 in the CLI. */
export class InputError extends Error {}
