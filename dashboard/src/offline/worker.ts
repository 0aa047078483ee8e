/**
 * Installs the service worker (`/dashboard/sw.js`) that keeps the app shell, and says when it controls
 * this page: from then on a reload without the network opens the dashboard from what it kept.
 */
import { createStore } from '../register/store';

/** True once a service worker controls the page (the shell is kept). */
export const shellKept = createStore<boolean>(typeof navigator.serviceWorker !== 'undefined' && navigator.serviceWorker.controller !== null);

export function installWorker(): void {
  const container = navigator.serviceWorker;
  // No service workers (a private window of some browsers, or a page not served over HTTPS or localhost).
  if (container === undefined) return;
  container.addEventListener('controllerchange', () => shellKept.set(container.controller !== null));
  container.register('/dashboard/sw.js', { scope: '/dashboard', type: 'classic' }).catch(() => shellKept.set(false));
}
