// The written URLs of accepted rows, as hashes: `loc-duplicate`, and the rows hreflang links may point at.
// Each keeps where it was first seen (first-places.ts), so a duplicate names that row.

import { HashSet } from './hashset';

export const written = new HashSet(true);
