/**
 * The register's report of its offline sales (`/dashboard/register/offline`): those still waiting to
 * sync, those Till refused (with its reason: a product gone, a modifier no longer offered, a discount
 * code used up), which stay until the cashier discards them, and those that synced with a difference
 * (a price changed, a product inactive, stock short, the total changed), each with its receipt number
 * and its order's number.
 */
import { useState } from 'preact/hooks';
import { ConfirmDialog, Loaded, useResource } from '../components';
import { formatMoney } from '../format';
import { discardSale, queuedSales, queueVersion, type OfflineSale, type SyncDifference } from '../offline/queue';
import { Link } from '../router';
import { useStore } from './store';

export function OfflineReport(props: { queue: string }) {
  const version = useStore(queueVersion);
  const list = useResource(() => queuedSales(props.queue), [props.queue, version]);
  const [discarding, setDiscarding] = useState<OfflineSale>();
  return (
    <section class="offline-report panel" aria-labelledby="offline-report-title">
      <h2 id="offline-report-title">Offline sales</h2>
      <Loaded resource={list}>
        {(sales) => {
          const waiting = sales.filter((s) => s.status === 'waiting' || s.status === 'created');
          const refused = sales.filter((s) => s.status === 'refused');
          const synced = sales.filter((s) => s.status === 'synced');
          return (
            <>
              <h3>Waiting to sync ({waiting.length})</h3>
              {waiting.length === 0 ? <p class="muted">None: every sale made offline is in Till.</p> : <SaleList sales={waiting} />}
              <h3>Refused by Till ({refused.length})</h3>
              {refused.length === 0 ? (
                <p class="muted">None.</p>
              ) : (
                <>
                  <p>The cash was taken, but Till did not take the sale. Ring it up again online if it should count, then discard it here.</p>
                  <SaleList sales={refused} onDiscard={setDiscarding} />
                </>
              )}
              <h3>Synced with differences ({synced.length})</h3>
              {synced.length === 0 ? <p class="muted">None.</p> : <SaleList sales={synced} onDiscard={(sale) => void discardSale(sale.key)} />}
            </>
          );
        }}
      </Loaded>
      <ConfirmDialog
        open={discarding !== undefined}
        title={`Discard sale ${discarding?.receiptNumber ?? ''}?`}
        message="It leaves this register for good and never reaches Till."
        confirmLabel="Discard the sale"
        tone="danger"
        onConfirm={async () => {
          if (discarding !== undefined) await discardSale(discarding.key);
          setDiscarding(undefined);
        }}
        onClose={() => setDiscarding(undefined)}
      />
    </section>
  );
}

function SaleList(props: { sales: OfflineSale[]; onDiscard?: (sale: OfflineSale) => void }) {
  return (
    <ul class="sales-list" aria-label="Sales">
      {props.sales.map((sale) => (
        <li key={sale.key} class="sale-row" data-receipt={sale.receiptNumber}>
          <div>
            <strong>{sale.receiptNumber}</strong>
            {sale.orderNumber !== undefined && sale.orderId !== undefined && (
              <>
                {' · '}
                <Link href={`/dashboard/orders/${sale.orderId}`}>Order #{sale.orderNumber}</Link>
              </>
            )}
            {' · '}
            {formatMoney(sale.total, sale.currency)} cash · {new Date(sale.recordedAt).toLocaleString()}
          </div>
          {sale.error !== undefined && (
            <p class="field-problem" data-refusal>
              {sale.error.message}
            </p>
          )}
          {sale.note !== undefined && <p class="muted">{sale.note}</p>}
          {(sale.differences?.length ?? 0) > 0 && (
            <ul class="differences">
              {sale.differences!.map((difference, i) => (
                <li key={i} data-difference={difference.type}>
                  {describe(difference, (id) => sale.names[id] ?? id, sale.currency)}
                </li>
              ))}
            </ul>
          )}
          {props.onDiscard !== undefined && (
            <div>
              <button type="button" class="secondary" onClick={() => props.onDiscard!(sale)}>
                {sale.status === 'refused' ? 'Discard' : 'Clear from the report'}
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A difference in words. */
export function describe(difference: SyncDifference, name: (productId: string) => string, currency: string): string {
  const money = (amount: number) => formatMoney(amount, currency);
  switch (difference.type) {
    case 'price_changed':
      return `Price changed: ${name(difference.product_id)} was sold at ${money(difference.recorded_price)}, its price is now ${money(difference.current_price)}.`;
    case 'product_inactive':
      return `Product inactive: ${name(difference.product_id)} is no longer for sale; it was sold all the same.`;
    case 'stock_short':
      return `Stock short: ${name(difference.product_id)} was ${difference.shortfall === 1 ? '1 unit' : `${difference.shortfall} units`} short; count the shelf and set its stock.`;
    case 'total_changed':
      return `Total changed: the register took ${money(difference.recorded_total)}, Till's total is ${money(difference.total)}.`;
  }
}
