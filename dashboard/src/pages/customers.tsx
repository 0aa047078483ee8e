/** Customers: the list, searchable by name, e-mail or phone, and a form to add one. */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, EmptyState, ErrorAlert, Field, Loaded, Pagination, useResource } from '../components';
import { formatDateTime } from '../format';
import { Link, navigate, useLocation } from '../router';

const PER_PAGE = 20;

export function CustomersPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const applied = query.get('q') ?? '';
  const [draft, setDraft] = useState(applied);
  const key = query.toString();
  useEffect(() => setDraft(query.get('q') ?? ''), [key]);
  const hrefOf = (q: string, n: number) => {
    const params = new URLSearchParams();
    if (q.trim() !== '') params.set('q', q.trim());
    if (n > 1) params.set('page', String(n));
    const text = params.toString();
    return `/dashboard/customers${text ? `?${text}` : ''}`;
  };
  const customers = useResource(() => till.customers.list({ page, per_page: PER_PAGE, ...(applied.trim() ? { q: applied.trim() } : {}) }), [key]);
  return (
    <section>
      <h1>Customers</h1>
      {can(account, 'customers:write') && <NewCustomer onCreated={customers.reload} />}
      <form
        class="filters"
        aria-label="Search customers"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(hrefOf(draft, 1));
        }}
      >
        <Field label="Search" id="customers-q" type="search" placeholder="Name, e-mail, phone" value={draft} onInput={setDraft} />
        <div class="filter-actions">
          <button type="submit">Search</button>
          <Link class="button secondary" href="/dashboard/customers">
            Clear
          </Link>
        </div>
      </form>
      <Loaded resource={customers}>
        {(list) => (
          <>
            {list.data.length === 0 && applied.trim() !== '' ? (
              <EmptyState title="No customers match" action={<Link href="/dashboard/customers">Clear the search</Link>}>
                Customers appear here when their name, e-mail or phone number starts with the search.
              </EmptyState>
            ) : list.data.length === 0 ? (
              <EmptyState title="No customers yet">
                The people you sell to appear here with their e-mail, and their orders on their page.{' '}
                {can(account, 'customers:write') ? 'Add the first one with “Add a customer” above, or through the API (POST /v1/customers).' : 'An admin or a manager can add them.'}
              </EmptyState>
            ) : (
            <div class="table-wrap">
              <table class="rows">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((customer) => (
                    <tr key={customer.id}>
                      <td data-label="Name" class="lead">
                        <Link href={`/dashboard/customers/${customer.id}`}>{customer.name}</Link>
                      </td>
                      <td data-label="E-mail">{customer.email ?? '—'}</td>
                      <td data-label="Phone">{customer.phone ?? '—'}</td>
                      <td data-label="Created">{formatDateTime(customer.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            )}
            <Pagination
              pagination={list.pagination}
              hrefFor={(n) => hrefOf(applied, n)}
              noun="customers"
            />
          </>
        )}
      </Loaded>
    </section>
  );
}

function NewCustomer(props: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<ApiFailure>();
  return (
    <details class="panel">
      <summary>Add a customer</summary>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          try {
            await till.customers.create({
              name,
              ...(email.trim() ? { email: email.trim() } : {}),
              ...(phone.trim() ? { phone: phone.trim() } : {}),
              ...(note.trim() ? { note: note.trim() } : {}),
            });
            setName('');
            setEmail('');
            setPhone('');
            setNote('');
            props.onCreated();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Name" id="customer-name" value={name} onInput={setName} required />
        <Field label="E-mail" id="customer-email" type="email" value={email} onInput={setEmail} hint="Optional." />
        <Field label="Phone" id="customer-phone" type="tel" value={phone} onInput={setPhone} maxLength={32} hint="Optional, like +44 20 7946 0958." />
        <Field label="Note" id="customer-note" value={note} onInput={setNote} maxLength={1000} hint="Optional." />
        <div class="filter-actions">
          <button type="submit">Add customer</button>
        </div>
      </form>
      <ErrorAlert error={error} />
    </details>
  );
}
