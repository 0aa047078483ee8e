/**
 * The cash drawer of this register: opened with a float, cash paid in and out with a reason, and
 * closed by counting it, which shows what was expected, what was counted and the difference (over or
 * short). The figures are the API's (`/v1/cash_drawers`): expected cash is the float, plus cash
 * sales, less cash refunds, plus paid in, less paid out.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, Dialog, ErrorAlert } from '../components';
import { formatDateTime, formatMoney, moneyInput, parseMoney } from '../format';
import { drawerChanged, drawerState, findOpenDrawer, loadDrawer } from './drawer-state';
import { useStore } from './store';

type CashDrawer = Schemas['CashDrawer'];

/** "Over $1.00", "Short $2.50" or "Even". */
export function overShort(amount: number, currency: string): string {
  if (amount === 0) return 'Even';
  return `${amount > 0 ? 'Over' : 'Short'} ${formatMoney(Math.abs(amount), currency)}`;
}

function OpenDrawerForm(props: { register: string; scope: string; onOpened: (drawer: CashDrawer) => void; onCancel?: () => void }) {
  const { account } = useAccount();
  const currency = account.currency;
  const [float, setFloat] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const amount = float.trim() === '' ? undefined : parseMoney(float, currency);
        if (amount === undefined) return setError(new ApiFailure(`Enter the float, the cash in the drawer now, like ${moneyInput(10000, currency)}.`, 400, 'parameter_invalid'));
        setBusy(true);
        setError(undefined);
        try {
          const drawer = await till.cashDrawers.open({ register: props.register, opening_float: amount, ...(note.trim() === '' ? {} : { note: note.trim() }) });
          drawerChanged(drawer);
          props.onOpened(drawer);
        } catch (failure) {
          const refused = asFailure(failure);
          if (refused.code === 'cash_drawer_already_open') {
            // Opened from another device meanwhile: that drawer is this register's.
            const open = await findOpenDrawer(props.register).catch(() => undefined);
            if (open !== undefined) {
              drawerChanged(open);
              return props.onOpened(open);
            }
          }
          setError(refused);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div class="field">
        <label for="drawer-float">Opening float ({currency})</label>
        <input id="drawer-float" class="amount-input" inputMode="decimal" autoComplete="off" value={float} onInput={(e) => setFloat(e.currentTarget.value)} />
        <p class="hint">The cash in the drawer before the first sale.</p>
      </div>
      <div class="field">
        <label for="drawer-open-note">Note (optional)</label>
        <input id="drawer-open-note" maxLength={500} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      </div>
      <ErrorAlert error={error} />
      <div class="actions">
        {props.onCancel !== undefined && (
          <button type="button" class="secondary big" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" class="big" disabled={busy}>
          Open drawer
        </button>
      </div>
    </form>
  );
}

/** Asks for the drawer to be opened (before a cash sale when none is). */
export function OpenDrawerDialog(props: { open: boolean; register: string; scope: string; reason: string; onOpened: () => void; onClose: () => void }) {
  return (
    <Dialog title={`Open the drawer of ${props.register}`} open={props.open} onClose={props.onClose}>
      <p>{props.reason}</p>
      <OpenDrawerForm register={props.register} scope={props.scope} onOpened={props.onOpened} onCancel={props.onClose} />
    </Dialog>
  );
}

export function DrawerScreen(props: { register: string; scope: string }) {
  const { account } = useAccount();
  const state = useStore(drawerState);
  const [closed, setClosed] = useState<CashDrawer>();
  // The figures move with every sale: read them again each time the screen opens.
  useEffect(() => void loadDrawer(props.register, props.scope, { force: true }), [props.register, props.scope]);
  const writable = can(account, 'cash_drawers:write');
  return (
    <section class="drawer-screen" aria-labelledby="drawer-title">
      <h2 id="drawer-title">Drawer of {props.register}</h2>
      {closed !== undefined && <ClosedSummary drawer={closed} />}
      {state === null || state.status === 'loading' ? (
        <p class="muted" aria-live="polite">
          Loading…
        </p>
      ) : state.status === 'error' ? (
        <ErrorAlert error={state.error} retry={() => void loadDrawer(props.register, props.scope, { force: true })} />
      ) : state.status === 'none' ? (
        <div class="panel">
          <h3>No drawer is open</h3>
          {writable ? (
            <OpenDrawerForm register={props.register} scope={props.scope} onOpened={() => setClosed(undefined)} />
          ) : (
            <p class="muted">Your role may not open a drawer.</p>
          )}
        </div>
      ) : (
        <OpenDrawer drawer={state.drawer} writable={writable} onClosed={setClosed} />
      )}
    </section>
  );
}

function DrawerFigures(props: { drawer: CashDrawer }) {
  const { drawer } = props;
  const money = (amount: number) => formatMoney(amount, drawer.currency);
  const rows: [string, string, number][] = [
    ['opening_float', 'Opening float', drawer.opening_float],
    ['cash_sales', 'Cash sales', drawer.cash_sales],
    ['cash_refunds', 'Cash refunds', -drawer.cash_refunds],
    ['paid_in', 'Paid in', drawer.paid_in],
    ['paid_out', 'Paid out', -drawer.paid_out],
  ];
  return (
    <dl class="drawer-figures">
      {rows.map(([key, label, amount]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-figure={key}>{money(amount)}</dd>
        </div>
      ))}
      <div class="grand">
        <dt>Expected in the drawer</dt>
        <dd data-figure="expected_cash">{money(drawer.expected_cash)}</dd>
      </div>
    </dl>
  );
}

function OpenDrawer(props: { drawer: CashDrawer; writable: boolean; onClosed: (drawer: CashDrawer) => void }) {
  const { drawer } = props;
  const money = (amount: number) => formatMoney(amount, drawer.currency);
  return (
    <>
      <p class="muted">
        Open since {formatDateTime(drawer.opened_at)}
        {drawer.opened_by === null ? '' : ` by ${drawer.opened_by.email}`}.
      </p>
      <DrawerFigures drawer={drawer} />
      {drawer.movements.length > 0 && (
        <>
          <h3>Paid in and out</h3>
          <ul class="movements">
            {drawer.movements.map((movement) => (
              <li key={movement.id}>
                <strong>{movement.type === 'paid_in' ? 'In' : 'Out'} {money(movement.amount)}</strong> · {movement.reason} · {formatDateTime(movement.created_at)}
              </li>
            ))}
          </ul>
        </>
      )}
      {props.writable && (
        <div class="drawer-forms">
          <MovementForm drawer={drawer} />
          <CloseForm drawer={drawer} onClosed={props.onClosed} />
        </div>
      )}
    </>
  );
}

function MovementForm(props: { drawer: CashDrawer }) {
  const { drawer } = props;
  const [type, setType] = useState<'paid_in' | 'paid_out'>('paid_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="panel"
      aria-labelledby="movement-title"
      onSubmit={async (event) => {
        event.preventDefault();
        const minor = parseMoney(amount, drawer.currency);
        if (minor === undefined || minor < 1) return setError(new ApiFailure(`Enter the amount, like ${moneyInput(500, drawer.currency)}.`, 400, 'parameter_invalid'));
        if (reason.trim() === '') return setError(new ApiFailure('Say why the cash goes in or out.', 400, 'parameter_missing'));
        setBusy(true);
        setError(undefined);
        try {
          drawerChanged(await till.cashDrawers.createMovement(drawer.id, { type, amount: minor, reason: reason.trim() }));
          setDone(`${type === 'paid_in' ? 'Paid in' : 'Paid out'} ${formatMoney(minor, drawer.currency)}.`);
          setAmount('');
          setReason('');
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 id="movement-title">Pay in or out</h3>
      <fieldset>
        <legend>Cash</legend>
        <label class="option-choice">
          <input type="radio" name="movement-type" checked={type === 'paid_in'} onChange={() => setType('paid_in')} /> Paid in
        </label>
        <label class="option-choice">
          <input type="radio" name="movement-type" checked={type === 'paid_out'} onChange={() => setType('paid_out')} /> Paid out
        </label>
      </fieldset>
      <div class="field">
        <label for="movement-amount">Amount ({drawer.currency})</label>
        <input id="movement-amount" inputMode="decimal" autoComplete="off" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="movement-reason">Reason</label>
        <input id="movement-reason" maxLength={200} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      <ErrorAlert error={error} />
      <p role="status" class="hint">
        {done}
      </p>
      <button type="submit" class="big" disabled={busy}>
        Record
      </button>
    </form>
  );
}

function CloseForm(props: { drawer: CashDrawer; onClosed: (drawer: CashDrawer) => void }) {
  const { drawer } = props;
  const money = (amount: number) => formatMoney(amount, drawer.currency);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [confirming, setConfirming] = useState<number>();
  return (
    <form
      class="panel"
      aria-labelledby="close-title"
      onSubmit={(event) => {
        event.preventDefault();
        const minor = counted.trim() === '' ? undefined : parseMoney(counted, drawer.currency);
        if (minor === undefined) return setError(new ApiFailure(`Enter the cash counted in the drawer, like ${moneyInput(drawer.expected_cash, drawer.currency)}.`, 400, 'parameter_invalid'));
        setError(undefined);
        setConfirming(minor);
      }}
    >
      <h3 id="close-title">Close the drawer</h3>
      <div class="field">
        <label for="drawer-counted">Cash counted ({drawer.currency})</label>
        <input id="drawer-counted" class="amount-input" inputMode="decimal" autoComplete="off" value={counted} onInput={(e) => setCounted(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="drawer-close-note">Note (optional)</label>
        <input id="drawer-close-note" maxLength={500} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      </div>
      <ErrorAlert error={error} />
      <button type="submit" class="big">
        Close drawer…
      </button>
      <ConfirmDialog
        title="Close the drawer?"
        open={confirming !== undefined}
        tone="primary"
        message={
          confirming === undefined ? (
            ''
          ) : (
            <span class="close-check">
              Expected <strong>{money(drawer.expected_cash)}</strong>, counted <strong>{money(confirming)}</strong>:{' '}
              <strong data-over-short>{overShort(confirming - drawer.expected_cash, drawer.currency)}</strong>. The drawer cannot be used for sales once closed.
            </span>
          )
        }
        confirmLabel="Close drawer"
        onConfirm={async () => {
          const closed = await till.cashDrawers.close(drawer.id, { counted_cash: confirming!, ...(note.trim() === '' ? {} : { note: note.trim() }) });
          drawerChanged(closed);
          props.onClosed(closed);
        }}
        onClose={() => setConfirming(undefined)}
      />
    </form>
  );
}

function ClosedSummary(props: { drawer: CashDrawer }) {
  const { drawer } = props;
  const money = (amount: number) => formatMoney(amount, drawer.currency);
  return (
    <div class="panel closed-summary" role="status">
      <h3>Drawer closed</h3>
      <dl class="drawer-figures">
        <div>
          <dt>Expected</dt>
          <dd data-figure="closed_expected">{money(drawer.expected_cash)}</dd>
        </div>
        <div>
          <dt>Counted</dt>
          <dd data-figure="closed_counted">{money(drawer.counted_cash ?? 0)}</dd>
        </div>
        <div class="grand">
          <dt>Over / short</dt>
          <dd data-figure="closed_over_short">{overShort(drawer.over_short ?? 0, drawer.currency)}</dd>
        </div>
      </dl>
    </div>
  );
}
