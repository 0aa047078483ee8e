/**
 * Settings: the shop's name, currency, tax rate and whether prices include it, and what a receipt
 * shows (address, tax id, footer), saved with `PATCH /v1/merchant`. A refused field's message is shown
 * under that field; anything else above the Save button; a save is announced.
 */
import { useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { TillError, type Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { asFailure, ErrorAlert, Loaded, useResource } from '../components';

type Merchant = Schemas['Merchant'];
type Address = NonNullable<Merchant['address']>;

/** The form's fields, as typed. */
interface Form {
  name: string;
  currency: string;
  taxRate: string;
  pricesIncludeTax: boolean;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  taxId: string;
  receiptFooter: string;
}

type FieldName = keyof Form;

/** Which field of the form the API's `param` names. */
const FIELD_OF_PARAM: Record<string, FieldName> = {
  name: 'name',
  currency: 'currency',
  tax_rate_bps: 'taxRate',
  prices_include_tax: 'pricesIncludeTax',
  'address.line1': 'line1',
  'address.line2': 'line2',
  'address.city': 'city',
  'address.region': 'region',
  'address.postal_code': 'postal_code',
  'address.country': 'country',
  tax_id: 'taxId',
  receipt_footer: 'receiptFooter',
};

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;

function formOf(merchant: Merchant): Form {
  const address: Partial<Address> = merchant.address ?? {};
  return {
    name: merchant.name,
    currency: merchant.currency,
    taxRate: String(merchant.tax_rate_bps / 100),
    pricesIncludeTax: merchant.prices_include_tax,
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    region: address.region ?? '',
    postal_code: address.postal_code ?? '',
    country: address.country ?? '',
    taxId: merchant.tax_id ?? '',
    receiptFooter: merchant.receipt_footer ?? '',
  };
}

/** "8.25" (percent, at most two decimals) as 825 basis points; undefined when it is not one. */
function basisPoints(percent: string): number | undefined {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(percent);
  if (match === null) return undefined;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : undefined;
}

export function SettingsPage() {
  const merchant = useResource(() => till.merchant.retrieve(), []);
  return (
    <section>
      <h1>Settings</h1>
      <p class="muted">The shop's settings, shared by test mode and live mode. A change applies to orders created after it; earlier orders keep their figures.</p>
      <Loaded resource={merchant}>{(loaded) => <SettingsForm merchant={loaded} />}</Loaded>
    </section>
  );
}

function SettingsForm(props: { merchant: Merchant }) {
  const [form, setForm] = useState<Form>(() => formOf(props.merchant));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<ApiFailure>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Form) => (value: string) => setForm({ ...form, [field]: value });

  const field = (name: Exclude<FieldName, 'pricesIncludeTax'>, label: string, extra: Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label' | 'onInput' | 'value'> & { hint?: string } = {}) => {
    const { hint, ...rest } = extra;
    const id = `settings-${name}`;
    const message = fieldErrors[name];
    const described = [hint ? `${id}-hint` : undefined, message ? `${id}-error` : undefined].filter(Boolean).join(' ');
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          {...rest}
          id={id}
          value={form[name]}
          aria-invalid={message ? 'true' : undefined}
          aria-describedby={described === '' ? undefined : described}
          onInput={(event) => set(name)(event.currentTarget.value)}
        />
        {hint && (
          <p class="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {message && (
          <p class="hint field-error" id={`${id}-error`} style={{ color: 'var(--danger)' }}>
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      class="panel settings-form"
      aria-label="Shop settings"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        setSaved(undefined);
        setFieldErrors({});
        const taxRateBps = basisPoints(form.taxRate);
        if (taxRateBps === undefined) {
          setFieldErrors({ taxRate: 'Enter a percentage from 0 to 100 with at most two decimals, like 8.25.' });
          return;
        }
        const address = Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, form[key].trim() === '' ? null : form[key].trim()])) as Address;
        setBusy(true);
        try {
          const updated = await till.merchant.update({
            name: form.name,
            currency: form.currency,
            tax_rate_bps: taxRateBps,
            prices_include_tax: form.pricesIncludeTax,
            address: ADDRESS_FIELDS.every((key) => address[key] === null) ? null : address,
            tax_id: form.taxId,
            receipt_footer: form.receiptFooter,
          });
          setForm(formOf(updated));
          setSaved('Settings saved. New orders use them from now on.');
        } catch (failure) {
          const param = failure instanceof TillError ? failure.param : undefined;
          const name = param === undefined ? undefined : FIELD_OF_PARAM[param];
          if (name !== undefined) setFieldErrors({ [name]: asFailure(failure).message });
          else setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>Selling</h2>
      <div class="grid-form">
        {field('name', 'Shop name', { required: true, maxLength: 250, autoComplete: 'organization' })}
        {field('currency', 'Currency', { required: true, maxLength: 3, hint: 'ISO 4217 code, like USD or EUR. It cannot change once the shop has an order.' })}
        {field('taxRate', 'Tax rate (%)', { inputMode: 'decimal', required: true, hint: 'Like 8.25. 0 for no tax.' })}
      </div>
      <label class="choice">
        <input
          type="checkbox"
          id="settings-pricesIncludeTax"
          checked={form.pricesIncludeTax}
          onChange={(event) => setForm({ ...form, pricesIncludeTax: event.currentTarget.checked })}
        />{' '}
        Prices include tax (the order total is the sum of the prices; its tax is the part inside them)
      </label>
      {fieldErrors.pricesIncludeTax && (
        <p class="hint field-error" style={{ color: 'var(--danger)' }}>
          {fieldErrors.pricesIncludeTax}
        </p>
      )}
      <h2>Receipts</h2>
      <div class="grid-form">
        {field('line1', 'Address line 1', { autoComplete: 'address-line1', maxLength: 200 })}
        {field('line2', 'Address line 2', { autoComplete: 'address-line2', maxLength: 200 })}
        {field('city', 'City', { autoComplete: 'address-level2', maxLength: 200 })}
        {field('region', 'State or region', { autoComplete: 'address-level1', maxLength: 200 })}
        {field('postal_code', 'Postal code', { autoComplete: 'postal-code', maxLength: 20 })}
        {field('country', 'Country', { autoComplete: 'country', maxLength: 2, hint: 'Two letters, like US or FR.' })}
        {field('taxId', 'Tax id', { maxLength: 100, hint: 'VAT, GST or EIN number, shown on receipts.' })}
      </div>
      {field('receiptFooter', 'Receipt footer', { maxLength: 1000, hint: 'Printed at the foot of every receipt.' })}
      <ErrorAlert error={error} />
      {saved && <p role="status">{saved}</p>}
      <div class="filter-actions">
        <button type="submit" disabled={busy}>
          Save settings
        </button>
      </div>
    </form>
  );
}
