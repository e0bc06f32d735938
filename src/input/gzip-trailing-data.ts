// Bytes after the end of gzip data that are neither another member nor zero padding: gunzip warns
// and ignores them, stricter readers refuse the file. Thrown only once the data before them is out.
export class GzipTrailingData extends Error {}

/**
 * Data after the first gzip member where the platform's inflater reads one member only (a browser's
 * DecompressionStream): it fails there, and drops the output of the read that held the member's end.
 */
export class GzipPartlyRead extends Error {}
