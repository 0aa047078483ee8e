/** One order: items, customer, payment, refunds, a timeline, and capture, cancel and refund in place. */
import { useEffect, useId, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, Dialog, ErrorAlert, Field, Loaded, StatusBadge, useResource } from '../components';
import { returnedGoods, returnedValue } from '../../../src/orders/money';
import { formatDateTime, formatModifier, formatMoney, moneyInput, parseMoney } from '../format';
import { Link } from '../router';

type Order = Schemas['Order'];
type AppliedDiscount = Schemas['AppliedDiscount'];

/** A discount in words: "10% off" or "$5.00 off", then its code and reason. */
function describeDiscount(discount: AppliedDiscount, currency: string): string {
  const what = discount.type === 'percentage' ? `${(discount.percentage_bps ?? 0) / 100}% off` : `${formatMoney(discount.amount, currency)} off`;
  return [what, discount.code === null ? undefined : `code ${discount.code}`, discount.reason ?? undefined].filter((part) => part !== undefined && part !== '').join(' · ');
}

const TEST_CARDS: [string, string][] = [
  ['tok_visa', 'Visa ending 4242 (succeeds)'],
  ['tok_mastercard', 'Mastercard ending 4444 (succeeds)'],
  ['tok_amex', 'American Express ending 0005 (succeeds)'],
  ['tok_chargeDeclined', 'Card declined (fails)'],
];

export function OrderPage(props: { id: string }) {
  const order = useResource(() => till.orders.retrieve(props.id), [props.id]);
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
  const discounted = order.discount_total > 0;
  // The footer's cells after the Total column: Discount (when shown) and Returned.
  const trailing = discounted ? (
    <>
      <td />
      <td />
    </>
  ) : (
    <td />
  );
  useEffect(() => {
    document.title = `Order #${order.number} · Till`;
  }, [order.number]);
  return (
    <>
      <div class="page-head">
        <h1>Order #{order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p class="mono" data-order-id={order.id}>
        {order.id}
      </p>
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
            <table class="cards items">
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
                  {discounted && (
                    <th scope="col" class="num">
                      Discount
                    </th>
                  )}
                  <th scope="col" class="num">
                    Returned
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id}>
                    <td data-label="Item">
                      {item.name}
                      {item.modifiers.length > 0 && (
                        <ul class="modifiers" aria-label={`${item.name} modifiers`}>
                          {item.modifiers.map((modifier) => (
                            <li key={modifier.option_id} title={modifier.group_name}>
                              {formatModifier(modifier, order.currency)}
                            </li>
                          ))}
                        </ul>
                      )}
                      {item.discount !== null && (
                        <span class="muted" data-line-discount>
                          <br />
                          {describeDiscount(item.discount, order.currency)}
                        </span>
                      )}
                    </td>
                    <td data-label="Quantity" class="num">{item.quantity}</td>
                    <td data-label="Unit price" class="num">{money(item.unit_price)}</td>
                    <td data-label="Total" class="num">{money(item.total)}</td>
                    {discounted && (
                      <td data-label="Discount" class="num">
                        {item.discount === null ? '' : money(-item.discount.amount)}
                      </td>
                    )}
                    <td data-label="Returned" class="num">{item.refunded_quantity}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {order.discounts.map((discount, i) => (
                  <tr key={i} data-order-discount>
                    <th scope="row" colSpan={3}>
                      Order discount: {describeDiscount(discount, order.currency)}
                    </th>
                    <td class="num">{money(-discount.amount)}</td>
                    {trailing}
                  </tr>
                ))}
                {discounted && (
                  <tr>
                    <th scope="row" colSpan={3}>
                      Discounts
                    </th>
                    <td class="num" data-figure="discount_total">
                      {money(-order.discount_total)}
                    </td>
                    {trailing}
                  </tr>
                )}
                <tr>
                  <th scope="row" colSpan={3}>
                    Subtotal
                  </th>
                  <td class="num" data-figure="subtotal">
                    {money(order.subtotal)}
                  </td>
                  {trailing}
                </tr>
                <tr>
                  <th scope="row" colSpan={3}>
                    Tax
                  </th>
                  <td class="num" data-figure="tax">
                    {money(order.tax)}
                  </td>
                  {trailing}
                </tr>
                {order.tip > 0 && (
                  <tr data-figure="tip">
                    <th scope="row" colSpan={3}>
                      Tip
                    </th>
                    <td class="num">{money(order.tip)}</td>
                    {trailing}
                  </tr>
                )}
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

      {order.payment !== null && order.status !== 'pending' && order.status !== 'canceled' && <ReceiptActions order={order} writable={writable} />}
      {writable && order.status === 'pending' && <EditQuantities key={order.updated_at} order={order} reload={reload} />}
      {writable && order.status === 'pending' && <PendingActions order={order} reload={reload} />}
      {writable && refundable && <RefundForm order={order} reload={reload} />}
    </>
  );
}

/**
 * The receipt of a paid order: its print view (80 mm), sent by e-mail (to the address asked for,
 * the customer's to begin with), or a link to its hosted page copied for the customer.
 */
function ReceiptActions(props: { order: Order; writable: boolean }) {
  const { order, writable } = props;
  const [mailing, setMailing] = useState(false);
  const [to, setTo] = useState('');
  const [mailFailure, setMailFailure] = useState<ApiFailure>();
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<ApiFailure>();
  const [shownLink, setShownLink] = useState<string>();
  return (
    <div class="panel" aria-label="Receipt" role="group">
      <h2>Receipt</h2>
      <div class="row-actions">
        <Link class="button secondary" href={`/dashboard/orders/${encodeURIComponent(order.id)}/receipt`}>
          Print receipt
        </Link>
        {writable && (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setTo(order.customer?.email ?? '');
              setMailFailure(undefined);
              setMailing(true);
            }}
          >
            E-mail receipt
          </button>
        )}
        {writable && (
          <button
            type="button"
            class="secondary"
            onClick={async () => {
              setFailure(undefined);
              setShownLink(undefined);
              setStatus('');
              try {
                const link = await till.orders.createReceiptLink(order.id);
                try {
                  await navigator.clipboard.writeText(link.url);
                  setStatus('Receipt link copied to the clipboard. Anyone with it can see the receipt.');
                } catch {
                  setShownLink(link.url);
                  setStatus('Copying was refused by the browser: the link is selected below, press Ctrl+C (⌘C on a Mac).');
                }
              } catch (error) {
                setFailure(asFailure(error));
              }
            }}
          >
            Copy receipt link
          </button>
        )}
      </div>
      {shownLink !== undefined && (
        <div class="field">
          <label for="receipt-link">Receipt link</label>
          <input id="receipt-link" class="mono" readOnly value={shownLink} ref={(input) => input?.select()} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <p role="status" class="hint" data-receipt-status>
        {status}
      </p>
      <ErrorAlert error={failure} />
      <Dialog title="E-mail the receipt" open={mailing} onClose={() => setMailing(false)}>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setSending(true);
            setMailFailure(undefined);
            try {
              const sent = await till.orders.sendReceiptEmail(order.id, { to: to.trim() });
              setStatus(`Receipt sent to ${sent.to}.`);
              setMailing(false);
            } catch (error) {
              setMailFailure(asFailure(error));
            } finally {
              setSending(false);
            }
          }}
        >
          <Field label="E-mail address" type="email" required autoComplete="off" value={to} onInput={setTo} hint="The receipt and a link to it online are sent there." />
          <ErrorAlert error={mailFailure} />
          <div class="actions">
            <button type="button" class="secondary" onClick={() => setMailing(false)}>
              Cancel
            </button>
            <button type="submit" disabled={sending}>
              Send receipt
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/**
 * A pending order's quantities, changed in place: Edit Order with the whole list of lines, each with
 * its product, modifiers and own discount as they are, so only the quantities change; the server
 * prices the lines again at the products' current prices, which the note says.
 */
function EditQuantities(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const [quantities, setQuantities] = useState(() => order.items.map((item) => String(item.quantity)));
  const [failure, setFailure] = useState<ApiFailure>();
  const [saving, setSaving] = useState(false);
  const changed = quantities.some((q, i) => q !== String(order.items[i]!.quantity));
  return (
    <form
      class="panel"
      aria-label="Change quantities"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setFailure(undefined);
        try {
          await till.orders.update(order.id, {
            items: order.items.map((item, i) => ({
              product_id: item.product_id,
              quantity: Number(quantities[i]),
              modifiers: item.modifiers.map((modifier) => ({ option_id: modifier.option_id })),
              discount:
                item.discount === null
                  ? null
                  : item.discount.type === 'percentage'
                    ? { type: 'percentage', percentage_bps: item.discount.percentage_bps ?? 0, reason: item.discount.reason }
                    : { type: 'amount', amount: item.discount.amount, reason: item.discount.reason },
            })),
          });
          reload();
        } catch (error) {
          setFailure(asFailure(error));
        } finally {
          setSaving(false);
        }
      }}
    >
      <h2>Change quantities</h2>
      <p class="muted">Saving prices every line again at its product's current price, and moves the stock.</p>
      <ErrorAlert error={failure} />
      <div class="inline-form">
        {order.items.map((item, i) => (
          <div class="field" key={item.id}>
            <label for={`quantity-${i}`}>{item.name}</label>
            <input
              id={`quantity-${i}`}
              type="number"
              min={1}
              max={10000}
              step={1}
              required
              value={quantities[i]}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setQuantities((current) => current.map((q, j) => (j === i ? value : q)));
              }}
            />
          </div>
        ))}
        <button type="submit" disabled={!changed || saving}>
          Save quantities
        </button>
      </div>
    </form>
  );
}

function PendingActions(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const { account } = useAccount();
  const [token, setToken] = useState('tok_visa');
  const [confirm, setConfirm] = useState<'capture' | 'cancel'>();
  // A tip in the shop's currency, as the customer gives it; at most the order's total (the API's cap).
  const [tipText, setTipText] = useState('');
  const [tipError, setTipError] = useState<ApiFailure>();
  const tip = tipText.trim() === '' ? 0 : parseMoney(tipText, order.currency);
  const card = order.payment_method === 'card';
  const total = formatMoney(order.total + (tip ?? 0), order.currency);
  // Live card payments are taken by the point-of-sale app with the processor's own card reader or
  // form; the dashboard has no card to charge, so it says what can be done here instead.
  const liveCard = card && account.environment === 'production';
  const testCard = TEST_CARDS.find(([value]) => value === token)?.[1] ?? token;
  return (
    <div class="panel">
      <h2>Take payment</h2>
      {liveCard && (
        <p class="note" data-note="live-card">
          Card payments in live mode are taken by your point-of-sale app. To try a card payment here, switch on <strong>Test mode</strong> and
          use a test card; to be paid in cash, create the order as a cash order.
        </p>
      )}
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (tip === undefined) return setTipError(new ApiFailure(`Enter the tip as an amount, like ${moneyInput(150, order.currency)}, or leave it blank.`, 400, 'parameter_invalid'));
          if (tip > order.total) return setTipError(new ApiFailure(`A tip is at most the order's total, ${formatMoney(order.total, order.currency)}.`, 400, 'parameter_invalid'));
          setTipError(undefined);
          setConfirm('capture');
        }}
      >
        {card && !liveCard && (
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
        {!liveCard && (
          <div class="field">
            <label for="capture-tip">Tip (optional)</label>
            <input id="capture-tip" inputMode="decimal" placeholder={moneyInput(0, order.currency)} value={tipText} onInput={(e) => setTipText(e.currentTarget.value)} />
          </div>
        )}
        {!liveCard && (
          <button type="submit">
            {card ? 'Capture payment' : 'Record cash payment'} of {total}
          </button>
        )}
        <button type="button" class="danger" onClick={() => setConfirm('cancel')}>
          Cancel order
        </button>
      </form>
      <ErrorAlert error={tipError} />
      <ConfirmDialog
        title={card ? `Charge ${total}?` : `Record ${total} in cash?`}
        open={confirm === 'capture'}
        tone="primary"
        message={
          (card ? `${testCard} is charged ${total} for this order` : `Record that the customer paid ${total} in cash for this order`) +
          (tip !== undefined && tip > 0 ? `, a tip of ${formatMoney(tip, order.currency)} included (not taxed).` : '.')
        }
        confirmLabel={card ? `Charge ${total}` : `Record ${total}`}
        onConfirm={async () => {
          const tipped = tip !== undefined && tip > 0 ? { tip: { amount: tip } } : {};
          await till.orders.capture(order.id, card ? { payment_token: token, ...tipped } : tipped);
          reload();
        }}
        onClose={() => setConfirm(undefined)}
      />
      <ConfirmDialog
        title="Cancel this order?"
        open={confirm === 'cancel'}
        message="The order is canceled and its reserved stock is released. This cannot be undone."
        confirmLabel="Cancel order"
        onConfirm={async () => {
          await till.orders.cancel(order.id);
          reload();
        }}
        onClose={() => setConfirm(undefined)}
      />
    </div>
  );
}

type RefundMode = 'amount' | 'items' | 'full';
type RefundBody = { reason: Schemas['RefundReason']; amount?: number; items?: { line_item_id: string; quantity: number }[] };

/**
 * What a refund request gives back, computed as the server does (the same money rules), so that the
 * confirmation states the exact amount: an amount as asked, returned items at their price pro-rated
 * with their discounts, with their share of the order's tax (everything left of the goods when every
 * unit comes back: never the tip), or everything left.
 */
export function refundValue(order: Order, body: RefundBody): number {
  const left = order.total - order.refunded_amount;
  if (body.amount !== undefined) return body.amount;
  if (body.items === undefined) return left;
  const goodsLeft = Math.max(0, left - order.tip);
  const everyUnitBack = order.items.every(
    (item) => item.quantity - item.refunded_quantity === (body.items!.find((returned) => returned.line_item_id === item.id)?.quantity ?? 0),
  );
  if (everyUnitBack) return goodsLeft;
  const linesNet = order.items.reduce((sum, item) => sum + item.total - item.discount_amount, 0);
  const value = body.items.reduce((sum, returned) => {
    const item = order.items.find((line) => line.id === returned.line_item_id)!;
    const goods = returnedGoods(item.total - item.discount_amount, item.quantity, item.refunded_quantity, returned.quantity);
    return sum + returnedValue(goods, order, linesNet);
  }, 0);
  return Math.min(value, goodsLeft);
}

function RefundForm(props: { order: Order; reload: () => void }) {
  const { order, reload } = props;
  const left = order.total - order.refunded_amount;
  const money = (amount: number) => formatMoney(amount, order.currency);
  // A partial amount is the first choice: refunding everything is one more deliberate click.
  const [mode, setMode] = useState<RefundMode>('amount');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<Schemas['RefundReason']>('customer_request');
  const [error, setError] = useState<ApiFailure>();
  const [pending, setPending] = useState<{ body: RefundBody; value: number }>();
  const errorId = useId();
  const range = `from ${money(1)} to ${money(left)}`;

  const body = (): RefundBody | string => {
    if (mode === 'full') return { reason };
    if (mode === 'amount') {
      const minor = parseMoney(amount, order.currency);
      if (minor === undefined) return `Enter the amount to refund in ${order.currency}, like ${moneyInput(Math.min(left, 1250), order.currency)}.`;
      if (minor < 1 || minor > left) return `Enter an amount ${range}, what is left to refund.`;
      return { amount: minor, reason };
    }
    const items = order.items
      .map((item) => ({ line_item_id: item.id, quantity: Number(quantities[item.id] ?? '0') }))
      .filter((item) => item.quantity > 0);
    return items.length === 0 ? 'Choose at least one item to refund.' : { items, reason };
  };

  /**
   * The API's refusal of an amount, said with amounts in the shop's currency rather than in minor
   * units, and from the order as it is now (another refund may have been made since the page loaded).
   */
  const explain = async (failure: unknown): Promise<ApiFailure> => {
    const apiFailure = asFailure(failure);
    if (apiFailure.code !== 'invalid_refund_amount' || !/amount/.test(apiFailure.message)) return apiFailure;
    const now = await till.orders.retrieve(order.id).catch(() => order);
    const leftNow = now.total - now.refunded_amount;
    const message =
      leftNow < 1
        ? 'Nothing is left to refund on this order.'
        : `The refund must be from ${money(1)} to ${money(leftNow)}, what is left to refund on this order now.`;
    return new ApiFailure(message, apiFailure.status, apiFailure.code);
  };

  return (
    <div class="panel">
      <h2>Refund</h2>
      <p class="muted">{money(left)} left to refund.</p>
      <form
        aria-describedby={error ? errorId : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          const request = body();
          if (typeof request === 'string') {
            setError(new ApiFailure(request, 400, 'parameter_invalid'));
            return;
          }
          setPending({ body: request, value: refundValue(order, request) });
        }}
      >
        <fieldset>
          <legend>What to refund</legend>
          {(
            [
              ['amount', 'An amount'],
              ['items', 'Chosen items'],
              ['full', `Everything left (${money(left)})`],
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
            <input
              id="refund-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={moneyInput(left, order.currency)}
              value={amount}
              onInput={(e) => setAmount(e.currentTarget.value)}
            />
          </div>
        )}
        {mode === 'items' && (
          <div class="item-quantities">
            {order.items.map((item) => {
              const remaining = item.quantity - item.refunded_quantity;
              return (
                <div class="field" key={item.id}>
                  <label for={`refund-${item.id}`}>
                    {item.name}
                    {item.modifiers.length > 0 && ` (${item.modifiers.map((m) => formatModifier(m, order.currency)).join(', ')})`}: units to refund (of {remaining} left)
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
        <button type="submit">Refund…</button>
      </form>
      <ErrorAlert error={error} id={errorId} />
      <ConfirmDialog
        title={pending === undefined ? 'Refund' : `Refund ${money(pending.value)}?`}
        open={pending !== undefined}
        message={
          pending === undefined
            ? ''
            : `${money(pending.value)} of this order's ${money(order.total)} goes back to the customer` +
              `${pending.body.items === undefined ? '' : ', and the returned units go back in stock'}. A refund cannot be undone.`
        }
        confirmLabel={pending === undefined ? 'Refund' : `Refund ${money(pending.value)}`}
        onConfirm={async () => {
          try {
            await till.orders.refund(order.id, pending!.body);
          } catch (failure) {
            throw await explain(failure);
          }
          setAmount('');
          setQuantities({});
          reload();
        }}
        onClose={() => setPending(undefined)}
      />
    </div>
  );
}
