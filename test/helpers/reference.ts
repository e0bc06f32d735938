// Where the shared test material is: the real exports and sitemaps in ../shared/corpus, and the
// official XSDs: SITEMILL_XSD_DIR, else ../shared/reference beside the clone. A test that
// validates against them fails with one line naming what is missing, never with xmllint's own words
// about a file it could not open.
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

export const REFERENCE = path.resolve(process.env.SITEMILL_XSD_DIR ?? path.join(ROOT, '..', 'shared', 'reference'));

/** The path of one official schema (`sitemap.xsd`, `all.xsd`, `ext/…`); throws one line when it is absent. */
export function xsd(name: string): string {
  const file = path.join(REFERENCE, name);
  if (!existsSync(file)) {
    throw new Error(
      `missing official XSD ${name} in ${REFERENCE}: put the sitemaps.org and Google extension schemas there ` +
        '(see README, "Tests") or set SITEMILL_XSD_DIR to the folder that holds them',
    );
  }
  return file;
}

/** The real exports and published sitemaps, read in place beside the clone. */
export const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');
