// What a run decides rows by (SPEC section 10) beside the columns each input has: the rules turned
// off, the parameters to strip, and the rules on the written URL; and when the core must ask.

import { BelongWhen } from '../core/status.ts';
import type { Exclusion } from '../rules/belonging-columns.ts';

/** A rule on the written URL (robots.txt, include/exclude patterns): the exclusion, or null. */
export type UrlJudge = (url: string) => Exclusion | null;

/** What the run decides rows by, beside the columns each input has. */
export interface Belonging {
  keep: ReadonlySet<string>;
  stripTracking: boolean;
  extraParams: ReadonlySet<string>;
  urlJudges: UrlJudge[];
}

export function belongingOf(keep: string[] = [], stripParams: string[] = [], urlJudges: UrlJudge[] = []): Belonging {
  const kept = new Set(keep);
  const extraParams = new Set(stripParams.map((p) => p.toLowerCase()));
  return { keep: kept, stripTracking: !kept.has('loc-tracking-param') || extraParams.size > 0, extraParams, urlJudges };
}

/** The core's standing orders: which rows it asks about, whatever the input. */
/** `audit`: a published sitemap is checked, not generated: its entries are not left out by their names. */
export function belongWhen(b: Belonging, audit = false): number {
  const tracking = b.keep.has('loc-tracking-param') ? 0 : BelongWhen.Tracking;
  const names = audit || b.keep.has('row-not-page') ? 0 : BelongWhen.Names;
  return (b.urlJudges.length > 0 ? BelongWhen.Rules : 0) | (b.extraParams.size > 0 ? BelongWhen.Query : tracking) | names;
}
