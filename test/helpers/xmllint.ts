// Validates files against the protocol's official schemas (helpers/reference.ts) with libxml2's xmllint.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { xsd } from './reference.ts';


/** Throws with xmllint's words when a file does not validate against `schema` (e.g. `sitemap.xsd`, `all.xsd`). */
export function xmllint(schema: string, files: string[]): void {
  if (files.length === 0) return;
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd(schema), ...files], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { code?: string; stderr?: Buffer };
    if (err.code === 'ENOENT') throw new Error('xmllint not found: apt-get install -y libxml2-utils');
    throw new Error(`xmllint rejected ${files.join(', ')}:\n${err.stderr?.toString() ?? e}`);
  }
}
