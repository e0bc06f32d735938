// The scratch area: where the engine puts values it hands to the core (resolved URLs, the base URL,
// index locs, its own findings). Reused call by call.

import { Bytes } from './bytes';

export const scratch = new Bytes(1 << 16);

/** Empties the scratch area, makes room for `n` bytes and returns where they go. */
export function scratchFor(n: u32): usize {
  scratch.len = 0;
  scratch.reserve(n);
  return scratch.ptr;
}
