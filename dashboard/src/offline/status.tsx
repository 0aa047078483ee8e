/**
 * What every screen of the signed-in dashboard says of the register's offline sales, and what keeps
 * them moving: the banner ("Offline · 3 sales waiting to sync", "Syncing · …", refused sales and
 * differences to look at), and the sync of the signed-in user's queue whenever there is a network, a
 * sign-in and something to send (at once, then every 15 seconds while sales wait).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { currentSession, onSessionChange } from '../auth';
import { rememberSold } from '../register/device';
import { useStore } from '../register/store';
import { Link } from '../router';
import { online } from './connectivity';
import { discardSale, queueCounts, watchQueue } from './queue';
import { queueOf, scopeOf } from './snapshot';
import { syncing, syncQueue } from './sync';

type Account = Schemas['Account'];

const RETRY_MS = 15_000;
export const REPORT_PATH = '/dashboard/register/offline';

function sales(n: number): string {
  return n === 1 ? '1 sale' : `${n} sales`;
}

/** Syncs the queue of `account`'s user while the page is open. */
export function useOfflineSync(account: Account): void {
  const queue = queueOf(account);
  const scope = scopeOf(account);
  const connected = useStore(online);
  const counts = useStore(queueCounts);
  const [signedIn, setSignedIn] = useState(currentSession() !== undefined);
  useEffect(() => onSessionChange((session) => setSignedIn(session !== undefined)), []);
  useEffect(() => {
    void watchQueue(queue).catch(() => undefined);
    return () => void watchQueue(null);
  }, [queue]);
  const waiting = counts.queue === queue ? counts.waiting : 0;
  useEffect(() => {
    if (!connected || !signedIn || waiting === 0) return;
    const sync = () =>
      void syncQueue(queue, (sale) => {
        if (sale.orderId !== undefined) rememberSold(scope, sale.orderId);
        // Nothing to report: the sale is in Till now, and leaves the device.
        if ((sale.differences?.length ?? 0) === 0 && sale.note === undefined) void discardSale(sale.key);
      }).catch(() => undefined);
    sync();
    const timer = setInterval(sync, RETRY_MS);
    return () => clearInterval(timer);
  }, [connected, signedIn, waiting > 0, queue]);
}

export function OfflineBanner() {
  const connected = useStore(online);
  const counts = useStore(queueCounts);
  const busy = useStore(syncing);
  const lookAt = counts.refused + counts.differences;
  if (connected && counts.waiting === 0 && lookAt === 0) return null;
  const waiting = `${sales(counts.waiting)} waiting to sync`;
  return (
    <div class={connected ? 'offline-banner online' : 'offline-banner'} role="status" data-offline-banner>
      <span data-offline-state>{connected ? (busy ? `Syncing · ${waiting}` : counts.waiting > 0 ? waiting : 'Offline sales') : `Offline · ${waiting}`}</span>
      {lookAt > 0 && (
        <>
          {' · '}
          <Link href={REPORT_PATH}>
            {[counts.refused > 0 && `${sales(counts.refused)} refused`, counts.differences > 0 && `${sales(counts.differences)} synced with differences`].filter(Boolean).join(', ')}: see the
            report
          </Link>
        </>
      )}
    </div>
  );
}
