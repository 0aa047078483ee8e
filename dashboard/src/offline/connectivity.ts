/**
 * Whether the device has a network, as the browser says (`navigator.onLine`, its `online` and
 * `offline` events). Offline, the register sells from what it kept (cash only) and queues the sales;
 * back online, it syncs them.
 */
import { createStore } from '../register/store';

export const online = createStore<boolean>(navigator.onLine);

window.addEventListener('online', () => online.set(true));
window.addEventListener('offline', () => online.set(false));
