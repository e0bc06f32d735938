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
      () => navigator.serviceWorker.ready.then(() => (this.state = 'ready')),
      () => (this.state = 'failed'),
    );
  }
}

export const offline = new OfflineStatus();
