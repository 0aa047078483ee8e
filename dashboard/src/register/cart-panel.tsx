/**
 * The cart: its lines (quantity up and down, remove, a discount on a line), a discount on the order, a
 * discount code, the customer and a note; the lines' sum and the money off; and the tender buttons
 * that make the order. Tax and the total are Till's to work out (the register cannot read the shop's
 * tax settings): the tender screens show them once the order is made.
 */
import { useState } from 'preact/hooks';
import type { ApiFailure } from '../api';
import { ConfirmDialog, ErrorAlert } from '../components';
import { formatModifier, formatMoney } from '../format';
import {
  cartDiscounts,
  itemsTotal,
  lineTotal,
  removeLine,
  setLineDiscount,
  setQuantity,
  unitCount,
  unitPrice,
  type Cart,
  type CartLine,
} from './cart';
import { CustomerDialog } from './customer-dialog';
import { DiscountDialog, describeDiscount } from './discount-dialog';
import type { Tender } from './sale';

type Editing = { kind: 'line'; key: string } | { kind: 'order' } | { kind: 'customer' } | undefined;

export function CartPanel(props: {
  cart: Cart;
  currency: string;
  busy: Tender | undefined;
  error: ApiFailure | undefined;
  /** No network: cash only, the total worked out on the register. */
  offline?: boolean;
  onChange: (change: (cart: Cart) => Cart) => void;
  onTender: (tender: Tender) => void;
  onClear: () => Promise<void>;
  /** On a phone the cart opens over the catalogue: its close button. */
  onHide?: () => void;
}) {
  const { cart, currency } = props;
  const [editing, setEditing] = useState<Editing>();
  const [confirmClear, setConfirmClear] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency);
  const discounts = cartDiscounts(cart);
  const empty = cart.lines.length === 0;
  const editedLine = editing?.kind === 'line' ? cart.lines.find((line) => line.key === editing.key) : undefined;
  const units = unitCount(cart);
  return (
    <section class="cart" id="register-cart" aria-labelledby="cart-title">
      <div class="cart-head">
        <h2 id="cart-title" tabIndex={-1}>
          Cart <span class="muted">{units === 1 ? '1 item' : `${units} items`}</span>
        </h2>
        {props.onHide !== undefined && (
          <button type="button" class="secondary cart-hide" onClick={props.onHide}>
            Back to products
          </button>
        )}
      </div>
      <div class="cart-scroll">
      {empty ? (
        <p class="muted cart-empty">Scan a barcode, search, or tap a product to add it.</p>
      ) : (
        <ul class="cart-lines" aria-label="Items in the cart">
          {cart.lines.map((line, i) => (
            <Line
              key={line.key}
              line={line}
              currency={currency}
              discount={typeof discounts === 'string' ? undefined : discounts.lines[i]}
              onQuantity={(quantity) => props.onChange((c) => setQuantity(c, line.key, quantity))}
              onRemove={() => props.onChange((c) => removeLine(c, line.key))}
              onDiscount={() => setEditing({ kind: 'line', key: line.key })}
            />
          ))}
        </ul>
      )}
      </div>

      <div class="cart-extras">
        <button type="button" class="secondary" onClick={() => setEditing({ kind: 'customer' })}>
          {cart.customer === null ? 'Add customer' : `Customer: ${cart.customer.name}`}
        </button>
        <button type="button" class="secondary" disabled={empty} onClick={() => setEditing({ kind: 'order' })}>
          {cart.orderDiscount === null ? 'Order discount' : `Order discount: ${describeDiscount(cart.orderDiscount, currency)}`}
        </button>
      </div>
      <details class="cart-more">
        <summary>
          Discount code and note
          {(cart.discountCode.trim() !== '' || cart.note.trim() !== '') && (
            <span class="muted"> ({[cart.discountCode.trim() && `code ${cart.discountCode.trim().toUpperCase()}`, cart.note.trim() && 'note'].filter(Boolean).join(', ')})</span>
          )}
        </summary>
        <div class="cart-more-fields">
          <div class="field">
            <label for="cart-code">Discount code</label>
            <input
              id="cart-code"
              autoComplete="off"
              maxLength={40}
              value={cart.discountCode}
              onInput={(e) => {
                const value = e.currentTarget.value;
                props.onChange((c) => ({ ...c, discountCode: value }));
              }}
            />
          </div>
          <div class="field">
            <label for="cart-note">Note</label>
            <textarea
              id="cart-note"
              rows={2}
              maxLength={1000}
              value={cart.note}
              onInput={(e) => {
                const value = e.currentTarget.value;
                props.onChange((c) => ({ ...c, note: value }));
              }}
            />
          </div>
        </div>
      </details>

      <dl class="cart-figures">
        <div>
          <dt>Items</dt>
          <dd data-figure="items">{money(itemsTotal(cart))}</dd>
        </div>
        {typeof discounts !== 'string' && discounts.total > 0 && (
          <div>
            <dt>Discounts</dt>
            <dd data-figure="discounts">{money(-discounts.total)}</dd>
          </div>
        )}
        {cart.discountCode.trim() !== '' && (
          <div>
            <dt>Code {cart.discountCode.trim().toUpperCase()}</dt>
            <dd class="muted">when charged</dd>
          </div>
        )}
      </dl>
      {typeof discounts === 'string' && (
        <p class="field-problem" role="alert">
          {discounts}
        </p>
      )}
      <p class="muted small cart-tax-note">
        {props.offline ? 'Offline: cash only; the register works out the tax and the total.' : 'Tax and the total: from Till when you choose how the customer pays.'}
      </p>
      <ErrorAlert error={props.error} />
      <div class="tender-buttons" role="group" aria-label="Pay">
        {(['cash', 'card', 'split'] as const).map((tender) => (
          <button
            type="button"
            key={tender}
            class={tender === 'split' ? 'secondary' : 'big'}
            data-tender={tender}
            aria-busy={props.busy === tender}
            disabled={empty || typeof discounts === 'string' || (props.busy !== undefined && props.busy !== tender) || (props.offline === true && tender !== 'cash')}
            onClick={() => props.onTender(tender)}
          >
            {tender === 'cash' ? 'Cash' : tender === 'card' ? 'Card' : 'Split cash + card'}
            {/* Why it is off, in the button itself: what a cashier reads at a glance. */}
            {props.offline === true && tender !== 'cash' && <span class="tender-off"> needs a connection</span>}
          </button>
        ))}
        <button
          type="button"
          class="secondary cart-clear"
          disabled={empty && cart.customer === null && cart.note === '' && cart.discountCode === ''}
          onClick={() => setConfirmClear(true)}
        >
          Clear sale
        </button>
      </div>

      <DiscountDialog
        title={editedLine === undefined ? 'Order discount' : `Discount on ${editedLine.name}`}
        open={editing?.kind === 'order' || editedLine !== undefined}
        current={editedLine !== undefined ? editedLine.discount : cart.orderDiscount}
        currency={currency}
        onApply={(discount) => {
          if (editedLine !== undefined) props.onChange((c) => setLineDiscount(c, editedLine.key, discount));
          else props.onChange((c) => ({ ...c, orderDiscount: discount }));
          setEditing(undefined);
        }}
        onClose={() => setEditing(undefined)}
      />
      <CustomerDialog
        open={editing?.kind === 'customer'}
        current={cart.customer}
        onChoose={(customer) => {
          props.onChange((c) => ({ ...c, customer }));
          setEditing(undefined);
        }}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        title="Clear this sale?"
        open={confirmClear}
        message="The cart is emptied, with its customer, discounts and note."
        confirmLabel="Clear sale"
        onConfirm={props.onClear}
        onClose={() => setConfirmClear(false)}
      />
    </section>
  );
}

function Line(props: { line: CartLine; currency: string; discount: number | undefined; onQuantity: (quantity: number) => void; onRemove: () => void; onDiscount: () => void }) {
  const { line, currency } = props;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <li class="cart-line" data-line={line.name}>
      <div class="line-main">
        <span class="line-name">{line.name}</span>
        {line.options.length > 0 && (
          <ul class="modifiers" aria-label={`${line.name} options`}>
            {line.options.map((option) => (
              <li key={option.optionId}>{formatModifier({ name: option.name, price_delta: option.priceDelta }, currency)}</li>
            ))}
          </ul>
        )}
        {line.discount !== null && (
          <span class="line-discount" data-line-discount>
            {describeDiscount(line.discount, currency)}
            {props.discount !== undefined && ` (${money(-props.discount)})`}
          </span>
        )}
      </div>
      <span class="line-total" data-line-total>
        {money(lineTotal(line))}
      </span>
      <span class="line-meta muted small">
        {line.quantity} × {money(unitPrice(line))}
      </span>
      <div class="line-controls">
        <div class="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
          <button type="button" class="secondary" aria-label={`One less ${line.name}`} onClick={() => props.onQuantity(line.quantity - 1)}>
            −
          </button>
          <span class="stepper-value" aria-live="polite" data-quantity>
            {line.quantity}
          </span>
          <button type="button" class="secondary" aria-label={`One more ${line.name}`} onClick={() => props.onQuantity(line.quantity + 1)}>
            +
          </button>
        </div>
        <button type="button" class="secondary" aria-label={`Discount on ${line.name}`} onClick={props.onDiscount}>
          %
        </button>
        <button type="button" class="secondary" aria-label={`Remove ${line.name}`} onClick={props.onRemove}>
          ×
        </button>
      </div>
    </li>
  );
}
