// A finding of the live check: on a URL as a file (line 0), with the audit's severity for its code.

import { CHECK_CODES, type CheckCode } from '../check/codes.ts';
import type { CheckFinding } from '../check/types.ts';
import type { Answer } from './fetch-url.ts';

export function finding(file: string, code: CheckCode, message: string): CheckFinding {
  return { file, line: 0, code, severity: CHECK_CODES[code].severity, message };
}

export function statusLine(a: Answer): string {
  return `answers HTTP ${a.status}${a.statusText ? ` ${a.statusText}` : ''}`;
}
