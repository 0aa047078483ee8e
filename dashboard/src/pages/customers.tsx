/** Customers: the list and a form to add one. */
import { useState } from 'preact/hooks';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, EmptyState, ErrorAlert, Field, Loaded, Pagination, useResource } from '../components';
import { formatDateTime } from '../format';
import { Link, useLocation } from '../router';

const PER_PAGE = 20;

export function CustomersPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const customers = useResource(() => till.customers.list({ page, per_page: PER_PAGE }), [page]);
  return (
    <section>
      <h1>Customers</h1>
      {can(account, 'customers:write') && <NewCustomer onCreated={customers.reload} />}
      <Loaded resource={customers}>
        {(list) => (
          <>
            {list.data.length === 0 ? (
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
                      <td data-label="Created">{formatDateTime(customer.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            )}
            <Pagination
              pagination={list.pagination}
              hrefFor={(n) => `/dashboard/customers?page=${n}`}
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
            await till.customers.create({ name, ...(email.trim() ? { email: email.trim() } : {}) });
            setName('');
            setEmail('');
            props.onCreated();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Name" id="customer-name" value={name} onInput={setName} required />
        <Field label="E-mail" id="customer-email" type="email" value={email} onInput={setEmail} hint="Optional." />
        <div class="filter-actions">
          <button type="submit">Add customer</button>
        </div>
      </form>
      <ErrorAlert error={error} />
    </details>
  );
}
