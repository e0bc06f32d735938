// A finding code's severity and explanation as the audit reports it: its own codes (SPEC section 7),
// then the generator's row rules. loc-duplicate is a warning here, as `sitemill check` has it.
import { CHECK_CODES, type CheckCode, CODE_INFO } from '../src/browser';
import type { Severity } from '../src/types';

export function checkCodeInfo(code: string): { severity: Severity; message: string } | undefined {
  return CHECK_CODES[code as CheckCode] ?? CODE_INFO[code];
}
