/** Team: the merchant's users; an admin adds one with a role and an initial password, changes roles, signs a user out everywhere, removes. */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { useAccount } from '../account';
import { asFailure, ConfirmDialog, ErrorAlert, Field, Loaded, Select, useResource } from '../components';
import { formatDateTime } from '../format';

type User = Schemas['User'];
type Role = User['role'];
const ROLES: [Role, string][] = [
  ['admin', 'Admin: everything, API keys and the team included'],
  ['manager', 'Manager: everything but API keys and the team'],
  ['cashier', 'Cashier: orders, and reading products and customers'],
];

export function TeamPage() {
  const { account } = useAccount();
  const users = useResource(() => till.users.list({ per_page: 100 }), []);
  const [removing, setRemoving] = useState<User>();
  const [signingOut, setSigningOut] = useState<User>();
  const [signedOut, setSignedOut] = useState<string>();
  const [error, setError] = useState<ApiFailure>();
  return (
    <section>
      <h1>Team</h1>
      <AddUser onAdded={users.reload} />
      <ErrorAlert error={error} />
      {signedOut && <p role="status">{signedOut}</p>}
      <Loaded resource={users}>
        {(list) => (
          <div class="table-wrap">
            <table class="cards team">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Added</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((user) => {
                  const self = user.id === account.user?.id;
                  return (
                    <tr key={user.id}>
                      <td data-label="E-mail">
                        <span class="who-cell">
                          {user.email}
                          {self && <span class="muted"> (you)</span>}
                        </span>
                      </td>
                      <td data-label="Role">
                        {self ? (
                          user.role
                        ) : (
                          <select
                            aria-label={`Role of ${user.email}`}
                            value={user.role}
                            onChange={async (e) => {
                              setError(undefined);
                              try {
                                await till.users.update(user.id, { role: e.currentTarget.value as Role });
                              } catch (failure) {
                                setError(asFailure(failure));
                              }
                              users.reload();
                            }}
                          >
                            {ROLES.map(([role]) => (
                              <option key={role} value={role}>
                                {role}
                              </option>
                            ))}
                          </select>
                        )}
                      </td>
                      <td data-label="Added">{formatDateTime(user.created_at)}</td>
                      <td data-label="Actions">
                        <div class="row-actions">
                          <button type="button" class="secondary" aria-label={`Sign out ${user.email} everywhere`} onClick={() => setSigningOut(user)}>
                            Sign out everywhere
                          </button>
                          {!self && (
                            <button type="button" class="secondary" aria-label={`Remove ${user.email}`} onClick={() => setRemoving(user)}>
                              Remove
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
      <ConfirmDialog
        title="Sign out everywhere?"
        open={signingOut !== undefined}
        message={
          signingOut?.id === account.user?.id
            ? 'You will be signed out on every app and browser, this one included, and will sign in again with your password.'
            : `${signingOut?.email ?? ''} will be signed out on every app and browser at once. They can sign in again with their password.`
        }
        confirmLabel="Sign out everywhere"
        onConfirm={async () => {
          const user = await till.users.signOut(signingOut!.id);
          setSignedOut(`${user.email} has been signed out everywhere.`);
        }}
        onClose={() => setSigningOut(undefined)}
      />
      <ConfirmDialog
        title="Remove this user?"
        open={removing !== undefined}
        message={`${removing?.email ?? ''} will be signed out everywhere at once and can no longer sign in.`}
        confirmLabel="Remove user"
        onConfirm={async () => {
          await till.users.delete(removing!.id);
          users.reload();
        }}
        onClose={() => setRemoving(undefined)}
      />
    </section>
  );
}

function AddUser(props: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [added, setAdded] = useState<string>();
  return (
    <details class="panel">
      <summary>Add a user</summary>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          setAdded(undefined);
          try {
            const user = await till.users.create({ email, role, password });
            setAdded(`${user.email} can now sign in as ${user.role}. Give them their password in person: it is temporary, and they choose their own at their first sign-in.`);
            setEmail('');
            setPassword('');
            props.onAdded();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="E-mail" id="user-email" type="email" autoComplete="off" value={email} onInput={setEmail} required />
        <Select label="Role" id="user-role" value={role} onChange={(value) => setRole(value as Role)} options={ROLES} />
        <Field
          label="Initial password"
          id="user-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onInput={setPassword}
          required
          minLength={10}
          hint="At least 10 characters."
        />
        <div class="filter-actions">
          <button type="submit">Add user</button>
        </div>
      </form>
      <ErrorAlert error={error} />
      {added && <p role="status">{added}</p>}
    </details>
  );
}
