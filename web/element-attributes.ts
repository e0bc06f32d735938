// The attributes of <sitemill-workbench> as workbench settings. An attribute that is removed
// (null) brings the setting back to its default; one never set (undefined) leaves it alone.
import type { Format } from '../src/types';
import { DEFAULT_SETTINGS } from './settings';

export type AttributeValue = string | number | boolean | null | undefined;

export function baseUrlOf(value: AttributeValue): string {
  return value === null || value === undefined ? DEFAULT_SETTINGS.baseUrl : String(value).trim();
}

/** A number attribute; text that is not a number gives NaN, which the options panel shows as invalid. */
export function countOf(value: AttributeValue, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  return typeof value === 'number' ? value : Number(String(value).replace(/[_,\s]/g, ''));
}

export function formatOf(value: AttributeValue): Format {
  const v = String(value ?? '').trim().toLowerCase();
  return v === 'xml' || v === 'txt' ? v : DEFAULT_SETTINGS.format;
}

/** `gzip`, `gzip=""` and `gzip="on"` are on; `gzip="false"`, `"off"`, `"no"` and `"0"` are off. */
export function gzipOf(value: AttributeValue): boolean {
  if (value === null || value === undefined) return DEFAULT_SETTINGS.gzip;
  if (typeof value === 'boolean') return value;
  return !['false', 'off', 'no', '0'].includes(String(value).trim().toLowerCase());
}
