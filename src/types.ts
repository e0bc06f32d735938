// The shapes shared by the engine, the CLI, the worker and the page.

export type Format = 'xml' | 'txt';
export type Severity = 'error' | 'excluded' | 'fix' | 'warning' | 'info';
export type Delimiter = ',' | ';' | '\t' | '|' | 'none';
export type CoreRole = 'loc' | 'lastmod' | 'changefreq' | 'priority' | 'ignore';
export type NewsField = 'publication_name' | 'publication_language' | 'publication_date' | 'title' | 'genres' | 'keywords';
export type VideoField =
  | 'thumbnail_loc' | 'title' | 'description' | 'content_loc' | 'player_loc' | 'duration' | 'expiration_date'
  | 'rating' | 'view_count' | 'publication_date' | 'family_friendly' | 'restriction' | 'restriction_relationship'
  | 'platform' | 'platform_relationship' | 'requires_subscription' | 'uploader' | 'live' | 'tag';
/** Columns of crawler exports that decide whether a row belongs in a sitemap (SPEC section 10). */
export type BelongRole =
  | 'status' | 'status-text' | 'redirect' | 'indexability' | 'indexability-status' | 'content-type' | 'canonical' | 'robots' | 'publication'
  // A CMS's yes or no: `draft` (Draft, Archived, Hidden: a yes leaves the row out), `published` (Published, Visible: a no does).
  | 'draft' | 'published'
  // A crawler's yes or no: `noindex` (Moz's Meta-robots Noindex, Botify's Meta Robots: Noindex: a yes
  // leaves the row out), `robots-blocked` (Blocked by robots.txt: a yes does), `robots-allowed`
  // (Allowed in robots.txt: a no, or Disallowed, does).
  | 'noindex' | 'robots-blocked' | 'robots-allowed'
  // A CMS's post type (`attachment`, `nav_menu_item`: no page of its own), and whether a post is
  // password protected (a yes leaves the row out).
  | 'post-type' | 'protected'
  // A URL rewrite's kind (Magento's `redirect_type`): 0 is the page itself, 301 or 302 a redirect.
  | 'redirect-type';
/** A column, by its header or its number from 1, and the role it is given. */
export interface ColumnRole {
  column: string;
  role: Role;
}

/** What a column holds. Extension roles (SPEC section 5) carry their field: `image`, `hreflang:de-AT`, `news:title`, `video:duration`. */
export type Role = CoreRole | BelongRole | 'image' | `hreflang:${string}` | `news:${NewsField}` | `video:${VideoField}`;

// An include or exclude rule in URL Pattern syntax, such as /blog/* or *://*/tag/*.
export interface UrlRule {
  kind: 'include' | 'exclude';
  pattern: string;
}

export interface Options {
  /** Absolute URL of the folder the sitemaps are published in; inferred from the first valid loc when absent. */
  baseUrl?: string;
  maxUrls: number;
  maxBytes: number;
  format: Format;
  gzip: boolean;
  gzipLevel: number;
  prefix: string;
  /** Offset for naive date-times: `Z` or `±hh:mm`. */
  timezone: string;
  /** The clock for lastmod-future, as an ISO date-time; the current time when absent. */
  now?: string;
  strict: boolean;
  /** Overrides delimiter detection (not for a workbook, whose rows are always read as CSV). */
  delimiter?: Delimiter;
  /**
   * The sheet of an Excel workbook (.xlsx) to read, by its tab name (any case); the first sheet when
   * absent. A name the workbook does not have is a fatal error that lists its sheets.
   */
  sheet?: string;
  /** Overrides header detection: one role per column, in column order. */
  roles?: Role[];
  /**
   * Roles of columns named by their header (any case) or number from 1, in each input that has
   * them; the other columns keep the roles their headers give them. Names no input has are noted.
   */
  columns?: ColumnRole[];
  /** Judges a row's lastmod, changefreq and priority even when its loc rejects it (the audit tells every fault of an entry). */
  allFields?: boolean;
  /**
   * Rules of SPEC section 10 turned off, by their code: `row-status`, `row-non-indexable`,
   * `row-noindex`, `row-canonicalised`, `row-not-page`, `row-unpublished` keep the rows they would leave out;
   * `loc-tracking-param` keeps tracking parameters.
   */
  keep?: string[];
  /** Query parameters to remove beside the tracking ones (`sort`, `sessionid`). */
  stripParams?: string[];
  /** A robots.txt: the URLs it disallows for `robotsAgent` are left out (robots-disallowed). */
  robotsTxt?: string;
  /** The user agent whose robots.txt group applies; `Googlebot` by default (its group, else `*`). */
  robotsAgent?: string;
  /** Include and exclude rules, applied in order to the written URL (row-excluded-rule). */
  urlRules?: UrlRule[];
  /**
   * Sections (SPEC section 11): `path:N` names a row's section after the first N folders of its path,
   * `column:<name>` after a column of the input. Rows in no section go to `pages`.
   */
  sectionBy?: string;
  /** Named URL patterns, tried in order before `sectionBy`: the first that matches names the row's section. */
  sections?: SectionRule[];
  /**
   * The set published last time (a zip's entries, or a folder's files, as stored): each URL still
   * listed stays in its file, and a file whose content did not change keeps its bytes.
   */
  previous?: PreviousFile[];
  /**
   * The inputs are a published set (sitemaps and their index, each file given on its own), written
   * again in its shape: each sitemap stays its own file under its name, news, image and video
   * sitemaps stay theirs, duplicates are told within files of one purpose, and `changes` says what changed.
   */
  keepShape?: boolean;
}

/** The options of Node's generate(): the engine's, and `outDir`, a folder to write the files into (the browser refuses it). */
export type GenerateOptions = Partial<Options> & { outDir?: string };

/** A section named by a URL pattern, such as `blog` for `/blog/*`. */
export interface SectionRule {
  name: string;
  pattern: string;
}

/** One file of a previously published set, as stored (a `.gz` as gzipped). */
export interface PreviousFile {
  name: string;
  data: Uint8Array;
}

/**
 * A list or sitemap as the library takes it (docs/library.md). Each form may carry a `name`, used in
 * messages, findings and the manifest. A bare string is refused: write `{ path }` or `{ text }`.
 */
export type Input = PathInput | TextInput | BytesInput | BlobInput | StreamInput | Blob | ReadableStream<Uint8Array> | Uint8Array | InputSource;

/** A file to read (Node only; the browser refuses it with `input-unsupported`). Named by its base name. */
export interface PathInput {
  path: string | URL;
  name?: string;
}

/** The list itself, as text (encoded as UTF-8). Named `input.txt` unless named. */
export interface TextInput {
  text: string;
  name?: string;
}

/** The file's bytes. Named `input` unless named. */
export interface BytesInput {
  bytes: Uint8Array | ArrayBuffer;
  name?: string;
}

/** A Blob or File under a name of the caller's (a File is named by its own name otherwise). */
export interface BlobInput {
  blob: Blob;
  name?: string;
}

/**
 * Bytes that can be read once: a web `ReadableStream`, or in Node also a `Readable` or any async
 * iterable of `Uint8Array`. A sitemap given so keeps its core columns (a note says what was left out).
 */
export interface StreamInput {
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  name?: string;
  /** The byte count, when known, for progress. */
  size?: number;
}

/** Why an option was refused: `OptionError.code`. */
export type OptionErrorCode =
  /** No option of that name: the message names the nearest one (`baseURL` → `baseUrl`). */
  | 'option-unknown'
  /** The value is not of the option's type (a string for `keep`, which takes an array of codes). */
  | 'option-type'
  /** The value has the type but not an allowed value (`maxUrls: 0`, a base URL that is no URL). */
  | 'option-value'
  /** The option exists but not here (`outDir` in the browser, gzip level 9 in the browser). */
  | 'option-unsupported';

/** Why an input could not be read: `InputError.code`. */
export type InputErrorCode =
  /** No file at the path given (`error.path` names it). */
  | 'input-not-found'
  /** The file or stream exists but could not be read: a folder, no permission, a read that failed. */
  | 'input-unreadable'
  /** Not an input form the library takes (a bare string, a number, an object with none of path/text/bytes/blob/stream). */
  | 'input-type'
  /** A form this platform cannot read (`{ path }` in the browser). */
  | 'input-unsupported'
  /** No input at all (an empty array). */
  | 'input-none'
  /** Read, but not a list or sitemap that can be used (a PNG, JSON, no URL column, …). */
  | 'input-invalid';

/** The code of every error the library throws on purpose: `SitemillError.code`. */
export type ErrorCode =
  | OptionErrorCode
  | InputErrorCode
  /** Stopped by its AbortSignal (an AbortError). */
  | 'aborted'
  /** The job ran out of memory. */
  | 'memory'
  /** The browser's worker died; `terminated`: terminate() was called. */
  | 'crashed'
  | 'terminated'
  /** A newer run replaced the findings being read (the browser's findings() and checkFindings()). */
  | 'stale'
  | 'internal';

/** One input: a name for messages and the manifest, and its bytes as a stream of chunks. */
export interface InputSource {
  name: string;
  size?: number;
  /** The bytes from the start; may be called again (a sitemap input is read twice) unless `once`. */
  chunks(): AsyncIterable<Uint8Array>;
  /** `chunks()` gives the bytes only once (standard input): a sitemap then keeps its core columns only. */
  once?: boolean;
}

export interface Progress {
  /**
   * Input bytes read so far. A sitemap input is read ahead once for its extension columns (all of it
   * when its root declares an extension namespace); that reading counts here and in `bytesTotal`.
   */
  bytesRead: number;
  /** The inputs' sizes when all are known, plus what the reading ahead took. */
  bytesTotal: number | undefined;
  rows: number;
  accepted: number;
  rejected: number;
  excluded: number;
}

export interface FileInfo {
  name: string;
  urls: number;
  bytes: number;
  gzipBytes?: number;
  sha256: string;
  /** The first lines of the uncompressed file, for previews. */
  head: string;
  /** The file's section, when the run has sections. */
  section?: string;
}

/** A section's share of the output. */
export interface SectionCount {
  name: string;
  files: number;
  urls: number;
}

export type FileChange = 'added' | 'changed' | 'unchanged' | 'removed';

/** What happened to one file against the previous set, and to the URLs in it. */
export interface ChangedFile {
  name: string;
  change: FileChange;
  urlsAdded: number;
  urlsRemoved: number;
  urlsChanged: number;
}

export interface Summary {
  rows: number;
  skipped: number;
  accepted: number;
  rejected: number;
  /** Valid rows left out on purpose (SPEC section 10): rows = accepted + rejected + excluded. */
  excluded: number;
  fixed: number;
  warnings: number;
  codes: Record<string, number>;
  files: FileInfo[];
  /** Per section, in the order their files were written; absent without sections. */
  sections?: SectionCount[];
  /** Per file, against the previous set; absent without one. */
  changes?: ChangedFile[];
  baseUrl: string | undefined;
  /** Set when no sitemap could be written (no accepted row): says why in one line. */
  message?: string;
  /** Things a person should know that are not about one row (a damaged gzip input, say). */
  notes: string[];
  /**
   * Columns whose values say what a crawl's status, content type, indexability or canonical column
   * (or a CMS's publication status) says, under a name no rule reads: their rows are not left out
   * by them. Each is named in `notes` too; giving it the role (`columns`) makes it decide.
   */
  unreadColumns: UnreadColumn[];
}

export interface UnreadColumn {
  /** The input's name. */
  input: string;
  /** The column's header, as written. */
  name: string;
  /** The role its values say it has. */
  role: Role;
}

export interface Finding {
  /** The input's name when there are several inputs, else empty. */
  input: string;
  /** The input line the row starts on (1-based); 0 for findings about the whole list. */
  line: number;
  /** The 1-based column; 0 for findings about the whole row. */
  column: number;
  code: string;
  severity: Severity;
  message: string;
  value: string;
  fixed: string;
}

/** What the first lines of an input look like, for the column mapping. */
export interface Inspection {
  delimiter: Delimiter;
  header: string[] | null;
  rows: string[][];
  roles: Role[];
  /** A sitemap, feed or zip of them: its columns come from its elements, and the roles and delimiter given do not apply to it. */
  fromSitemap: boolean;
  /** An Excel workbook: the name of the sheet read. */
  sheet?: string;
  /** An Excel workbook: the names of its worksheets, in tab order (the sheets a run can be told to read). */
  sheets?: string[];
  /** No column was found to hold the URLs: why, in the words the run would stop with unless the column mapping names one. */
  noUrlColumn?: string;
}

export interface Hooks {
  onProgress?(p: Progress): void;
  signal?: AbortSignal;
  /** Receives the zip as it is written, in order; when absent the zip is kept in memory. */
  onZipChunk?(chunk: Uint8Array): void | Promise<void>;
  /** Receives each file of the zip, as stored in it, in order (for writing them to a folder). */
  onFile?(name: string, data: Uint8Array): void | Promise<void>;
  /**
   * false: each batch of findings goes into report.csv as it is found and is then dropped, so a
   * million findings cost little memory; the result's `findings` keeps their counts only (its
   * length is 0). The zip is the same bytes either way.
   */
  keepFindings?: boolean;
  /** With `keepFindings` false: report.csv's bytes, block by block as they are written (read during the call only). */
  onReportBytes?(bytes: Uint8Array): void;
}

/** A gzip file that compresses its body while the file is still being written, where the platform can. */
export interface GzipAhead {
  /** How much body to hand over at a time; 0 when the platform takes the whole file at `finish`. */
  readonly pieceBytes: number;
  /** The next bytes of the body, in order (the header comes before them, written at close); read during the call only. */
  body(bytes: Uint8Array): void;
  /**
   * The rest of the file, read during the call only: `headerLength` bytes of header, then the body
   * not handed over. Gives the file's size and first bytes at once, its gzip when compressed.
   */
  finish(rest: Uint8Array, headerLength: number): { size: number; head: Uint8Array; gzip: Promise<Uint8Array> };
  /** The gzip of the next file (it may reuse this one's buffers). */
  next(): GzipAhead;
  /** Lets the open file go unfinished (a run that ended early). */
  drop(): void;
  /** The header the open file most likely has, learned before its body goes ahead (from the input's columns). */
  expect(header: Uint8Array): void;
}

/** Bytes kept in order until they are read back, once (see `Platform.holdAside`). */
export interface HeldBytes {
  push(chunk: Uint8Array): void;
  /** The bytes pushed, in order, in chunks of the holder's size; read to the end, the holder is closed. */
  read(): Iterable<Uint8Array>;
  /** Lets the bytes go unread (a run that ended early). */
  close(): void;
}

/** A raw deflate stream: `write` resolves when the stream can take more, `end` once all output is out. */
export interface RawDeflate {
  write(data: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/** Input read ahead and put back: what a reader takes past the end of its part goes back for the next one. */
export interface ByteSource {
  /** The next chunk, or null at the end. */
  chunk(): Promise<Uint8Array | null>;
  /** Puts bytes back: they are the next chunk read. */
  unread(bytes: Uint8Array): void;
}

/** The parts of the engine that differ between Node and the browser (README: "Node and the browser"). */
export interface Platform {
  /** The gzip levels the platform compresses at (a browser's CompressionStream has its default, 6, only). */
  readonly gzipLevels: readonly number[];
  /** Compresses a finished file; may take ownership of `data` (its buffer can be transferred). */
  gzip(data: Uint8Array, level: number): Promise<Uint8Array>;
  /**
   * A gzip file to hand the body to as it is written; `header` is the header its first file most
   * likely has (the header is written at the close), for a platform that must start with it.
   */
  gzipAhead(level: number, header: Uint8Array): GzipAhead;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  /** CRC-32 (as zip and gzip use it) of `data`, continued from `value`. */
  crc32(data: Uint8Array, value?: number): number;
  /** A raw deflate stream for the zip's deflated entries (report.csv, the index): its output goes to `onData`, in order. */
  deflateRaw(level: number, onData: (chunk: Uint8Array) => void): RawDeflate;
  /**
   * Somewhere to keep a zip entry's compressed bytes until its place in the zip comes (report.csv,
   * written as the run goes, comes after the sitemaps), or null for memory.
   */
  holdAside?(): HeldBytes | null;
  /**
   * Inflates the raw deflate data at the start of `input`, its output yielded as it is read (never
   * more than a few chunks ahead of the reader), and puts the bytes after the data back into
   * `input`; fails on damaged or cut-short data. `trailer()` gives the 8 bytes that must follow the
   * data (a gzip member's CRC-32 and length of the output so far): an inflater that cannot say where
   * the data ended finds the end by them.
   */
  inflateRaw(input: ByteSource, trailer: () => Uint8Array): AsyncIterable<Uint8Array>;
  wasm(): Promise<WebAssembly.Module>;
}
