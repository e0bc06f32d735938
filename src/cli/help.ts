// What `sitemill --help` and each command's `--help` print: its usage, every option with one line
// on what it does, examples, and the exit codes. docs/cli.md says the same at length.

export const TOP_HELP = `Usage: sitemill <command> [options]

Sitemaps from URL lists, and an audit of the sitemaps a site publishes.

Commands:
  generate <input…|->   write protocol-exact sitemaps from CSV, TSV, text, Excel or sitemap input
  check <file|url…|->   audit sitemaps, indexes, text sitemaps, feeds or zips of them, or a live site

Options:
  -h, --help            this text; 'sitemill <command> --help' for a command's options
  -v, --version         the version

Examples:
  sitemill generate urls.csv --base-url https://www.example.com/ -o sitemaps.zip
  sitemill check https://www.example.com/

Exit codes: 0 done, 1 a fatal error (one line on standard error), 2 bad usage;
  generate: 3 with --strict when an error-level finding exists; check: 4 when one exists.`;

export const GENERATE_HELP = `Usage: sitemill generate <input…|-> [options]

Reads URL lists (CSV, TSV, plain text, .xlsx, sitemaps, feeds, gzipped or not; - is standard
input) and writes sitemaps split at the protocol's limits, an index, report.csv and manifest.json.

Output:
  -o, --output <file>        the zip to write (default sitemaps.zip); - writes it to standard
                             output, and everything else goes to standard error
      --out-dir <dir>        write the files into a folder instead (with -o: both)
      --json                 print the summary as JSON on standard output (a fatal error too)
      --json-findings <N>    how many findings the JSON lists (default 100; 0 for none)
      --quiet                print nothing but errors and notes
      --strict               exit 3 when any error-level finding exists
Sitemaps:
      --base-url <url>       the site's address; relative URLs resolve against it (default:
                             the most common origin among the first rows)
      --format <xml|txt>     XML sitemaps (default) or text sitemaps
      --no-gzip              write .xml, not .xml.gz
      --gzip-level <1-9>     gzip level (default 6)
      --max-urls <N>         URLs per file, 1 to 50000 (default 50000)
      --max-bytes <N>        uncompressed bytes per file, 16384 to 52428800 (default 52428800)
      --prefix <name>        file names: <name>-1.xml.gz, <name>-index.xml (default sitemap)
      --timezone <±hh:mm>    the time zone of dates written without one (default +00:00)
      --now <iso>            the run's reference time (default now): same input, same zip
Reading input:
      --sheet <name>         the worksheet of an .xlsx to read (default: the first with URLs)
      --column <col>=<role>  give a column (by name or number) a role: loc, lastmod, status…
Which rows:
      --keep <rule>          turn a rule off: row-status, row-not-page, row-non-indexable,
                             row-noindex, row-canonicalised, row-unpublished, loc-tracking-param
      --strip-param <name>   remove this query parameter too (repeatable)
      --include <pattern>    keep only URLs that match a URL Pattern, such as /blog/* (repeatable)
      --exclude <pattern>    leave out URLs that match a URL Pattern (repeatable, in order)
      --robots <file>        leave out the URLs this robots.txt disallows
      --robots-agent <name>  the robots.txt group to follow (default Googlebot)
Sections and updates:
      --section-by <how>     path:N (the Nth folder) or column:<name>: files per section
      --section <name>=<pattern>  a section by URL Pattern (repeatable, tried first)
      --previous <set>       the set published last time (zip, folder or manifest.json): keep
                             URLs in their files, rewrite only what changed, write changes.csv
  -h, --help                 this text

Examples:
  sitemill generate urls.csv --base-url https://www.example.com/ -o sitemaps.zip
  sitemill generate crawl.csv --out-dir public/sitemaps --previous public/sitemaps
  cat urls.txt | sitemill generate - --base-url https://www.example.com/ -o - | unzip -t /dev/stdin

A run that fails or is interrupted leaves no zip and no set of files that looks complete.

Exit codes: 0 written (rows may be rejected), 1 a fatal error (unreadable input, no URL column,
  no accepted row, an output that cannot be written), 2 bad usage, 3 with --strict when an
  error-level finding exists, 130 interrupted (SIGINT), 143 terminated (SIGTERM).`;

export const CHECK_HELP = `Usage: sitemill check <file|folder|url…|-> [options]

Audits sitemaps, sitemap indexes, text sitemaps, RSS and Atom feeds, and zips of them (a folder:
the sitemap-like files in it; - is standard input). A URL fetches a live site's sitemaps: a site's
address or robots.txt reads its Sitemap: lines, any other URL is a sitemap or an index.

Options:
      --json                 print {files, codes, findings} as JSON on standard output
      --base-url <url>       judge the URLs against this site (default: the set's own)
      --now <iso>            the reference time for dates in the future
      --sample-pages <N>     ask N of a live site's listed pages for their status, noindex
                             and canonical (default 0)
      --concurrency <1-4>    requests at a time to a live site (default 4)
      --timeout <seconds>    how long one request may take, body included (default 30)
  -h, --help                 this text

Examples:
  sitemill check public/sitemaps
  sitemill check sitemaps.zip --json
  sitemill check https://www.example.com/ --sample-pages 20

Exit codes: 0 nothing at error level, 1 no file could be read, 2 bad usage, 4 an error-level
  finding, or a path that could not be read.`;

/** The line after a usage error, which points at the help that says more. */
export function tryHelp(command?: string): string {
  return `Try 'sitemill ${command ? `${command} ` : ''}--help'`;
}
