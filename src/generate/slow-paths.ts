// What the core hands back to this side for a row: a loc or URL that needs the URL Standard's full
// parser, and the news and video columns, which few rows carry.

import { Code } from '../core/code.ts';
import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { rowExtras } from '../rules/extras.ts';
import { resolveAnyUrl, resolveLoc, urlFixes } from '../rules/slow-url.ts';
import type { GenerateRun } from './run.ts';

/** A loc the core could not judge: resolved, or refused with its code; the first one sets the base when none is given. */
export function resolveSlowLoc(run: GenerateRun): void {
  const { core, x } = run;
  const raw = core.text(x.slowLocPtr(), x.slowLocLen());
  const verdict = resolveLoc(raw, run.site, run.input.locNamed);
  if (verdict.code !== 0) {
    if (verdict.host !== undefined) run.rejectedHosts.add(verdict.host);
    x.resolveLoc(verdict.code, 0, 0);
    return;
  }
  if (!run.site) {
    run.useBase(new URL(verdict.url.origin + '/'));
    run.finding(x.slowLocLine(), 0, Code.BaseUrlInferred, run.baseHref!);
  }
  const [len] = core.putScratch(verdict.href);
  x.resolveLoc(0, len, verdict.fixes);
}

/** An image or alternate URL the core could not judge: its written form, or a refusal. */
export function resolveSlowUrl(run: GenerateRun): void {
  const { core, x } = run;
  const given = core.text(x.slowUrlPtr(), x.slowUrlLen());
  const written = resolveAnyUrl(given);
  if (written === null) return x.resolveUrl(0, 0, 0);
  const [len] = core.putScratch(written);
  x.resolveUrl(1, len, urlFixes(given, written));
}

/** The row's news and video elements, written here and handed to the core to place in the entry. */
export function writeExtras(run: GenerateRun): void {
  const { core, x, opts } = run;
  const line = x.currentRowLine();
  const result = rowExtras(run.input.extras!, {
    cell: (i) => (i < x.rowFieldCount() ? core.text(x.rowFieldPtr(i), x.rowFieldLen(i)) : ''),
    loc: core.text(x.rowLocPtr(), x.rowLocLen()),
    nowMs: opts.nowMs,
    date: (text) => {
      const [len] = core.putScratch(text);
      const r = x.parseDate(len);
      if (r > 1) return null;
      return { written: core.text(x.dateOutPtr(), x.dateOutLen()), epoch: x.dateEpoch() };
    },
    finding: (code, i, value, fixed = '') => {
      run.finding(line, i + 1, code, value, fixed);
      const severity = CODE_INFO[CODE_NAMES[code]].severity;
      x.markRow(severity === 'fix' ? 1 : 0, severity === 'warning' ? 1 : 0);
    },
  });
  const [len] = core.putScratch(result.xml);
  x.extrasDone(len, result.namespaces, result.news);
}
