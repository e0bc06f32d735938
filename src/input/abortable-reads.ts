// Reading a stream that may stall (a pipe, a network body, a caller's generator) while a signal can
// stop the job: each read is raced against the signal, so the job settles when it aborts, and the
// stream is then cancelled (a web stream's reader), destroyed (a Node stream) or returned.

import { AbortError } from '../errors.ts';
import { InputError } from './input-error.ts';

type Chunks = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** `pending`, or an AbortError as soon as `signal` aborts (`pending` is then left to settle unobserved). */
export function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return pending;
  if (signal.aborted) {
    pending.catch(() => {});
    return Promise.reject(new AbortError(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      pending.catch(() => {});
      reject(new AbortError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The chunks of a web ReadableStream, a Node stream or any async iterable, each read raced against
 * `signal`. With `name`, a read that fails is an InputError (`input-unreadable`) that names the input.
 */
export async function* abortableChunks(chunks: Chunks, signal?: AbortSignal, name?: string): AsyncGenerator<Uint8Array> {
  if (name === undefined) return yield* raced(chunks, signal);
  try {
    yield* raced(chunks, signal);
  } catch (e) {
    if (e instanceof AbortError || e instanceof InputError) throw e;
    throw new InputError(`cannot read ${name}: ${e instanceof Error ? e.message : String(e)}`, 'input-unreadable', { cause: e });
  }
}

async function* raced(chunks: Chunks, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  if ('getReader' in chunks && typeof chunks.getReader === 'function') return yield* readerChunks(chunks, signal);
  const iterable = chunks as AsyncIterable<unknown> & { destroy?: (error?: Error) => void };
  if (typeof iterable?.[Symbol.asyncIterator] !== 'function') throw new InputError('a stream input must be a ReadableStream, a Node Readable or an async iterable of Uint8Array', 'input-type');
  const it = iterable[Symbol.asyncIterator]();
  let stopped = false;
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await untilAborted(it.next(), signal);
      } catch (e) {
        if (!(e instanceof AbortError)) throw e;
        stopped = true;
        // A pending next() holds an async generator: return() would wait for it, so a Node stream is destroyed instead.
        if (typeof iterable.destroy === 'function') iterable.destroy();
        else void it.return?.()?.catch(() => {});
        throw e;
      }
      if (next.done) return;
      const chunk = bytesOf(next.value);
      if (chunk.byteLength > 0) yield chunk;
    }
  } finally {
    if (!stopped) await it.return?.();
  }
}

async function* readerChunks(stream: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let stopped = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await untilAborted(reader.read(), signal);
      } catch (e) {
        if (e instanceof AbortError) {
          stopped = true;
          void reader.cancel(signal?.reason).catch(() => {});
        }
        throw e;
      }
      if (next.done) return;
      const chunk = bytesOf(next.value);
      if (chunk.byteLength > 0) yield chunk;
    }
  } finally {
    // Left early (the reader stops at what it needs): the rest is not wanted.
    if (!stopped) await reader.cancel().catch(() => {});
  }
}

/** A chunk as bytes: a Uint8Array (a Node Buffer is one) or an ArrayBuffer; text is refused, as its encoding is unknown. */
function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  const what = typeof value === 'string' ? 'text (a Node stream with an encoding set gives strings: leave it unset)' : typeof value;
  throw new InputError(`a stream input must give Uint8Array chunks, not ${what}`, 'input-type');
}
