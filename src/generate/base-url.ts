// The base URL when none is given (SPEC section 3): the most common origin among the absolute locs of
// the list's first rows, so a list whose first row is on a minority host is judged by its majority.
// A list of relative paths alone cannot say what site it is for: that is one fatal line (not in an
// audit, where each such loc of a published sitemap is refused on its own).

import { Code } from '../core/code.ts';
import { InputError } from '../input/input-error.ts';
import type { Layout } from '../input/layout.ts';
import { isRelativeReference } from '../rules/slow-url.ts';
import type { GenerateRun } from './run.ts';

export function inferBase(run: GenerateRun, layout: Layout): void {
  const column = (run.input.roles ?? run.opts.roles ?? layout.roles).indexOf('loc');
  const locs = layout.rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
  const origins = new Map<string, number>();
  let relative = '';
  for (const loc of locs) {
    const origin = httpOrigin(loc);
    if (origin) origins.set(origin, (origins.get(origin) ?? 0) + 1);
    else if (!relative && isRelativeReference(loc, run.input.locNamed)) relative = loc;
  }
  if (origins.size === 0) {
    // An audit reads what is published: there a relative loc is refused row by row (loc-invalid).
    if (relative && !run.opts.allFields) {
      throw new InputError(
        `${run.input.source.name}: the URLs are relative (${relative}) and no base URL was given; give the site's base URL (--base-url https://www.example.com/ in the CLI, Base URL in the page)`,
      );
    }
    return; // Nothing to tell from yet: the first valid loc will say.
  }
  const [origin, n] = [...origins].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  run.useBase(new URL(origin + '/'));
  const share = origins.size === 1 ? '' : ` (${n} of the first ${locs.length} URLs)`;
  run.finding(0, 0, Code.BaseUrlInferred, run.baseHref! + share);
}

function httpOrigin(loc: string): string | null {
  if (!/^https?:\/\//i.test(loc)) return null;
  try {
    const url = new URL(loc);
    return url.username || url.password ? null : url.origin;
  } catch {
    return null;
  }
}
