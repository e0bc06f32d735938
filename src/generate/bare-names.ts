// A URL column found by its name whose values are bare names (Squarespace's `Product URL` holds
// `ceramic-mug`): each row is loc-invalid, as a bare name is read as a path only in a column the
// person named. A note says how to name it, so a whole shop is not refused without a word.

import { isBareName } from '../rules/slow-url.ts';

/** Of the sample, at least this share of the values must be bare names. */
const MOST = 0.5;

/** The note for `column` of `source`, or null when its sampled values are mostly URLs or paths. */
export function bareNamesNote(source: string, column: string, values: string[]): string | null {
  const given = values.map((v) => v.trim()).filter((v) => v !== '');
  const bare = given.filter(isBareName);
  if (given.length === 0 || bare.length < MOST * given.length) return null;
  return `${source}: its URL column, ${column}, holds names, not URLs or paths (${bare[0]}): they are refused unless the column is named as the URL column (--column "${column}=loc" on the command line, under Columns in the page), when each is read against the base URL's folder`;
}
