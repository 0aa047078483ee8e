/** One order: items, customer, payment, refunds, a timeline, and capture, cancel and refund in place. */
import { useId, useState } from 'preact/hooks';
import { api, call, ApiFailure, type Schemas } from '../api/client';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, ErrorAlert, Loaded, StatusBadge, useResource } from '../components';
import { formatDateTime, formatMoney, parseMoney } from '../format';
import { Link } from '../router';

type Order = Schemas['Order'];

const TEST_CARDS: [string, string][] = [
  ['tok_visa', 'Visa ending 4242 (succeeds)'],
  ['tok_mastercard', 'Mastercard ending 4444 (succeeds)'],
  ['tok_amex', 'American Express ending 0005 (succeeds)'],
  ['tok_chargeDeclined', 'Card declined (fails)'],
];

export function OrderPage(props: { id: string }) {
  const order = useResource(() => call(api.GET('/v1/orders/{id}', { params: { path: { id: props.id } } })), [props.id]);
  return (
    <section>
      <p class="crumbs">
        <Link href="/dashboard/orders">Orders</Link>
      </p>
      <Loaded resource={order}>{(data) => <OrderView order={data} reload={order.reload} />}</Loaded>
    </section>
  );
}

function timeline(order: Order): [string, string][] {
  const entries: [string, string][] = [[order.created_at, 'Order created']];
  if (order.payment) entries.push([order.payment.paid_at, `Paid by ${order.payment.method}${order.payment.card_last4 ? ` ending ${order.payment.card_last4}` : ''}`]);
  for (const refund of order.refunds) entries.push([refund.created_at, `Refunded ${formatMoney(refund.amount, refund.currency)}`]);
  if (order.status === 'canceled') entries.push([order.updated_at, 'Order canceled']);
  return entries.sort((a, b) => a[0].localeCompare(b[0]));
}

function OrderView(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const { account } = useAccount();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const writable = can(account, 'orders:write');
  const refundable = order.status === 'paid' || order.status === 'partially_refunded';
  return (
    <>
      <div class="page-head">
        <h1>
          Order <span class="mono">{order.id}</span>
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <dl class="figures">
        <div>
          <dt>Total</dt>
          <dd data-figure="total">{money(order.total)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-figure="refunded">{money(order.refunded_amount)}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd data-figure="net">{money(order.total - order.refunded_amount)}</dd>
        </div>
      </dl>

      <div class="columns">
        <div>
          <h2>Items</h2>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" class="num">
                    Quantity
                  </th>
                  <th scope="col" class="num">
                    Unit price
                  </th>
                  <th scope="col" class="num">
                    Total
                  </th>
                  <th scope="col" class="num">
                    Returned
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.name}</td>
                    <td class="num">{item.quantity}</td>
                    <td class="num">{money(item.unit_price)}</td>
                    <td class="num">{money(item.total)}</td>
                    <td class="num">{item.refunded_quantity}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Subtotal
                  </th>
                  <td class="num">{money(order.subtotal)}</td>
                  <td />
                </tr>
                <tr>
                  <th scope="row" colSpan={3}>
                    Tax
                  </th>
                  <td class="num">{money(order.tax)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>

          <h2>Refunds</h2>
          {order.refunds.length === 0 ? (
            <p class="muted">No refunds.</p>
          ) : (
            <ul class="refunds">
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  <strong>{money(refund.amount)}</strong> · {refund.reason.replace('_', ' ')} · {formatDateTime(refund.created_at)}
                  {refund.items.length > 0 && ` · ${refund.items.reduce((n, i) => n + i.quantity, 0)} unit(s) returned`}
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <h2>Customer</h2>
          {order.customer ? (
            <p>
              <Link href={`/dashboard/customers/${order.customer.id}`}>{order.customer.name}</Link>
              <br />
              <span class="muted">{order.customer.email ?? 'No e-mail'}</span>
            </p>
          ) : (
            <p class="muted">Walk-in order (no customer).</p>
          )}
          <h2>Payment</h2>
          {order.payment ? (
            <p>
              {order.payment.method === 'card' ? `Card ending ${order.payment.card_last4}` : 'Cash'}
              <br />
              <span class="muted">Paid {formatDateTime(order.payment.paid_at)}</span>
            </p>
          ) : (
            <p class="muted">Not paid ({order.payment_method}).</p>
          )}
          <h2>Timeline</h2>
          <ol class="timeline">
            {timeline(order).map(([at, what]) => (
              <li key={`${at}${what}`}>
                <span>{what}</span> <time dateTime={at}>{formatDateTime(at)}</time>
              </li>
            ))}
          </ol>
        </div>
      </div>

      {writable && order.status === 'pending' && <PendingActions order={order} reload={reload} />}
      {writable && refundable && <RefundForm order={order} reload={reload} />}
    </>
  );
}

function PendingActions(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const { account } = useAccount();
  const [token, setToken] = useState(account.environment === 'sandbox' ? 'tok_visa' : '');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const errorId = useId();
  const card = order.payment_method === 'card';
  return (
    <div class="panel">
      <h2>Take payment</h2>
      <form
        class="inline-form"
        aria-describedby={error ? errorId : undefined}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          try {
            await call(api.POST('/v1/orders/{id}/capture', { params: { path: { id: order.id } }, body: card ? { payment_token: token } : {} }));
            reload();
          } catch (failure) {
            setError(asFailure(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        {card && account.environment === 'sandbox' && (
          <div class="field">
            <label for="capture-token">Test card</label>
            <select id="capture-token" value={token} onChange={(e) => setToken(e.currentTarget.value)}>
              {TEST_CARDS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        )}
        {card && account.environment === 'production' && (
          <div class="field">
            <label for="capture-token">Payment token</label>
            <input id="capture-token" required value={token} onInput={(e) => setToken(e.currentTarget.value)} />
          </div>
        )}
        <button type="submit" disabled={busy}>
          {card ? 'Capture payment' : 'Record cash payment'}
        </button>
        <button type="button" class="danger" onClick={() => setConfirmCancel(true)}>
          Cancel order
        </button>
      </form>
      <ErrorAlert error={error} id={errorId} />
      <ConfirmDialog
        title="Cancel this order?"
        open={confirmCancel}
        message="The order is canceled and its reserved stock is released. This cannot be undone."
        confirmLabel="Cancel order"
        onConfirm={async () => {
          await call(api.POST('/v1/orders/{id}/cancel', { params: { path: { id: order.id } } }));
          reload();
        }}
        onClose={() => setConfirmCancel(false)}
      />
    </div>
  );
}

type RefundMode = 'full' | 'amount' | 'items';

function RefundForm(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const left = order.total - order.refunded_amount;
  const [mode, setMode] = useState<RefundMode>('full');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<Schemas['RefundReason']>('customer_request');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const body = (): Record<string, unknown> | string => {
    if (mode === 'full') return { reason };
    if (mode === 'amount') {
      const minor = parseMoney(amount, order.currency);
      return minor === undefined ? 'Enter the amount to refund, like 12.50.' : { amount: minor, reason };
    }
    const items = order.items
      .map((item) => ({ line_item_id: item.id, quantity: Number(quantities[item.id] ?? '0') }))
      .filter((item) => item.quantity > 0);
    return items.length === 0 ? 'Choose at least one item to refund.' : { items, reason };
  };

  return (
    <div class="panel">
      <h2>Refund</h2>
      <p class="muted">{formatMoney(left, order.currency)} left to refund.</p>
      <form
        aria-describedby={error ? errorId : undefined}
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          const request = body();
          if (typeof request === 'string') {
            setError(new ApiFailure(request, 400, 'parameter_missing'));
            return;
          }
          setBusy(true);
          try {
            await call(api.POST('/v1/orders/{id}/refund', { params: { path: { id: order.id } }, body: request as never }));
            setAmount('');
            setQuantities({});
            reload();
          } catch (failure) {
            setError(asFailure(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <fieldset>
          <legend>What to refund</legend>
          {(
            [
              ['full', `Everything left (${formatMoney(left, order.currency)})`],
              ['amount', 'An amount'],
              ['items', 'Chosen items'],
            ] as [RefundMode, string][]
          ).map(([value, text]) => (
            <label class="choice" key={value}>
              <input type="radio" name="refund-mode" value={value} checked={mode === value} onChange={() => setMode(value)} /> {text}
            </label>
          ))}
        </fieldset>
        {mode === 'amount' && (
          <div class="field">
            <label for="refund-amount">Amount to refund ({order.currency})</label>
            <input id="refund-amount" inputMode="decimal" autoComplete="off" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
          </div>
        )}
        {mode === 'items' && (
          <div class="item-quantities">
            {order.items.map((item) => {
              const remaining = item.quantity - item.refunded_quantity;
              return (
                <div class="field" key={item.id}>
                  <label for={`refund-${item.id}`}>
                    {item.name}: units to refund (of {remaining} left)
                  </label>
                  <input
                    id={`refund-${item.id}`}
                    type="number"
                    min={0}
                    max={remaining}
                    value={quantities[item.id] ?? '0'}
                    onInput={(e) => setQuantities({ ...quantities, [item.id]: e.currentTarget.value })}
                  />
                </div>
              );
            })}
          </div>
        )}
        <div class="field">
          <label for="refund-reason">Reason</label>
          <select id="refund-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value as Schemas['RefundReason'])}>
            <option value="customer_request">Customer request</option>
            <option value="duplicate">Duplicate</option>
            <option value="fraudulent">Fraudulent</option>
            <option value="other">Other</option>
          </select>
        </div>
        <button type="submit" disabled={busy}>
          Refund
        </button>
      </form>
      <ErrorAlert error={error} id={errorId} />
    </div>
  );
}
