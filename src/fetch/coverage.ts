// What a live check covered and what it left (SPEC 12): robots.txt, sitemaps, the page sample.
// The CLI prints the gaps as notes; the page says both, and calls a site clean only with no gap.

import type { PageSample } from './sample-pages.ts';

export interface LiveCoverage {
  /** robots.txt files read (one that answers 4xx counts: it names nothing), and those that could not be. */
  robotsRead: number;
  robotsUnread: number;
  /** Sitemaps audited; fetched but not readable (a finding says why); listed but past the limits. */
  sitemapsRead: number;
  sitemapsUnread: number;
  sitemapsSkipped: number;
  /** Page entries of the sitemaps read. */
  pagesListed: number;
  /** The page sample, when one was asked for. */
  sample: PageSample | null;
}

const n = (k: number) => k.toLocaleString('en-US');
const some = (k: number, one: string, many = `${one}s`) => `${n(k)} ${k === 1 ? one : many}`;

/** The CLI's notes on the sample: what it found, and what it could not ask or judge. */
export function sampleNotes(s: PageSample, site: string): string[] {
  const others = s.sampled - s.quiet;
  const notes = [
    `${some(s.sampled, 'listed page')} sampled: ${n(s.quiet)} answered 200 with nothing that keeps ${s.quiet === 1 ? 'it' : 'them'} from being indexed${others ? `; the findings name the ${others === 1 ? 'other' : `other ${n(others)}`}` : ''}`,
  ];
  if (s.otherSite) notes.push(`${some(s.otherSite, 'listed page is', 'listed pages are')} on other sites than ${site} and ${s.otherSite === 1 ? 'was' : 'were'} not sampled`);
  for (const robots of s.robotsUnread) notes.push(`${robots}: the sampled pages were not checked against it`);
  return notes;
}

/** What was checked, in one sentence: `robots.txt, 3 sitemaps and 8 of 10 listed pages`. */
export function checkedWords(c: LiveCoverage): string {
  const parts = [];
  if (c.robotsRead) parts.push(c.robotsRead === 1 ? 'robots.txt' : `${n(c.robotsRead)} robots.txt files`);
  parts.push(some(c.sitemapsRead, 'sitemap'));
  if (c.sample) parts.push(`${n(c.sample.sampled)} of ${some(c.sample.own, 'listed page')} sampled`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
}

/** What was not checked, each gap in a few words; none when the check covered everything. */
export function notChecked(c: LiveCoverage): string[] {
  const gaps: string[] = [];
  if (c.robotsUnread) gaps.push(`${c.robotsUnread === 1 ? 'the robots.txt' : `${n(c.robotsUnread)} robots.txt files`}, which could not be read`);
  if (c.sitemapsUnread) gaps.push(`${some(c.sitemapsUnread, 'sitemap')} that could not be read`);
  if (c.sitemapsSkipped) gaps.push(`${some(c.sitemapsSkipped, 'listed sitemap')} past the live check's limits`);
  if (!c.sample) gaps.push(c.pagesListed ? `the ${some(c.pagesListed, 'listed page')}: none was fetched` : '');
  else {
    const left = c.sample.own - c.sample.sampled;
    if (left) gaps.push(`${some(left, 'listed page')} not in the sample`);
    if (c.sample.otherSite) gaps.push(`${some(c.sample.otherSite, 'listed page')} on other sites`);
    if (c.sample.robotsUnread.length && c.sample.sampled) gaps.push('whether robots.txt allows the pages sampled');
  }
  return gaps.filter(Boolean);
}
