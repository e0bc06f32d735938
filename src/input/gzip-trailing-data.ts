// Bytes after the end of gzip data that are neither another member nor zero padding: gunzip warns
// and ignores them, stricter readers refuse the file. Thrown only once the data before them is out.
export class GzipTrailingData extends Error {}
