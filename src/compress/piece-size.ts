// Streams are deflated in pieces of PIECE bytes side by side, each primed with the WINDOW bytes
// before it (see gzip-pieces.ts); the pieces fall at these offsets however the bytes arrive.

export const PIECE = 1 << 21;
export const WINDOW = 1 << 15;
