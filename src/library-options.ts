// The options and hooks the library's functions take, checked at the door: a name no function takes is
// refused with the nearest one it does (`baseURL` → baseUrl), and a value of the wrong type with the
// type it must have, before any input is read. Ranges and formats are the engine's (resolveOptions).

import { OptionError } from './errors.ts';

/** What a value must be, and how to say so. */
interface Kind {
  says: string;
  fits(value: unknown): boolean;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const arrayOf = (says: string, fits: (v: unknown) => boolean): Kind => ({ says, fits: (v) => Array.isArray(v) && v.every(fits) });
const shaped = (fields: Record<string, (v: unknown) => boolean>) => (v: unknown) => isObject(v) && Object.entries(fields).every(([k, fits]) => fits(v[k]));

const STRING: Kind = { says: 'a string', fits: isString };
const BOOLEAN: Kind = { says: 'true or false', fits: (v) => typeof v === 'boolean' };
const WHOLE: Kind = { says: 'a whole number', fits: (v) => Number.isInteger(v) };
const FUNCTION: Kind = { says: 'a function', fits: (v) => typeof v === 'function' };
const SIGNAL: Kind = { says: 'an AbortSignal (from an AbortController, or AbortSignal.timeout())', fits: (v) => v instanceof AbortSignal };
const STRINGS: Kind = arrayOf('an array of strings', isString);
const oneOf = (...values: string[]): Kind => ({ says: values.map((v) => JSON.stringify(v)).join(' or '), fits: (v) => values.includes(v as string) });

/** A table of names and the kind each takes. */
export type OptionTable = Readonly<Record<string, Kind>>;

/** generate()'s and inspect()'s options (`Options` in types.ts); `outDir` is Node's only. */
export const GENERATE_OPTIONS: OptionTable = {
  baseUrl: STRING,
  maxUrls: WHOLE,
  maxBytes: WHOLE,
  format: oneOf('xml', 'txt'),
  gzip: BOOLEAN,
  gzipLevel: WHOLE,
  prefix: STRING,
  timezone: STRING,
  now: STRING,
  strict: BOOLEAN,
  delimiter: oneOf(',', ';', '\t', '|', 'none'),
  sheet: STRING,
  roles: arrayOf('an array of roles (strings)', isString),
  columns: arrayOf('an array of { column, role } (strings)', shaped({ column: isString, role: isString })),
  allFields: BOOLEAN,
  keep: arrayOf("an array of rule codes, such as ['row-status']", isString),
  stripParams: arrayOf("an array of parameter names, such as ['sort']", isString),
  robotsTxt: STRING,
  robotsAgent: STRING,
  urlRules: arrayOf("an array of { kind: 'include' or 'exclude', pattern }", shaped({ kind: (k) => k === 'include' || k === 'exclude', pattern: isString })),
  sectionBy: STRING,
  sections: arrayOf('an array of { name, pattern } (strings)', shaped({ name: isString, pattern: isString })),
  keepShape: BOOLEAN,
  previous: arrayOf('an array of { name, data: Uint8Array }', shaped({ name: isString, data: (d) => d instanceof Uint8Array })),
  outDir: STRING,
};

/** inspect()'s options: generate()'s but `outDir`. */
export const INSPECT_OPTIONS: OptionTable = Object.fromEntries(Object.entries(GENERATE_OPTIONS).filter(([name]) => name !== 'outDir'));

/** Where a name given in the wrong argument goes. */
export const HOOKS_WHERE = 'the hooks (the third argument)';
export const OPTIONS_WHERE = 'the options (the second argument)';

/** The hooks of Node's generate() (`Hooks` in types.ts). */
export const GENERATE_HOOKS: OptionTable = {
  onProgress: FUNCTION,
  signal: SIGNAL,
  onZipChunk: FUNCTION,
  onFile: FUNCTION,
  keepFindings: BOOLEAN,
};

/** The hooks of the browser's calls, and of Node's inspect(): progress and a signal. */
export const RUN_HOOKS: OptionTable = { onProgress: FUNCTION, signal: SIGNAL };

/** check()'s options (`CheckOptions`); the browser takes the signal and progress as hooks instead. */
export const CHECK_OPTIONS: OptionTable = {
  baseUrl: STRING,
  now: STRING,
  signal: SIGNAL,
  onRead: FUNCTION,
  rowRules: FUNCTION,
  unreadUrls: { says: 'a Set of URLs', fits: (v) => v instanceof Set },
  localSite: BOOLEAN,
  baseUrlOfSite: BOOLEAN,
};

/** checkSite()'s options beyond check()'s: how many listed pages to sample (SPEC 12). */
export const SITE_CHECK_EXTRA: OptionTable = { samplePages: WHOLE };

export interface Argument {
  /** What the object is, in messages: `generate() option`, `hook`. */
  what: string;
  table: OptionTable;
  /** Names this platform knows but refuses, and why. */
  unsupported?: Readonly<Record<string, string>>;
  /** The call's other arguments: a name of theirs given here is told where it goes. */
  elsewhere?: readonly { table: OptionTable; where: string }[];
}

/** Refuses an unknown name or a value of the wrong type in `given` (undefined values are left out, as absent). */
export function checkArgument(given: unknown, arg: Argument): void {
  if (given === undefined) return;
  if (!isObject(given)) throw new OptionError(`the ${arg.what}s must be an object, not ${described(given)}`, 'option-type');
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const why = arg.unsupported?.[name];
    if (why) throw new OptionError(why, 'option-unsupported', name);
    const kind = Object.hasOwn(arg.table, name) ? arg.table[name] : undefined;
    if (!kind) throw new OptionError(unknownName(name, arg), 'option-unknown', name);
    if (!kind.fits(value)) throw new OptionError(`${arg.what} ${name} must be ${kind.says}, not ${described(value)}`, 'option-type', name);
  }
}

function unknownName(name: string, arg: Argument): string {
  const other = arg.elsewhere?.find((e) => Object.hasOwn(e.table, name));
  if (other) return `${name} is not a ${arg.what}: it goes in ${other.where}`;
  const known = Object.keys(arg.table);
  const near = nearest(name, known);
  return near ? `unknown ${arg.what} "${name}": did you mean ${near}?` : `unknown ${arg.what} "${name}" (known: ${known.join(', ')})`;
}

/** The known name closest to `name` (letter case costs nothing), when it is close enough to be a slip. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** A value as a message names it: `the string "row-status"`, `the number 5`, `an array`. */
export function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `the ${typeof value} ${String(value)}`;
  if (typeof value === 'function') return 'a function';
  const made = (value as object).constructor?.name;
  return made && made !== 'Object' ? `a ${made}` : `${typeof value === 'object' ? 'an object' : typeof value}`;
}
