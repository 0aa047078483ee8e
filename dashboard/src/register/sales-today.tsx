/**
 * Today's sales at the register (List Orders from the start of today on this device's clock): this
 * register's by default, every register's at a tap. One opens to refund items or an amount (the cash
 * part comes out of this register's open drawer) or, while it is pending, to void it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { ConfirmDialog, EmptyState, ErrorAlert, Loaded, StatusBadge, useResource } from '../components';
import { formatModifier, formatMoney, moneyInput, parseMoney } from '../format';
import { refundValue } from '../pages/order';
import { Link } from '../router';
import { soldToday, startOfToday } from './device';
import { loadDrawer, openDrawerId } from './drawer-state';

type Order = Schemas['Order'];
type OrderSummary = Schemas['OrderSummary'];

/** Today's orders, newest first: at most 5 pages of 100 (a busy day's register shows its own first). */
async function todaysOrders(): Promise<OrderSummary[]> {
  const orders: OrderSummary[] = [];
  for await (const order of till.orders.list({ created_at_min: startOfToday(), per_page: 100 })) {
    orders.push(order);
    if (orders.length >= 500) break;
  }
  return orders;
}

const timeOf = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

export function SalesToday(props: { scope: string }) {
  const orders = useResource(todaysOrders, []);
  const [everyRegister, setEveryRegister] = useState(false);
  const mine = soldToday(props.scope);
  return (
    <section aria-labelledby="sales-title">
      <div class="page-head">
        <h2 id="sales-title">Today's sales</h2>
        <label class="choice">
          <input type="checkbox" checked={everyRegister} onChange={(e) => setEveryRegister(e.currentTarget.checked)} /> Every register
        </label>
      </div>
      <Loaded resource={orders}>
        {(list) => {
          const shown = everyRegister ? list : list.filter((order) => mine.includes(order.id));
          if (shown.length === 0) {
            return (
              <EmptyState title={everyRegister ? 'No sales yet today' : 'No sales on this register yet today'}>
                {everyRegister ? 'Orders made today appear here.' : 'The sales this register completes today appear here; tick “Every register” for the others.'}
              </EmptyState>
            );
          }
          return (
            <ul class="sales-list">
              {shown.map((order) => (
                <li key={order.id}>
                  <Link class="sale-row" href={`/dashboard/register/sales/${order.id}`} data-order-id={order.id}>
                    <span class="sale-number">#{order.number}</span>
                    <span class="muted">{timeOf(order.created_at)}</span>
                    <StatusBadge status={order.status} />
                    <span class="sale-total">{formatMoney(order.total, order.currency)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}

export function SaleDetail(props: { id: string; register: string; scope: string }) {
  const order = useResource(() => till.orders.retrieve(props.id), [props.id]);
  useEffect(() => void loadDrawer(props.register, props.scope), [props.register, props.scope]);
  return (
    <section>
      <p class="crumbs">
        <Link href="/dashboard/register/sales">Today's sales</Link>
      </p>
      <Loaded resource={order}>{(data) => <SaleView order={data} reload={order.reload} />}</Loaded>
    </section>
  );
}

function SaleView(props: { order: Order; reload: () => void }) {
  const { order } = props;
  const { account } = useAccount();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const writable = can(account, 'orders:write');
  const payment = order.payment;
  const [voiding, setVoiding] = useState(false);
  return (
    <>
      <div class="page-head">
        <h2>Sale #{order.number}</h2>
        <StatusBadge status={order.status} />
      </div>
      <ul class="sale-lines">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.name}
              {item.modifiers.length > 0 && <span class="muted"> ({item.modifiers.map((m) => formatModifier(m, order.currency)).join(', ')})</span>}
              {item.refunded_quantity > 0 && <span class="muted"> · {item.refunded_quantity} returned</span>}
            </span>
            <span>{money(item.total - item.discount_amount)}</span>
          </li>
        ))}
      </ul>
      <dl class="order-figures">
        <div>
          <dt>Total</dt>
          <dd data-figure="total">{money(order.total)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-figure="refunded">{money(order.refunded_amount)}</dd>
        </div>
        {payment !== null && (
          <div>
            <dt>Paid</dt>
            <dd>{payment.method === 'cash' ? 'Cash' : payment.cash_amount > 0 ? `${money(payment.cash_amount)} cash + ${money(payment.card_amount)} card` : 'Card'}</dd>
          </div>
        )}
      </dl>
      {order.refunds.length > 0 && (
        <ul class="refunds">
          {order.refunds.map((refund) => (
            <li key={refund.id}>
              Refunded {money(refund.amount)}
              {refund.cash_amount > 0 && ` (${money(refund.cash_amount)} in cash)`}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href={`/dashboard/orders/${order.id}`}>Open the order page</Link>
      </p>
      {writable && order.status === 'pending' && (
        <>
          <button type="button" class="danger big" onClick={() => setVoiding(true)}>
            Void sale
          </button>
          <ConfirmDialog
            title="Void this sale?"
            open={voiding}
            message="The order is canceled and its items go back in stock. This cannot be undone."
            confirmLabel="Void sale"
            onConfirm={async () => {
              await till.orders.cancel(order.id);
              props.reload();
            }}
            onClose={() => setVoiding(false)}
          />
        </>
      )}
      {writable && (order.status === 'paid' || order.status === 'partially_refunded') && <RefundPanel order={order} reload={props.reload} />}
    </>
  );
}

function RefundPanel(props: { order: Order; reload: () => void }) {
  const { order } = props;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const left = order.total - order.refunded_amount;
  const [mode, setMode] = useState<'items' | 'amount'>('items');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [pending, setPending] = useState<{ body: { reason: 'customer_request'; amount?: number; items?: { line_item_id: string; quantity: number }[] }; value: number }>();
  return (
    <form
      class="panel"
      aria-labelledby="refund-title"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        if (mode === 'amount') {
          const minor = parseMoney(amount, order.currency);
          if (minor === undefined || minor < 1 || minor > left) return setError(new ApiFailure(`Enter an amount from ${money(1)} to ${money(left)}.`, 400, 'parameter_invalid'));
          const body = { reason: 'customer_request' as const, amount: minor };
          return setPending({ body, value: refundValue(order, body) });
        }
        const items = order.items.map((item) => ({ line_item_id: item.id, quantity: quantities[item.id] ?? 0 })).filter((item) => item.quantity > 0);
        if (items.length === 0) return setError(new ApiFailure('Choose the items coming back.', 400, 'parameter_missing'));
        const body = { reason: 'customer_request' as const, items };
        setPending({ body, value: refundValue(order, body) });
      }}
    >
      <h3 id="refund-title">Refund</h3>
      <p class="muted">{money(left)} left to refund.</p>
      <fieldset>
        <legend>Refund by</legend>
        <label class="option-choice">
          <input type="radio" name="register-refund-mode" checked={mode === 'items'} onChange={() => setMode('items')} /> Items
        </label>
        <label class="option-choice">
          <input type="radio" name="register-refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} /> Amount
        </label>
      </fieldset>
      {mode === 'items' ? (
        <ul class="refund-lines">
          {order.items.map((item) => {
            const remaining = item.quantity - item.refunded_quantity;
            const chosen = quantities[item.id] ?? 0;
            const set = (n: number) => setQuantities({ ...quantities, [item.id]: Math.max(0, Math.min(remaining, n)) });
            return (
              <li key={item.id}>
                <span>
                  {item.name} <span class="muted">({remaining} left)</span>
                </span>
                <div class="stepper" role="group" aria-label={`Units of ${item.name} coming back`}>
                  <button type="button" class="secondary" aria-label={`One less ${item.name} back`} disabled={chosen === 0} onClick={() => set(chosen - 1)}>
                    −
                  </button>
                  <span class="stepper-value" data-refund-quantity={item.name}>
                    {chosen}
                  </span>
                  <button type="button" class="secondary" aria-label={`One more ${item.name} back`} disabled={chosen >= remaining} onClick={() => set(chosen + 1)}>
                    +
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div class="field">
          <label for="register-refund-amount">Amount ({order.currency})</label>
          <input id="register-refund-amount" inputMode="decimal" autoComplete="off" placeholder={moneyInput(left, order.currency)} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
        </div>
      )}
      <ErrorAlert error={error} />
      <button type="submit" class="big">
        Refund…
      </button>
      <ConfirmDialog
        title={pending === undefined ? 'Refund' : `Refund ${money(pending.value)}?`}
        open={pending !== undefined}
        message={
          pending === undefined
            ? ''
            : `${money(pending.value)} goes back to the customer${order.payment_method === 'cash' ? ' in cash, from this register’s drawer' : ': to the card first, any rest in cash'}${pending.body.items === undefined ? '' : '; the items go back in stock'}. A refund cannot be undone.`
        }
        confirmLabel={pending === undefined ? 'Refund' : `Refund ${money(pending.value)}`}
        onConfirm={async () => {
          const drawerId = openDrawerId();
          await till.orders.refund(order.id, { ...pending!.body, ...(drawerId === undefined ? {} : { cash_drawer_id: drawerId }) });
          setQuantities({});
          setAmount('');
          props.reload();
        }}
        onClose={() => setPending(undefined)}
      />
    </form>
  );
}
