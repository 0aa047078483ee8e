/**
 * The customer of a sale: found by name, e-mail or phone (List Customers `q`), or, for a role that
 * may add customers, created on the spot with a name, an e-mail and a phone. A sale without one is a
 * walk-in sale.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, Dialog, ErrorAlert, Field } from '../components';
import type { CartCustomer } from './cart';

type Customer = Schemas['Customer'];

const asCartCustomer = (customer: Customer): CartCustomer => ({ id: customer.id, name: customer.name, email: customer.email });

export function CustomerDialog(props: { open: boolean; current: CartCustomer | null; onChoose: (customer: CartCustomer | null) => void; onClose: () => void }) {
  return (
    <Dialog title="Customer" open={props.open} onClose={props.onClose}>
      <CustomerPicker {...props} />
    </Dialog>
  );
}

function CustomerPicker(props: { current: CartCustomer | null; onChoose: (customer: CartCustomer | null) => void }) {
  const { account } = useAccount();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ q: string; customers: Customer[] }>();
  const [error, setError] = useState<ApiFailure>();
  const [adding, setAdding] = useState(false);
  const ticket = useRef(0);
  const text = q.trim();
  useEffect(() => {
    if (text === '') return setFound(undefined);
    const mine = ++ticket.current;
    const timer = setTimeout(() => {
      till.customers.list({ q: text, per_page: 10 }).then(
        (list) => mine === ticket.current && (setFound({ q: text, customers: list.data }), setError(undefined)),
        (failure: unknown) => mine === ticket.current && setError(asFailure(failure)),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);

  if (adding) return <NewCustomer initial={text} onCreated={(customer) => props.onChoose(asCartCustomer(customer))} onCancel={() => setAdding(false)} />;
  return (
    <div class="customer-picker">
      {props.current !== null && (
        <p>
          This sale is for <strong>{props.current.name}</strong>.{' '}
          <button type="button" class="secondary" onClick={() => props.onChoose(null)}>
            Remove the customer
          </button>
        </p>
      )}
      <form onSubmit={(event) => event.preventDefault()} role="search">
        <Field label="Find a customer" id="customer-search" type="search" autoComplete="off" placeholder="Name, e-mail or phone" value={q} onInput={setQ} />
      </form>
      <ErrorAlert error={error} />
      {found !== undefined && (
        <div aria-live="polite">
          {found.customers.length === 0 ? (
            <p class="muted">No customer's name, e-mail or phone starts with “{found.q}”.</p>
          ) : (
            <ul class="pick-list">
              {found.customers.map((customer) => (
                <li key={customer.id}>
                  <button type="button" class="secondary pick" onClick={() => props.onChoose(asCartCustomer(customer))}>
                    <strong>{customer.name}</strong>
                    <span class="muted">{[customer.email, customer.phone].filter(Boolean).join(' · ') || 'No e-mail or phone'}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {can(account, 'customers:write') && (
        <div class="actions">
          <button type="button" class="secondary big" onClick={() => setAdding(true)}>
            New customer
          </button>
        </div>
      )}
    </div>
  );
}

function NewCustomer(props: { initial: string; onCreated: (customer: Customer) => void; onCancel: () => void }) {
  const looksLikeEmail = props.initial.includes('@');
  const [name, setName] = useState(looksLikeEmail ? '' : props.initial);
  const [email, setEmail] = useState(looksLikeEmail ? props.initial : '');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          props.onCreated(
            await till.customers.create({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) }),
          );
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Name" id="new-customer-name" value={name} onInput={setName} required maxLength={250} />
      <Field label="E-mail" id="new-customer-email" type="email" value={email} onInput={setEmail} hint="Optional: for e-mailed receipts." />
      <Field label="Phone" id="new-customer-phone" type="tel" value={phone} onInput={setPhone} maxLength={32} hint="Optional." />
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary big" onClick={props.onCancel}>
          Back
        </button>
        <button type="submit" class="big" disabled={busy}>
          Add customer
        </button>
      </div>
    </form>
  );
}
