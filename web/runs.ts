// The engine calls of one tab, one run at a time. Each call takes a token; a newer call, a cancel
// or a new list moves the token on, and an older call's late answer is dropped. Calls in flight are
// counted, so a worker that dies between them can be told from one a call reports itself.

export class Runs {
  #token = 0;
  #run: AbortController | null = null;
  #inFlight = 0;

  /** Whether no engine call is waiting for its answer. */
  get idle(): boolean {
    return this.#inFlight === 0;
  }

  /** Drops the answers of every call made so far; returns the token for the next one. */
  next(): number {
    return ++this.#token;
  }

  /** Stops the run going on, if any, and starts a new one with its own abort signal. */
  begin(): { token: number; signal: AbortSignal } {
    this.abort();
    this.#run = new AbortController();
    return { token: this.next(), signal: this.#run.signal };
  }

  current(token: number): boolean {
    return token === this.#token;
  }

  /** The run of `token` is over: its controller is let go, unless a newer run has one. */
  end(token: number): void {
    if (this.current(token)) this.#run = null;
  }

  abort(): void {
    this.#run?.abort();
    this.#run = null;
  }

  /** Counts `call` as in flight until it settles. */
  async track<T>(call: Promise<T>): Promise<T> {
    this.#inFlight++;
    try {
      return await call;
    } finally {
      this.#inFlight--;
    }
  }
}
