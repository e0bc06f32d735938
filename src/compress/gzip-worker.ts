// A compression worker's side: the engine's worker hands it finished sitemap files, or a file's body
// in pieces as it is written, and goes on parsing. Messages in: {id, data} (a whole file), {id, guess}
// (open a file: the header it most likely has), {id, piece}, {id, header, tail} (close it), {id, drop}
// (let it go unfinished). Out: {id, gz, spent?} or {id, error}. Buffers are transferred both ways;
// `spent` gives the pieces' buffers back for the next pieces. The engine's worker script runs this
// when started as a compression worker (src/worker.ts), so the two ship as one file.

import { GzipAsWritten, gzipHere } from './gzip-stream.ts';

type Job =
  | { id: number; data: Uint8Array }
  | { id: number; guess: Uint8Array }
  | { id: number; piece: Uint8Array }
  | { id: number; header: Uint8Array; tail: Uint8Array }
  | { id: number; drop: true };

/** The name a compression worker is started with: the engine's worker script reads it to take this side. */
export const GZIP_WORKER_NAME = 'sitemill-gzip';

/** Answers the pool's jobs on this worker. */
export function serveGzip(scope: { onmessage: ((event: MessageEvent) => void) | null; postMessage(message: unknown, transfer: Transferable[]): void }): void {
  const open = new Map<number, GzipAsWritten>();
  const post = (message: unknown, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
  scope.onmessage = async (event: MessageEvent<Job>) => {
    const job = event.data;
    try {
      if ('guess' in job) open.set(job.id, new GzipAsWritten(job.guess));
      else if ('piece' in job) open.get(job.id)?.piece(job.piece);
      else if ('drop' in job) {
        open.get(job.id)?.drop();
        open.delete(job.id);
      } else if ('tail' in job) {
        const file = open.get(job.id);
        if (!file) throw new Error('no such file open');
        open.delete(job.id);
        const { gz, spent } = await file.close(job.header, job.tail);
        const buffers = spent.map((p) => p.buffer as ArrayBuffer);
        post({ id: job.id, gz, spent: buffers }, [gz.buffer as ArrayBuffer, ...buffers]);
      } else {
        const gz = await gzipHere(job.data);
        post({ id: job.id, gz }, [gz.buffer as ArrayBuffer]);
      }
    } catch (e) {
      open.delete(job.id);
      post({ id: job.id, error: String((e as Error)?.message ?? e) });
    }
  };
}
