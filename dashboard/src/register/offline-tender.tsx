/**
 * Tendering a sale without the network: cash only, for the total the register worked out
 * (`offline-sale.ts`). Taking the cash keeps the sale on this device with its receipt number; the done
 * screen shows that number (the one on the receipt, by which the order is found once synced) and the
 * change.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatMoney, parseMoney } from '../format';
import type { OfflineSale } from '../offline/queue';
import type { OfflineFigures } from './offline-sale';
import { CashGivenFields, SaleFigures } from './tender';

export function OfflineCashScreen(props: { figures: OfflineFigures; currency: string; onTake: (cashGiven: number) => Promise<void>; onBack: () => void }) {
  const { figures, currency } = props;
  const money = (amount: number) => formatMoney(amount, currency);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus({ preventScroll: true }), []);
  const given = text.trim() === '' ? undefined : parseMoney(text, currency);
  const enough = given !== undefined && given >= figures.total;
  return (
    <div class="tender-screen">
      <h2 ref={title} tabIndex={-1} class="tender-title">
        Cash (offline)
      </h2>
      <p class="due">
        Due <strong data-due>{money(figures.total)}</strong>
      </p>
      <SaleFigures currency={currency} discountTotal={figures.discountTotal} subtotal={figures.subtotal} tax={figures.tax} tip={0} />
      <p class="note">Offline: this sale is kept on this register and sent to Till when the network is back.</p>
      <form
        class="cash-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!enough) return setProblem(`The cash handed over is less than the ${money(figures.total)} due.`);
          setBusy(true);
          setProblem(undefined);
          try {
            await props.onTake(given);
          } catch (failure) {
            setProblem(`The sale could not be kept on this device: ${failure instanceof Error ? failure.message : String(failure)}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        <CashGivenFields total={figures.total} currency={currency} text={text} onText={setText} />
        {problem !== undefined && (
          <p class="field-problem" role="alert">
            {problem}
          </p>
        )}
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

export function OfflineDoneScreen(props: { sale: OfflineSale; onNewSale: () => void }) {
  const { sale } = props;
  const money = (amount: number) => formatMoney(amount, sale.currency);
  const newSale = useRef<HTMLButtonElement>(null);
  useEffect(() => newSale.current?.focus({ preventScroll: true }), []);
  return (
    <div class="tender-screen done">
      <h2 class="tender-title">Paid · kept offline</h2>
      <p class="due">
        <strong data-paid>{money(sale.total)}</strong> · cash
      </p>
      <p class="change-due" role="status">
        Change due <strong data-change-due>{money(sale.cashGiven - sale.total)}</strong>
      </p>
      <p>
        Receipt <strong data-receipt-number>{sale.receiptNumber}</strong>: write it on the receipt. The sale is sent to Till when the network is back, and its
        order is found by this number.
      </p>
      <div class="tender-actions">
        <button type="button" class="big" ref={newSale} onClick={props.onNewSale}>
          New sale
        </button>
      </div>
    </div>
  );
}
