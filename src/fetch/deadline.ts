// A signal that aborts after `ms`. Unlike AbortSignal.timeout, its timer keeps Node running: a
// request left waiting on a silent server must end as a timeout, not as a process that quietly exits.

export interface Deadline {
  signal: AbortSignal;
  clear(): void;
}

export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
