/**
 * DevTools protocol commands sent to a page's dedicated worker.
 *
 * Playwright's CDPSession only addresses pages, so the page's session auto-attaches to its workers
 * in the non-flattened mode and talks to them through Target.sendMessageToTarget; Playwright's own
 * (flattened) attachment is left untouched.
 */
import type { CDPSession } from 'playwright-core';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export interface WorkerTarget {
  url: string;
  send<T = any>(method: string, params?: Record<string, unknown>): Promise<T>;
}

export class PageWorkers {
  readonly #cdp: CDPSession;
  readonly #attached = new Map<string, TargetInfo>();
  readonly #pending = new Map<number, { sessionId: string; resolve(v: any): void; reject(e: Error): void }>();
  readonly #waiters: Array<() => void> = [];
  #nextId = 1;

  private constructor(cdp: CDPSession) {
    this.#cdp = cdp;
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: TargetInfo }) => {
      this.#attached.set(e.sessionId, e.targetInfo);
      for (const w of this.#waiters.splice(0)) w();
    });
    cdp.on('Target.detachedFromTarget', (e: { sessionId: string }) => {
      this.#attached.delete(e.sessionId);
      // A worker that died answers nothing more: its callers must not wait for ever.
      for (const [id, p] of this.#pending) {
        if (p.sessionId !== e.sessionId) continue;
        this.#pending.delete(id);
        p.reject(new Error('the worker went away'));
      }
    });
    cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      if (msg.id === undefined) return; // an event
      const p = this.#pending.get(msg.id);
      if (!p) return;
      this.#pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    });
  }

  /** Starts watching: workers that exist now and those started later are attached. */
  static async watch(cdp: CDPSession): Promise<PageWorkers> {
    const w = new PageWorkers(cdp);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return w;
  }

  /** The first dedicated worker whose script URL matches, waiting up to `timeoutMs` for it. */
  async worker(urlPattern: RegExp, timeoutMs = 30_000): Promise<WorkerTarget> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const [sessionId, info] of this.#attached) {
        if (info.type === 'worker' && urlPattern.test(info.url)) return this.#target(sessionId, info.url);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no worker matching ${urlPattern} attached`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  #target(sessionId: string, url: string): WorkerTarget {
    return {
      url,
      send: (method, params = {}) => {
        const id = this.#nextId++;
        const done = new Promise<any>((resolve, reject) => this.#pending.set(id, { sessionId, resolve, reject }));
        this.#cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((e: Error) => {
          this.#pending.get(id)?.reject(e);
          this.#pending.delete(id);
        });
        return done;
      },
    };
  }
}
