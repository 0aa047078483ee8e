/** One customer: their details, editable, and their orders. */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, EmptyState, ErrorAlert, Field, Loaded, StatusBadge, useResource } from '../components';
import { formatDateTime, formatMoney } from '../format';
import { Link } from '../router';

export function CustomerPage(props: { id: string }) {
  const { account } = useAccount();
  const customer = useResource(() => till.customers.retrieve(props.id), [props.id]);
  const orders = useResource(
    () => (can(account, 'orders:read') ? till.orders.list({ customer_id: props.id, per_page: 50 }) : Promise.resolve(undefined)),
    [props.id],
  );
  return (
    <section>
      <p class="crumbs">
        <Link href="/dashboard/customers">Customers</Link>
      </p>
      <Loaded resource={customer}>
        {(data) => (
          <>
            <h1>{data.name}</h1>
            <p class="muted">
              {data.email ?? 'No e-mail'} · {data.phone ?? 'No phone'} · customer since {formatDateTime(data.created_at)}
            </p>
            {data.note !== null && <p class="customer-note">{data.note}</p>}
            {can(account, 'customers:write') && <EditCustomer customer={data} onSaved={customer.reload} />}
          </>
        )}
      </Loaded>
      <h2>Orders</h2>
      <Loaded resource={orders}>
        {(list) =>
          list === undefined ? null : list.data.length === 0 ? (
            <EmptyState title="No orders yet">
              Orders made for this customer appear here. Give their id as the <code>customer_id</code> of a new order.
            </EmptyState>
          ) : (
            <div class="table-wrap">
              <table class="cards">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Status</th>
                    <th scope="col" class="num">
                      Total
                    </th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((order) => (
                    <tr key={order.id}>
                      <td data-label="Order">
                        <Link class="mono" href={`/dashboard/orders/${order.id}`}>
                          {order.id}
                        </Link>
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={order.status} />
                      </td>
                      <td data-label="Total" class="num">{formatMoney(order.total, order.currency)}</td>
                      <td data-label="Created">{formatDateTime(order.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}

function EditCustomer(props: { customer: Schemas['Customer']; onSaved: () => void }) {
  const [name, setName] = useState(props.customer.name);
  const [email, setEmail] = useState(props.customer.email ?? '');
  const [phone, setPhone] = useState(props.customer.phone ?? '');
  const [note, setNote] = useState(props.customer.note ?? '');
  const [error, setError] = useState<ApiFailure>();
  const [saved, setSaved] = useState(false);
  return (
    <details class="panel">
      <summary>Edit details</summary>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          setSaved(false);
          try {
            await till.customers.update(props.customer.id, {
              name,
              email: email.trim() === '' ? null : email.trim(),
              phone: phone.trim() === '' ? null : phone.trim(),
              note: note.trim() === '' ? null : note.trim(),
            });
            setSaved(true);
            props.onSaved();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Name" id="edit-customer-name" value={name} onInput={setName} required />
        <Field label="E-mail" id="edit-customer-email" type="email" value={email} onInput={setEmail} />
        <Field label="Phone" id="edit-customer-phone" type="tel" value={phone} onInput={setPhone} maxLength={32} />
        <Field label="Note" id="edit-customer-note" value={note} onInput={setNote} maxLength={1000} />
        <div class="filter-actions">
          <button type="submit">Save</button>
        </div>
      </form>
      <ErrorAlert error={error} />
      {saved && <p role="status">Saved.</p>}
    </details>
  );
}
