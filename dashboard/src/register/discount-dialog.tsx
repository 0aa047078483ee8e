/** A discount for a line or for the whole order: a percentage or an amount in the shop's currency, with an optional reason. */
import { useState } from 'preact/hooks';
import { Dialog } from '../components';
import { formatMoney, moneyInput, parseMoney } from '../format';
import type { Discount } from './cart';

/** "10% off" or "$2.00 off", then the reason. */
export function describeDiscount(discount: Discount, currency: string): string {
  const what = discount.type === 'percentage' ? `${discount.percentage_bps / 100}% off` : `${formatMoney(discount.amount, currency)} off`;
  return discount.reason ? `${what} · ${discount.reason}` : what;
}

/** A percentage typed as "10" or "12.5" in basis points (1 to 10000), or undefined. */
export function parsePercentage(text: string): number | undefined {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const bps = Math.round(Number(trimmed) * 100);
  return bps >= 1 && bps <= 10_000 ? bps : undefined;
}

export function DiscountDialog(props: { title: string; open: boolean; current: Discount | null; currency: string; onApply: (discount: Discount | null) => void; onClose: () => void }) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <DiscountForm {...props} />
    </Dialog>
  );
}

function DiscountForm(props: { current: Discount | null; currency: string; onApply: (discount: Discount | null) => void; onClose: () => void }) {
  const { current, currency } = props;
  const [type, setType] = useState<Discount['type']>(current?.type ?? 'percentage');
  const [value, setValue] = useState(current === null ? '' : current.type === 'percentage' ? String(current.percentage_bps / 100) : moneyInput(current.amount, currency));
  const [reason, setReason] = useState(current?.reason ?? '');
  const [problem, setProblem] = useState<string>();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const cleanReason = reason.trim() === '' ? null : reason.trim();
        if (type === 'percentage') {
          const bps = parsePercentage(value);
          if (bps === undefined) return setProblem('Enter a percentage from 0.01 to 100, like 10 or 12.5.');
          props.onApply({ type, percentage_bps: bps, reason: cleanReason });
        } else {
          const amount = parseMoney(value, currency);
          if (amount === undefined || amount < 1) return setProblem(`Enter an amount in ${currency}, like ${moneyInput(250, currency)}.`);
          props.onApply({ type, amount, reason: cleanReason });
        }
      }}
    >
      <fieldset>
        <legend>Kind</legend>
        <label class="option-choice">
          <input type="radio" name="discount-kind" checked={type === 'percentage'} onChange={() => setType('percentage')} /> Percentage off
        </label>
        <label class="option-choice">
          <input type="radio" name="discount-kind" checked={type === 'amount'} onChange={() => setType('amount')} /> Amount off
        </label>
      </fieldset>
      <div class="field">
        <label for="discount-value">{type === 'percentage' ? 'Percentage (%)' : `Amount (${currency})`}</label>
        <input id="discount-value" inputMode="decimal" autoComplete="off" value={value} onInput={(e) => setValue(e.currentTarget.value)} aria-describedby={problem ? 'discount-problem' : undefined} />
      </div>
      <div class="field">
        <label for="discount-reason">Reason (optional)</label>
        <input id="discount-reason" maxLength={200} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      {problem !== undefined && (
        <p class="field-problem" role="alert" id="discount-problem">
          {problem}
        </p>
      )}
      <div class="actions">
        {current !== null && (
          <button type="button" class="secondary big" onClick={() => props.onApply(null)}>
            Remove discount
          </button>
        )}
        <button type="button" class="secondary big" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" class="big">
          Apply discount
        </button>
      </div>
    </form>
  );
}
