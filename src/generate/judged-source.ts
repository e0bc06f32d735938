// An input that says one thing of every row it lists (a Search Console drill-down under "Not found
// (404)"): the verdict travels with the source, from the zip it came in to the run that reads it.

import type { InputVerdict } from '../rules/search-console-issues.ts';
import type { InputSource } from '../types.ts';

type JudgedSource = InputSource & { verdict?: InputVerdict };

export function withVerdict(source: InputSource, verdict: InputVerdict): InputSource {
  return { ...source, verdict } as JudgedSource;
}

export function verdictOf(source: InputSource): InputVerdict | undefined {
  return (source as JudgedSource).verdict;
}
