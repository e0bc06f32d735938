// The page's side of the worker boundary. Cancel (or a crash) terminates the worker and starts a
// fresh one, and every call still waiting on the old one is rejected so nothing hangs.
import * as Comlink from 'comlink';
import type { Inspection, Options, Progress } from '../src/types';
import type { FindingFilter, FindingsPage, GenerateOutput, NamedBlob, Outcome, WorkerApi } from '../src/worker';

export class StoppedError extends Error {
  constructor(
    message: string,
    readonly crashed: boolean,
  ) {
    super(message);
  }
}

export class EngineClient {
  #worker!: Worker;
  #api!: Comlink.Remote<WorkerApi>;
  #stop!: (e: StoppedError) => void;
  #stopped!: Promise<never>;
  readonly #onCrash: (message: string) => void;

  constructor(onCrash: (message: string) => void) {
    this.#onCrash = onCrash;
    this.#spawn();
  }

  #spawn(): void {
    const worker = new Worker(new URL('../src/worker.ts', import.meta.url), { type: 'module', name: 'sitemill-engine' });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const detail = event.message ? `: ${event.message}` : '';
      this.#restart(new StoppedError(`The engine stopped unexpectedly${detail}. It has been restarted.`, true));
    });
    worker.addEventListener('messageerror', () => {
      this.#restart(new StoppedError('The engine sent a message that could not be read. It has been restarted.', true));
    });
    this.#worker = worker;
    this.#api = Comlink.wrap<WorkerApi>(worker);
    this.#stopped = new Promise<never>((_, reject) => {
      this.#stop = reject;
    });
    this.#stopped.catch(() => {}); // rejections are observed through #call
  }

  #restart(reason: StoppedError): void {
    this.#worker.terminate();
    this.#api[Comlink.releaseProxy]();
    this.#stop(reason);
    this.#spawn();
    if (reason.crashed) this.#onCrash(reason.message);
  }

  #call<T>(run: (api: Comlink.Remote<WorkerApi>) => Promise<T>): Promise<T> {
    return Promise.race([run(this.#api), this.#stopped]);
  }

  /** Stops whatever the worker is doing, at once. */
  cancel(): void {
    this.#restart(new StoppedError('Cancelled.', false));
  }

  inspect(file: NamedBlob, options: Partial<Options>): Promise<Outcome<Inspection>> {
    // Comlink's Remote type spreads over the union; the worker returns exactly an Outcome.
    return this.#call((api) => api.inspect(file, options) as Promise<Outcome<Inspection>>);
  }

  async generate(files: NamedBlob[], options: Partial<Options>, onProgress: (p: Progress) => void): Promise<Outcome<GenerateOutput>> {
    const callback = Comlink.proxy(onProgress);
    return this.#call((api) => api.generate(files, options, callback) as Promise<Outcome<GenerateOutput>>);
  }

  findingsPage(filter: FindingFilter, start: number, count: number): Promise<FindingsPage> {
    return this.#call((api) => api.findingsPage(filter, start, count));
  }
}
