// The input forms the library takes, told apart the same way in Node and in the browser: each entry
// point then reads the form its own way (Node streams a path; the browser posts a Blob to its worker).

import { InputError } from './errors.ts';
import { described } from './library-options.ts';
import type { Input, InputSource } from './types.ts';

export type InputForm =
  | { kind: 'path'; path: string | URL; name?: string }
  | { kind: 'text'; text: string; name: string }
  | { kind: 'bytes'; bytes: Uint8Array; name: string }
  | { kind: 'blob'; blob: Blob; name: string }
  | { kind: 'stream'; stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>; name: string; size?: number }
  | { kind: 'source'; source: InputSource };

const FORMS = '{ path } (Node), { text }, { bytes }, a Blob or File, { blob }, a ReadableStream or { stream }, or { name, chunks() }';

/** Which form `input` is, with its name; anything else is an InputError (`input-type`) that names the forms. */
export function formOf(input: unknown): InputForm {
  if (typeof input === 'string') {
    throw new InputError(
      `a string input is not read, as it could be a path or the list itself: pass { path: ${short(input)} } to read a file (Node only), or { text: … } for the list's text`,
      'input-type',
    );
  }
  if (input instanceof Uint8Array) return { kind: 'bytes', bytes: input, name: 'input' };
  if (input instanceof ArrayBuffer) return { kind: 'bytes', bytes: new Uint8Array(input), name: 'input' };
  if (isBlob(input)) return { kind: 'blob', blob: input, name: fileName(input) ?? 'input' };
  if (isStream(input)) return { kind: 'stream', stream: input, name: 'input' };
  if (typeof input !== 'object' || input === null) throw new InputError(`an input must be ${FORMS}, not ${described(input)}`, 'input-type');
  const given = input as Record<string, unknown>;
  const name = given.name;
  if (name !== undefined && (typeof name !== 'string' || name === '')) throw new InputError(`an input's name must be a string that is not empty, not ${described(name)}`, 'input-type');
  const named = name as string | undefined;
  const keys = ['path', 'text', 'bytes', 'blob', 'stream', 'chunks'].filter((k) => given[k] !== undefined);
  if (keys.length !== 1) {
    const why = keys.length ? `it has ${keys.join(' and ')}: give one` : `it has none of path, text, bytes, blob, stream or chunks`;
    throw new InputError(`an input must be ${FORMS}; ${why}`, 'input-type');
  }
  const value = given[keys[0]];
  const wrong = (says: string) => new InputError(`an input's ${keys[0]} must be ${says}, not ${described(value)}`, 'input-type');
  switch (keys[0]) {
    case 'path':
      if (typeof value !== 'string' && !(value instanceof URL)) throw wrong('a string or a file: URL');
      return { kind: 'path', path: value, name: named };
    case 'text':
      if (typeof value !== 'string') throw wrong('a string');
      return { kind: 'text', text: value, name: named ?? 'input.txt' };
    case 'bytes':
      if (value instanceof ArrayBuffer) return { kind: 'bytes', bytes: new Uint8Array(value), name: named ?? 'input' };
      if (!(value instanceof Uint8Array)) throw wrong('a Uint8Array or an ArrayBuffer');
      return { kind: 'bytes', bytes: value, name: named ?? 'input' };
    case 'blob':
      if (!isBlob(value)) throw wrong('a Blob or File');
      return { kind: 'blob', blob: value, name: named ?? fileName(value) ?? 'input' };
    case 'stream': {
      if (!isStream(value)) throw wrong('a ReadableStream, a Node Readable or an async iterable of Uint8Array');
      const size = given.size;
      if (size !== undefined && !(Number.isInteger(size) && (size as number) >= 0)) throw new InputError(`a stream input's size must be a whole number of bytes, not ${described(size)}`, 'input-type');
      return { kind: 'stream', stream: value, name: named ?? 'input', size: size as number | undefined };
    }
    default:
      if (typeof value !== 'function') throw wrong('a function that gives the bytes as an async iterable');
      if (!named) throw new InputError('an input of chunks() needs a name', 'input-type');
      return { kind: 'source', source: given as unknown as InputSource };
  }
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function isStream(value: unknown): value is ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> {
  if (typeof value !== 'object' || value === null) return false;
  if (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) return true;
  return typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

function fileName(blob: Blob): string | undefined {
  const name = (blob as Partial<File>).name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function short(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** The inputs of a call: one, or an array of them (an empty array is `input-none`). */
export function inputsOf(input: Input | Input[] | unknown): unknown[] {
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) throw new InputError('no input was given', 'input-none');
  return list;
}
