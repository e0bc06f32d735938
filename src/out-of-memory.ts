// Running out of memory, told apart from other failures so it can be said in words. The core's
// allocator traps (`unreachable`) when memory.grow is refused; an allocation on the JS side throws a
// RangeError. Either way the job is over, but the worker and the page are fine.

export class OutOfMemoryError extends Error {
  readonly code = 'memory';
}

/** `e` as an OutOfMemoryError when it is one, else null. */
export function outOfMemory(e: unknown, memory: WebAssembly.Memory): OutOfMemoryError | null {
  const held = memory.buffer.byteLength;
  const inCore = e instanceof WebAssembly.RuntimeError && /unreachable/.test(e.message) && !canDouble(memory);
  const inJs = e instanceof RangeError && /allocation failed|out of memory/i.test(e.message);
  if (!inCore && !inJs) return null;
  return new OutOfMemoryError(
    `out of memory: the engine held ${Math.round(held / 2 ** 20)} MiB and could get no more. ` +
      'Lower the URLs per file, or split the list and run the parts one at a time.',
  );
}

/**
 * The allocator first asks to double memory, then for just what it needs. When doubling works now,
 * the trap was not for lack of memory.
 */
function canDouble(memory: WebAssembly.Memory): boolean {
  try {
    memory.grow(Math.max(1, memory.buffer.byteLength >>> 16));
    return true;
  } catch {
    return false;
  }
}
