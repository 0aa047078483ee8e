/** Discount codes: the saved codes with their discount and use, a form to add one, and deactivating one. */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, EmptyState, ErrorAlert, Field, Loaded, Pagination, Select, useResource } from '../components';
import { formatDateTime, formatMoney, parseMoney } from '../format';
import { useLocation } from '../router';

type DiscountCode = Schemas['DiscountCode'];
const PER_PAGE = 20;

/** "10% off" or "$5.00 off". */
function discountText(code: DiscountCode, currency: string): string {
  return code.type === 'percentage' ? `${(code.percentage_bps ?? 0) / 100}% off` : `${formatMoney(code.amount ?? 0, currency)} off`;
}

export function DiscountCodesPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const codes = useResource(() => till.discountCodes.list({ page, per_page: PER_PAGE }), [page]);
  const writable = can(account, 'products:write');
  const [deactivating, setDeactivating] = useState<DiscountCode>();
  return (
    <section>
      <h1>Discount codes</h1>
      {writable && <NewDiscountCode currency={account.currency} onCreated={codes.reload} />}
      <Loaded resource={codes}>
        {(list) => (
          <>
            {list.data.length === 0 ? (
              <EmptyState title="No discount codes yet">
                Codes a customer gives at checkout appear here with their discount and how often they were used.{' '}
                {writable ? 'Add the first one with “Add a discount code” above.' : 'An admin or a manager can add them.'}
              </EmptyState>
            ) : (
              <div class="table-wrap">
                <table class="rows">
                  <thead>
                    <tr>
                      <th scope="col">Code</th>
                      <th scope="col">Discount</th>
                      <th scope="col" class="num">
                        Used
                      </th>
                      <th scope="col">State</th>
                      {writable && <th scope="col">Actions</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.map((code) => (
                      <tr key={code.id} data-discount-code={code.code}>
                        <td data-label="Code" class="lead mono">
                          {code.code}
                        </td>
                        <td data-label="Discount" class="lead-end">
                          {discountText(code, account.currency)}
                        </td>
                        <td data-label="Used" class="num">
                          {code.times_redeemed}
                          {code.max_redemptions === null ? '' : ` of ${code.max_redemptions}`}
                        </td>
                        <td data-label="State">
                          {!code.active ? 'Inactive' : code.expires_at !== null ? `Active until ${formatDateTime(code.expires_at)}` : 'Active'}
                        </td>
                        {writable && (
                          <td data-label="Actions" class="row-actions">
                            {code.active && (
                              <button type="button" class="secondary" aria-label={`Deactivate ${code.code}`} onClick={() => setDeactivating(code)}>
                                Deactivate
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination pagination={list.pagination} hrefFor={(n) => `/dashboard/discount-codes?page=${n}`} noun="discount codes" />
          </>
        )}
      </Loaded>
      <ConfirmDialog
        title="Deactivate this code?"
        open={deactivating !== undefined}
        message={`${deactivating?.code ?? ''} can no longer be redeemed. Orders that used it keep their discount.`}
        confirmLabel="Deactivate"
        onConfirm={async () => {
          await till.discountCodes.update(deactivating!.id, { active: false });
          codes.reload();
        }}
        onClose={() => setDeactivating(undefined)}
      />
    </section>
  );
}

function NewDiscountCode(props: { currency: string; onCreated: () => void }) {
  const [code, setCode] = useState('');
  const [type, setType] = useState<'percentage' | 'amount'>('percentage');
  const [value, setValue] = useState('');
  const [limit, setLimit] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ApiFailure>();
  return (
    <details class="panel">
      <summary>Add a discount code</summary>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          const invalid = (message: string) => setError(new ApiFailure(message, 400, 'parameter_invalid'));
          let discount: { type: 'percentage'; percentage_bps: number } | { type: 'amount'; amount: number };
          if (type === 'percentage') {
            const percent = Number(value.trim());
            const bps = Math.round(percent * 100);
            if (value.trim() === '' || !Number.isFinite(percent) || bps < 1 || bps > 10_000 || Math.abs(percent * 100 - bps) > 1e-9) {
              return invalid('Enter a percentage from 0.01 to 100, like 10 or 12.5.');
            }
            discount = { type: 'percentage', percentage_bps: bps };
          } else {
            const minor = parseMoney(value, props.currency);
            if (minor === undefined || minor < 1) return invalid('Enter the amount off, like 5.00.');
            discount = { type: 'amount', amount: minor };
          }
          if (limit.trim() !== '' && !/^[1-9]\d*$/.test(limit.trim())) return invalid('The limit is a whole number of orders, or blank for no limit.');
          try {
            await till.discountCodes.create({
              code: code.trim(),
              ...discount,
              ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
              ...(limit.trim() === '' ? {} : { max_redemptions: Number(limit.trim()) }),
            });
            setCode('');
            setValue('');
            setLimit('');
            setReason('');
            props.onCreated();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Code" id="discount-code" value={code} onInput={setCode} required maxLength={40} hint="Letters, digits, - and _; customers may type it in any case." />
        <Select
          label="Kind"
          id="discount-kind"
          value={type}
          onChange={(kind) => setType(kind as 'percentage' | 'amount')}
          options={[
            ['percentage', 'A percentage off'],
            ['amount', `An amount off (${props.currency})`],
          ]}
        />
        <Field label={type === 'percentage' ? 'Percentage off' : `Amount off (${props.currency})`} id="discount-value" value={value} onInput={setValue} inputMode="decimal" required />
        <Field label="Limit of orders" id="discount-limit" value={limit} onInput={setLimit} inputMode="numeric" hint="Leave blank for no limit." />
        <Field label="Reason" id="discount-reason" value={reason} onInput={setReason} maxLength={200} hint="Shown on the orders that use it." />
        <div class="filter-actions">
          <button type="submit">Add discount code</button>
        </div>
      </form>
      <ErrorAlert error={error} />
    </details>
  );
}
