// What `sitemill --help` and each command's `--help` print: its usage, every option with one line
// on what it does, examples, and the exit codes. docs/cli.md says the same at length.

export const TOP_HELP = `Usage: sitemill <command> [options]

Sitemaps from URL lists, and an audit of the sitemaps a site publishes.

Commands:
  generate <input…|->  write sitemaps from CSV, TSV, text, Excel or sitemaps
  check <file|url…|->  audit sitemaps, indexes, feeds, zips, or a live site

Options:
  -h, --help           this text ('sitemill <command> --help': its options)
  -v, --version        the version

Examples:
  sitemill generate urls.csv --base-url https://www.example.com/ -o out.zip
  sitemill check https://www.example.com/

Exit codes: 0 done, 1 a fatal error (one line on standard error), 2 bad usage;
  generate: 3 with --strict and an error-level finding; check: 4 with one.`;

export const GENERATE_HELP = `Usage: sitemill generate <input…|-> [options]

Reads URL lists (CSV, TSV, text, .xlsx, sitemaps, feeds, gzipped or not; - is
standard input) and writes sitemaps split at the protocol's limits, an index,
robots-sitemap.txt, report.csv and manifest.json.

Output:
  -o, --output <file>        the zip to write (default sitemaps.zip); - writes
                             it to standard output, all else to standard error
      --out-dir <dir>        write the files into a folder (with -o: both)
      --json                 the summary as JSON (a fatal error too)
      --json-findings <N>    findings listed in the JSON (default 100)
      --quiet                print nothing but errors and notes
      --strict               exit 3 when an error-level finding exists
Sitemaps:
      --base-url <url>       the site's address, for relative URLs (default:
                             the most common origin of the first rows)
      --format <xml|txt>     XML sitemaps (default) or text sitemaps
      --no-gzip              write .xml files, not .xml.gz
      --gzip-level <1-9>     the gzip level (default 6)
      --max-urls <N>         URLs a file, 1 to 50000 (default 50000)
      --max-bytes <N>        bytes a file before gzip, 16384 to 52428800
      --prefix <name>        file names <name>-1.xml.gz… (default sitemap)
      --timezone <±hh:mm>    the zone of dates given without one (default Z)
      --now <iso>            the run's time (default now): same input, same zip
Reading input:
      --sheet <name>         the .xlsx worksheet (default: the first with URLs)
      --column <col>=<role>  a column's role, by name or number: loc, status…
Which rows:
      --keep <rule>          turn a rule off: row-status, row-not-page,
                             row-non-indexable, row-noindex, row-canonicalised,
                             row-unpublished, loc-tracking-param
      --strip-param <name>   remove this query parameter too (repeatable)
      --include <pattern>    keep only URLs a URL Pattern matches (/blog/*)
      --exclude <pattern>    leave out URLs a URL Pattern matches (repeatable)
      --robots <file>        leave out the URLs this robots.txt disallows
      --robots-agent <name>  the robots.txt group (default Googlebot)
Sections and updates:
      --section-by <how>     path:N or column:<name>: files per section
      --section <name>=<pattern>
                             a section by URL Pattern (repeatable, tried first)
      --previous <set>       last published set (zip, folder, manifest.json):
                             URLs keep their files, changes.csv says what moved
      --keep-shape           the inputs are a published set: write it again with
                             the same files, names and kinds, one index
  -h, --help                 this text

Examples:
  sitemill generate urls.csv --base-url https://www.example.com/ -o out.zip
  sitemill generate crawl.csv --out-dir public/sm --previous public/sm
  sitemill generate - -o - < urls.txt > out.zip

A run that fails or is interrupted leaves no zip and no set that looks complete.

Exit codes: 0 written (rows may be rejected), 1 a fatal error (unreadable input,
  no URL column, no accepted row, an output that cannot be written), 2 bad
  usage, 3 with --strict and an error-level finding, 130 interrupted (SIGINT),
  143 terminated (SIGTERM).`;

export const CHECK_HELP = `Usage: sitemill check <file|folder|url…|-> [options]

Audits sitemaps, indexes, text sitemaps, RSS and Atom feeds, and zips of them
(a folder: its sitemap-like files; - is standard input). A URL fetches a live
site: its address or robots.txt reads the Sitemap: lines, another URL is a
sitemap or an index.

Options:
      --json                 {files, codes, findings} as JSON on standard output
      --base-url <url>       judge the URLs against this site (default: the
                             set's own)
      --now <iso>            the reference time for dates in the future
      --sample-pages <N>     ask N listed pages of a live site for their status,
                             noindex and canonical (default 0)
      --concurrency <1-4>    requests at a time to a live site (default 4)
      --timeout <seconds>    how long one request may take (default 30)
  -h, --help                 this text

Examples:
  sitemill check public/sitemaps
  sitemill check sitemaps.zip --json
  sitemill check https://www.example.com/ --sample-pages 20

Exit codes: 0 nothing at error level, 1 no file could be read, 2 bad usage,
  4 an error-level finding, or a path that could not be read.`;

/** The line after a usage error, which points at the help that says more. */
export function tryHelp(command?: string): string {
  return `Try 'sitemill ${command ? `${command} ` : ''}--help'`;
}
