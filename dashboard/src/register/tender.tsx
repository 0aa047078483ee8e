/**
 * Tendering a sale's order, with Till's own figures (the order is made by then): cash (the amount
 * handed over, by keypad or typed, quick buttons for the next round amounts, the change in large
 * type), card (a tip, then the card reader), split (a cash part, then the card for the rest), and the
 * done screen.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, Dialog, ErrorAlert, Field } from '../components';
import { formatMoney, minorUnitDigits, moneyInput, parseMoney } from '../format';
import { Link } from '../router';
import { tipOf } from '../../../src/orders/money';
import type { SaleCapture, Tip } from './sale';

type Order = Schemas['Order'];

/** The sandbox's test cards (Capture Order's `payment_token`), as the card reader screen offers them. */
export const TEST_CARDS: { token: string; label: string }[] = [
  { token: 'tok_visa', label: 'Visa •••• 4242' },
  { token: 'tok_mastercard', label: 'Mastercard •••• 4444' },
  { token: 'tok_amex', label: 'American Express •••• 0005' },
  { token: 'tok_chargeDeclined', label: 'A declined card' },
];

const TIP_RATES = [1000, 1500, 2000];

/**
 * The amounts a customer is likely to hand over for `total`: the exact amount, then the next whole 1,
 * 5, 10, 20 and 50 of the currency's major unit at or above it, each once.
 */
export function quickAmounts(total: number, currency: string): number[] {
  const unit = 10 ** minorUnitDigits(currency);
  const amounts = [total];
  for (const step of [1, 5, 10, 20, 50]) {
    const size = step * unit;
    const next = Math.ceil(total / size) * size;
    if (!amounts.includes(next)) amounts.push(next);
  }
  return amounts;
}

/** A screen's heading, which takes the focus when the screen opens (keyboard and screen reader users start there). */
function ScreenTitle(props: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <h2 ref={ref} tabIndex={-1} class="tender-title">
      {props.children}
    </h2>
  );
}

/** The order's figures as Till worked them out. */
export function OrderFigures(props: { order: Order; tip?: number }) {
  const { order } = props;
  return (
    <SaleFigures currency={order.currency} number={order.number} discountTotal={order.discount_total} subtotal={order.subtotal} tax={order.tax} tip={props.tip ?? order.tip} />
  );
}

/** A sale's figures: its number when it has one, discounts, subtotal, tax, tip, and the total they make. */
export function SaleFigures(props: { currency: string; number?: number; discountTotal: number; subtotal: number; tax: number; tip: number }) {
  const { discountTotal, subtotal, tax, tip } = props;
  const money = (amount: number) => formatMoney(amount, props.currency);
  return (
    <dl class="order-figures">
      {props.number !== undefined && (
        <div>
          <dt>Order</dt>
          <dd>#{props.number}</dd>
        </div>
      )}
      {discountTotal > 0 && (
        <div>
          <dt>Discounts</dt>
          <dd data-figure="discounts">{money(-discountTotal)}</dd>
        </div>
      )}
      <div>
        <dt>Subtotal</dt>
        <dd data-figure="subtotal">{money(subtotal)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd data-figure="tax">{money(tax)}</dd>
      </div>
      {tip > 0 && (
        <div>
          <dt>Tip</dt>
          <dd data-figure="tip">{money(tip)}</dd>
        </div>
      )}
      <div class="grand">
        <dt>Total</dt>
        <dd data-figure="total">{money(subtotal + tax + tip)}</dd>
      </div>
    </dl>
  );
}

/** Digits, the decimal point and a correction key for an amount typed by touch. */
export function Keypad(props: { value: string; currency: string; onChange: (value: string) => void; label: string }) {
  const decimals = minorUnitDigits(props.currency) > 0;
  const press = (key: string) => {
    const value = props.value;
    if (key === 'back') return props.onChange(value.slice(0, -1));
    if (key === 'clear') return props.onChange('');
    if (key === '.' && (!decimals || value.includes('.'))) return;
    const next = value === '0' && key !== '.' ? key : value + key;
    props.onChange(next === '.' ? '0.' : next);
  };
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', decimals ? '.' : '00', '0', 'back'];
  return (
    <div class="keypad" role="group" aria-label={props.label}>
      {keys.map((key) => (
        <button type="button" class="secondary" key={key} aria-label={key === 'back' ? 'Delete the last digit' : undefined} onClick={() => press(key)}>
          {key === 'back' ? '⌫' : key}
        </button>
      ))}
      <button type="button" class="secondary keypad-clear" onClick={() => press('clear')}>
        Clear
      </button>
    </div>
  );
}

/**
 * The cash handed over for `total`: quick amounts (the exact sum first), the amount typed or keyed in,
 * and the change it gives or what is still due. The cash screens online and offline share it.
 */
export function CashGivenFields(props: { total: number; currency: string; text: string; onText: (text: string) => void }) {
  const { total, currency, text, onText } = props;
  const money = (amount: number) => formatMoney(amount, currency);
  const given = text.trim() === '' ? undefined : parseMoney(text, currency);
  return (
    <>
      <div class="quick-amounts" role="group" aria-label="Cash handed over">
        {quickAmounts(total, currency).map((amount, i) => (
          <button type="button" class="secondary big" key={amount} onClick={() => onText(moneyInput(amount, currency))}>
            {i === 0 ? `Exact ${money(amount)}` : money(amount)}
          </button>
        ))}
      </div>
      <div class="field">
        <label for="cash-given">Cash given ({currency})</label>
        <input id="cash-given" class="amount-input" inputMode="decimal" autoComplete="off" value={text} onInput={(e) => onText(e.currentTarget.value)} />
      </div>
      <Keypad value={text} currency={currency} onChange={onText} label="Keypad for the cash given" />
      <p class="change" role="status" aria-live="polite">
        {given !== undefined && given >= total ? (
          <>
            Change <strong data-change>{money(given - total)}</strong>
          </>
        ) : given !== undefined ? (
          <>Still due {money(total - given)}</>
        ) : (
          ''
        )}
      </p>
    </>
  );
}

export function CashScreen(props: { order: Order; onCapture: (body: SaleCapture) => Promise<unknown>; onBack: () => void }) {
  const { order } = props;
  const currency = order.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const [text, setText] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const given = text.trim() === '' ? undefined : parseMoney(text, currency);
  const enough = given !== undefined && given >= order.total;
  return (
    <div class="tender-screen">
      <ScreenTitle>Cash</ScreenTitle>
      <p class="due">
        Due <strong data-due>{money(order.total)}</strong>
      </p>
      <OrderFigures order={order} />
      <form
        class="cash-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (given === undefined) return setError(new ApiFailure(`Enter the cash handed over, like ${moneyInput(order.total, currency)}.`, 400, 'parameter_invalid'));
          if (!enough) return setError(new ApiFailure(`The cash handed over is less than the ${money(order.total)} due.`, 400, 'parameter_invalid'));
          setBusy(true);
          setError(undefined);
          try {
            await props.onCapture({ cash_given: given });
          } catch (failure) {
            setError(asFailure(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <CashGivenFields total={order.total} currency={currency} text={text} onText={setText} />
        <ErrorAlert error={error} />
        <div class="tender-actions">
          <button type="button" class="secondary big" onClick={props.onBack}>
            Back to cart
          </button>
          <button type="submit" class="big" disabled={busy || !enough}>
            Take cash
          </button>
        </div>
      </form>
    </div>
  );
}

export function TipScreen(props: { order: Order; onTip: (tip: Tip | null) => void; onBack: () => void }) {
  const { order } = props;
  const currency = order.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string>();
  return (
    <div class="tender-screen">
      <ScreenTitle>Add a tip?</ScreenTitle>
      <p class="due">
        Total <strong data-due>{money(order.total)}</strong>
      </p>
      <div class="tip-choices" role="group" aria-label="Tip">
        <button type="button" class="secondary big" onClick={() => props.onTip(null)}>
          No tip
        </button>
        {TIP_RATES.map((bps) => (
          <button type="button" class="secondary big" key={bps} onClick={() => props.onTip({ percentage_bps: bps })}>
            {bps / 100}% <span class="muted">{money(tipOf(order.total, bps))}</span>
          </button>
        ))}
      </div>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const amount = parseMoney(custom, currency);
          if (amount === undefined || amount < 1) return setProblem(`Enter the tip as an amount, like ${moneyInput(150, currency)}.`);
          if (amount > order.total) return setProblem(`A tip is at most the order's total, ${money(order.total)}.`);
          props.onTip({ amount });
        }}
      >
        <div class="field">
          <label for="tip-custom">Custom tip ({currency})</label>
          <input id="tip-custom" inputMode="decimal" autoComplete="off" value={custom} onInput={(e) => setCustom(e.currentTarget.value)} />
        </div>
        <button type="submit" class="big">
          Add tip
        </button>
      </form>
      {problem !== undefined && (
        <p class="field-problem" role="alert">
          {problem}
        </p>
      )}
      <div class="tender-actions">
        <button type="button" class="secondary big" onClick={props.onBack}>
          Back to cart
        </button>
      </div>
    </div>
  );
}

/** The tip's money: a percentage as the server rounds it. */
export function tipAmount(order: Order, tip: Tip | null): number {
  if (tip === null) return 0;
  return 'amount' in tip ? tip.amount : tipOf(order.total, tip.percentage_bps);
}

/**
 * The card reader. In the sandbox it offers the test cards; in live mode the card would come from a
 * card terminal's SDK, which the dashboard has none of: it says so, and cash stays available.
 */
export function CardScreen(props: {
  order: Order;
  tip: Tip | null;
  split: { cashAmount: number; cashGiven: number } | null;
  sandbox: boolean;
  onCapture: (body: SaleCapture) => Promise<unknown>;
  onBack: () => void;
}) {
  const { order, tip, split } = props;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState<string>();
  const tipped = tipAmount(order, tip);
  const charge = order.total + tipped - (split?.cashAmount ?? 0);
  const pay = async (token: string) => {
    setBusy(token);
    setError(undefined);
    try {
      await props.onCapture({
        payment_token: token,
        ...(tip === null ? {} : { tip }),
        ...(split === null ? {} : { cash_amount: split.cashAmount, cash_given: split.cashGiven }),
      });
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div class="tender-screen">
      <ScreenTitle>Card</ScreenTitle>
      <OrderFigures order={order} tip={tipped} />
      {split !== null && (
        <p class="split-note">
          {money(split.cashAmount)} in cash (given {money(split.cashGiven)}, change {money(split.cashGiven - split.cashAmount)}), the rest by card.
        </p>
      )}
      <div class="reader" aria-live="polite">
        <p class="reader-amount" data-charge>
          {money(charge)}
        </p>
        <p class="reader-prompt">{props.sandbox ? 'Tap, insert or swipe a card' : 'No card terminal'}</p>
      </div>
      {props.sandbox ? (
        <div class="test-cards" role="group" aria-label="Test cards">
          <p class="muted small">Test mode: choose a test card to pay with. Nothing is charged.</p>
          {TEST_CARDS.map((card) => (
            <button type="button" class="secondary big" key={card.token} disabled={busy !== undefined} aria-busy={busy === card.token} onClick={() => void pay(card.token)}>
              {card.label}
            </button>
          ))}
        </div>
      ) : (
        <p class="note" data-note="card-terminal">
          Card-present payments need a card terminal: in live mode the card comes from the payment processor's reader (a configured Stripe terminal), which this
          register does not have. Take the payment in cash, or switch on Test mode to try the card flow.
        </p>
      )}
      <ErrorAlert error={error} />
      <div class="tender-actions">
        <button type="button" class="secondary big" onClick={props.onBack}>
          Back to cart
        </button>
      </div>
    </div>
  );
}

/** A split tender: the part paid in cash (and the cash handed over for it), then the card for the rest. */
export function SplitScreen(props: { order: Order; onSplit: (cashAmount: number, cashGiven: number) => void; onBack: () => void }) {
  const { order } = props;
  const currency = order.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const [cashText, setCashText] = useState('');
  const [givenText, setGivenText] = useState('');
  const [problem, setProblem] = useState<string>();
  const cash = parseMoney(cashText, currency);
  const given = givenText.trim() === '' ? cash : parseMoney(givenText, currency);
  const valid = cash !== undefined && cash >= 1 && cash < order.total;
  return (
    <div class="tender-screen">
      <ScreenTitle>Split cash + card</ScreenTitle>
      <p class="due">
        Total <strong data-due>{money(order.total)}</strong>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return setProblem(`Enter the cash part, from ${money(1)} to ${money(order.total - 1)}.`);
          if (given === undefined || given < cash) return setProblem(`The cash given is less than the cash part, ${money(cash)}.`);
          props.onSplit(cash, given);
        }}
      >
        <div class="field">
          <label for="split-cash">Cash part ({currency})</label>
          <input id="split-cash" class="amount-input" inputMode="decimal" autoComplete="off" value={cashText} onInput={(e) => setCashText(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="split-given">Cash given ({currency})</label>
          <input
            id="split-given"
            class="amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={cash === undefined ? '' : moneyInput(cash, currency)}
            value={givenText}
            onInput={(e) => setGivenText(e.currentTarget.value)}
          />
          <p class="hint">Leave empty when the customer gives the cash part exactly.</p>
        </div>
        <p class="change" role="status" aria-live="polite">
          {valid && (
            <>
              Card pays <strong data-card-part>{money(order.total - cash)}</strong>
              {given !== undefined && given > cash && (
                <>
                  {' '}
                  · change <strong data-change>{money(given - cash)}</strong>
                </>
              )}
            </>
          )}
        </p>
        {problem !== undefined && (
          <p class="field-problem" role="alert">
            {problem}
          </p>
        )}
        <div class="tender-actions">
          <button type="button" class="secondary big" onClick={props.onBack}>
            Back to cart
          </button>
          <button type="submit" class="big">
            Card for the rest
          </button>
        </div>
      </form>
    </div>
  );
}

export function DoneScreen(props: { order: Order; onNewSale: () => void }) {
  const { order } = props;
  const { account } = useAccount();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const payment = order.payment;
  const change = payment?.change_due ?? null;
  const newSale = useRef<HTMLButtonElement>(null);
  const [mailing, setMailing] = useState(false);
  const [sent, setSent] = useState('');
  useEffect(() => newSale.current?.focus({ preventScroll: true }), []);
  return (
    <div class="tender-screen done">
      <h2 class="tender-title">Paid</h2>
      <p class="due">
        <strong data-paid>{money(order.total)}</strong>{' '}
        {payment?.method === 'card'
          ? payment.cash_amount > 0
            ? `· ${money(payment.cash_amount)} cash, ${money(payment.card_amount)} by card${payment.card_last4 ? ` ending ${payment.card_last4}` : ''}`
            : `· card${payment.card_last4 ? ` ending ${payment.card_last4}` : ''}`
          : '· cash'}
      </p>
      {change !== null && (
        <p class="change-due" role="status">
          Change due <strong data-change-due>{money(change)}</strong>
        </p>
      )}
      <p>
        <Link href={`/dashboard/orders/${order.id}`}>Order #{order.number}</Link>
      </p>
      <p role="status" class="hint" data-receipt-status>
        {sent}
      </p>
      <div class="tender-actions">
        <a class="button secondary big" href={`/dashboard/orders/${order.id}/receipt`} target="_blank" rel="noopener">
          Print receipt
        </a>
        {can(account, 'orders:write') && (
          <button type="button" class="secondary big" onClick={() => setMailing(true)}>
            E-mail receipt
          </button>
        )}
        <button type="button" class="big" ref={newSale} onClick={props.onNewSale}>
          New sale
        </button>
      </div>
      <Dialog title="E-mail the receipt" open={mailing} onClose={() => setMailing(false)}>
        <ReceiptEmailForm
          order={order}
          onSent={(to) => {
            setSent(`Receipt sent to ${to}.`);
            setMailing(false);
          }}
          onCancel={() => setMailing(false)}
        />
      </Dialog>
    </div>
  );
}

/** The address the receipt goes to: the customer's e-mail at first. */
function ReceiptEmailForm(props: { order: Order; onSent: (to: string) => void; onCancel: () => void }) {
  const [to, setTo] = useState(props.order.customer?.email ?? '');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          props.onSent((await till.orders.sendReceiptEmail(props.order.id, { to: to.trim() })).to);
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="E-mail address" id="receipt-to" type="email" required autoComplete="off" value={to} onInput={setTo} hint="The receipt and a link to it online are sent there." />
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary big" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="big" disabled={busy}>
          Send receipt
        </button>
      </div>
    </form>
  );
}
