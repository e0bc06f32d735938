// What every command of the CLI shares: the usage text, the exit codes and the error for bad usage.

export const USAGE = `Usage:
  sitemill generate <input…|-> --base-url <url> [-o sitemaps.zip] [--out-dir dir] [--format xml|txt]
                    [--no-gzip] [--gzip-level 1-9] [--max-urls N] [--max-bytes N] [--prefix name]
                    [--timezone ±hh:mm] [--now <iso>] [--sheet name] [--strict] [--json] [--quiet]
                    [--keep <rule>]… [--strip-param <name>]… [--include <pattern>]… [--exclude <pattern>]…
                    [--robots <robots.txt>] [--robots-agent <name>]
                    [--section-by path:N|column:<name>] [--section <name>=<pattern>]…
                    [--previous <zip|folder|manifest.json>] [--keep-shape] [--column <column>=<role>]…
  sitemill check <file|folder|url…|-> [--json] [--base-url <url>] [--now <iso>]
                 [--sample-pages N] [--concurrency 1-4] [--timeout seconds]
  sitemill --version`;

export const EXIT = { ok: 0, fatal: 1, usage: 2, strict: 3 } as const;

export class UsageError extends Error {}

/** A whole-number option's value, or a UsageError that names the option. */
export function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not ${value}`);
  return Number(value);
}
