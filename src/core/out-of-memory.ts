// Running out of memory, told apart from other failures so it can be said in words. The core's
// allocator traps (`unreachable`) when memory.grow is refused: that is the only `unreachable` the
// core can reach (the others close loops that only return). An allocation on the JS side throws a
// RangeError. Either way the job is over, but the worker and the page are fine.

import { SitemillError } from '../errors.ts';

export class OutOfMemoryError extends SitemillError {
  constructor(message: string) {
    super('memory', message);
    this.name = 'OutOfMemoryError';
  }
}

/** `e` as an OutOfMemoryError when it is one, else null. */
export function outOfMemory(e: unknown, memory?: WebAssembly.Memory): OutOfMemoryError | null {
  // V8 says "unreachable", SpiderMonkey "unreachable executed", JavaScriptCore "Unreachable code should not be executed".
  const inCore = e instanceof WebAssembly.RuntimeError && /unreachable/i.test(e.message);
  const inJs = e instanceof RangeError && /allocation failed|out of memory/i.test(e.message);
  if (!inCore && !inJs) return null;
  if (!memory) return new OutOfMemoryError('out of memory: the engine could not get the few MiB it starts with. Close other programs or tabs and try again.');
  return new OutOfMemoryError(
    `out of memory: the engine held ${Math.round(memory.buffer.byteLength / 2 ** 20)} MiB and could get no more. ` +
      'Lower the URLs per file, or split the list and run the parts one at a time.',
  );
}
