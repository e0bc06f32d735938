// Reads a sitemaps zip into name → bytes, gzip members inflated, for comparing the page with the CLI.
import { readFile } from 'node:fs/promises';
import { gunzipSync, unzipSync } from 'fflate';

export async function zipFiles(file: string): Promise<Map<string, Uint8Array>> {
  const entries = unzipSync(new Uint8Array(await readFile(file)));
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(entries)) {
    out.set(name.replace(/\.gz$/, ''), name.endsWith('.gz') ? gunzipSync(data) : data);
  }
  return out;
}
