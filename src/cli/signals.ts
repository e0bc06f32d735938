// A run ended by SIGINT (Ctrl-C), SIGTERM or SIGHUP exits as a shell reports a signal's end
// (128 + its number), once the outputs it opened have let their partial bytes go: they listen for
// the process's exit. While the finished files move into place (a few renames) a signal waits, so
// that no set is left half moved; the run then exits as the signal asks.

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

type Signal = keyof typeof SIGNALS;

export class Interrupts {
  #held = false;
  #pending: Signal | null = null;
  readonly #listener = (signal: Signal) => this.#arrived(signal);

  /** `onSignal` says what ended the run (one line, or JSON) just before the process exits. */
  constructor(private onSignal: (signal: Signal) => void) {
    for (const signal of Object.keys(SIGNALS)) process.on(signal, this.#listener);
  }

  /** Runs `work` with signals held until it ends. */
  async held<T>(work: () => Promise<T>): Promise<T> {
    this.#held = true;
    try {
      return await work();
    } finally {
      this.#held = false;
      if (this.#pending) this.#arrived(this.#pending);
    }
  }

  dispose(): void {
    for (const signal of Object.keys(SIGNALS)) process.off(signal, this.#listener);
  }

  #arrived(signal: Signal): void {
    if (this.#held) {
      this.#pending = signal;
      return;
    }
    this.onSignal(signal);
    process.exit(SIGNALS[signal]);
  }
}
