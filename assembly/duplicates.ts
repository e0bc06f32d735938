// The written URLs of accepted rows, as hashes: `loc-duplicate`, and the rows hreflang links may point at.

import { HashSet } from './hashset';

export const written = new HashSet();
