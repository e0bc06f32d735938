// Roles given to columns by name (`--column Percorso=loc`, the library's `columns`): applied to each
// input's own header, so the same names work for a crawl and a CMS list read in one run, whatever
// their column order.

import type { ColumnRole, Role } from '../types.ts';
import { rolesFromHeader } from './detect.ts';
import type { Layout } from './layout.ts';

/** The column `named` means in an input: its header cell (any case), else its number from 1; -1 when it has none. */
function columnOf(named: string, header: string[] | null, width: number): number {
  const byName = header ? header.findIndex((h) => h.trim().toLowerCase() === named.trim().toLowerCase()) : -1;
  if (byName >= 0) return byName;
  return /^\d+$/.test(named) && Number(named) >= 1 && Number(named) <= width ? Number(named) - 1 : -1;
}

/**
 * The layout's header and roles with `named` applied; `matched` hears which of them the input has.
 * A list whose header no rule found (no URL column by name) has it when its first row names a
 * column given: that row is the header.
 */
export function withNamedColumns(layout: Layout, given: Role[] | undefined, named: ColumnRole[], matched: (i: number) => void): { layout: Layout; roles: Role[] } {
  let out = layout;
  let base = given ?? layout.roles;
  if (!layout.header && layout.rows.length > 0) {
    const [first, ...rest] = layout.rows;
    if (named.some(({ column }) => !/^\d+$/.test(column) && first.some((c) => c.trim().toLowerCase() === column.trim().toLowerCase()))) {
      out = { ...layout, header: first, headerByContent: false, rows: rest, noUrlColumn: undefined };
      base = given ?? rolesFromHeader(first, rest);
    }
  }
  const width = Math.max(out.header?.length ?? 0, base.length, ...out.rows.map((r) => r.length));
  const roles = [...base];
  named.forEach(({ column, role }, i) => {
    const at = columnOf(column, out.header, width);
    if (at < 0) return;
    matched(i);
    while (roles.length <= at) roles.push('ignore');
    // One column a role, as the column mapping has it: the column that had it gives it up.
    if (role !== 'ignore' && role !== 'image' && role !== 'robots') for (let j = 0; j < roles.length; j++) if (roles[j] === role) roles[j] = 'ignore';
    roles[at] = role;
  });
  return { layout: out, roles };
}
