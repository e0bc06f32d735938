// A compression worker: the engine's worker hands it finished sitemap files and goes on parsing.
// Messages: {id, data} in, {id, gz} or {id, error} out; buffers are transferred both ways.

import { gzipHere } from './gzip-stream.ts';

interface Job {
  id: number;
  data: Uint8Array;
}

self.onmessage = async (event: MessageEvent<Job>) => {
  const { id, data } = event.data;
  try {
    const gz = await gzipHere(data);
    (self as unknown as Worker).postMessage({ id, gz }, [gz.buffer]);
  } catch (e) {
    (self as unknown as Worker).postMessage({ id, error: String((e as Error)?.message ?? e) });
  }
};
