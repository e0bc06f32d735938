// Registers the service worker that makes the page work offline, and says whether it is ready.
export type OfflineState = 'unsupported' | 'installing' | 'ready' | 'failed';

class OfflineStatus {
  state = $state<OfflineState>('installing');

  start(): void {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
      this.state = 'unsupported';
      return;
    }
    // Relative to the page, so the app works from any folder of any static host.
    navigator.serviceWorker.register('./sw.js').then(
      async () => {
        const registration = await navigator.serviceWorker.ready;
        this.state = (await everyFileCached(registration.active)) ? 'ready' : 'failed';
      },
      () => (this.state = 'failed'),
    );
  }
}

/** Asks the service worker whether every file of the app answers from its cache (false when it does not answer). */
function everyFileCached(worker: ServiceWorker | null): Promise<boolean> {
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 30_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data === true);
    };
    worker.postMessage({ type: 'sitemill-offline-ready' }, [channel.port2]);
  });
}

export const offline = new OfflineStatus();
