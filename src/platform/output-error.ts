// An output that cannot be written, or may not be: one line that names it and says why.

import { ioProblem } from './io-problem.ts';

export class OutputError extends Error {}

/** `cannot write <shown>: <why>`, from a system error. */
export function cannotWrite(shown: string, e: unknown): OutputError {
  if (e instanceof OutputError) return e;
  return new OutputError(`cannot write ${shown}: ${ioProblem(e)}`);
}
