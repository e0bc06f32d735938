// A finding as the audit gathers it, before files are named and findings ordered.

import type { Severity } from '../types.ts';

export interface Collected {
  /** Index of the file; -1 for a finding about the whole set. */
  file: number;
  line: number;
  code: string;
  message: string;
  /** Set for row-rule findings (their severity comes from the generator). */
  severity?: Severity;
}
