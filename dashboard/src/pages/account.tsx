/** Account: the signed-in person's own security. Change the password; see every sign-in and sign out the others. */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { useAccount } from '../account';
import { asFailure, ErrorAlert, Field, Loaded, useResource } from '../components';
import { formatDateTime } from '../format';

type Session = Schemas['Session'];

export function AccountPage() {
  const { account } = useAccount();
  const sessions = useResource(() => till.account.listSessions({ per_page: 100 }), []);
  return (
    <section>
      <h1>Account</h1>
      <p class="muted">
        Signed in as {account.user?.email} ({account.user?.role}).
      </p>
      <ChangePassword onChanged={sessions.reload} />
      <h2>Your sign-ins</h2>
      <p class="muted">Every app and browser you are signed in on. Sign out the ones you do not recognise or no longer use, such as a lost phone.</p>
      <Loaded resource={sessions}>{(list) => <SessionTable sessions={list.data} onEnded={sessions.reload} />}</Loaded>
    </section>
  );
}

function SessionTable(props: { sessions: Session[]; onEnded: () => void }) {
  const [error, setError] = useState<ApiFailure>();
  return (
    <>
      <ErrorAlert error={error} />
      <div class="table-wrap">
        <table class="cards sessions">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">App</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last used</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {props.sessions.map((session) => (
              <tr key={session.id} data-session-id={session.id}>
                <td data-label="Device">
                  {session.device}
                  {session.current && <span class="badge current">This browser</span>}
                </td>
                <td data-label="App">{session.client.name}</td>
                <td data-label="Address">{session.ip_address ?? '—'}</td>
                <td data-label="Signed in">{formatDateTime(session.created_at)}</td>
                <td data-label="Last used">{formatDateTime(session.last_used_at)}</td>
                <td data-label="Actions">
                  {session.current ? (
                    <span class="muted">Use “Sign out” in the menu</span>
                  ) : (
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Sign out ${session.device}, ${session.client.name}, signed in ${formatDateTime(session.created_at)}`}
                      onClick={async () => {
                        setError(undefined);
                        try {
                          await till.account.deleteSession(session.id);
                        } catch (failure) {
                          setError(asFailure(failure));
                        }
                        props.onEnded();
                      }}
                    >
                      Sign out
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ChangePassword(props: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="panel password-form"
      aria-labelledby="password-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        setDone(undefined);
        if (next !== confirmation) {
          setError(new ApiFailure('The new password and its confirmation are not the same. Type the new password twice.', 0, 'confirmation_mismatch'));
          return;
        }
        setBusy(true);
        try {
          const changed = await till.account.changePassword({ current_password: current, new_password: next });
          const others = changed.sessions_ended;
          setDone(`Your password was changed.${others === 0 ? '' : ` ${others} other sign-in${others === 1 ? ' was' : 's were'} signed out.`}`);
          setCurrent('');
          setNext('');
          setConfirmation('');
          props.onChanged();
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="password-title">Change your password</h2>
      <p class="muted">Changing it signs you out everywhere else; this browser stays signed in.</p>
      <div class="grid-form">
        <Field label="Current password" id="current-password" type="password" autoComplete="current-password" value={current} onInput={setCurrent} required />
        <Field
          label="New password"
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onInput={setNext}
          required
          minLength={10}
          hint="At least 10 characters."
        />
        <Field label="Confirm new password" id="confirm-password" type="password" autoComplete="new-password" value={confirmation} onInput={setConfirmation} required />
      </div>
      <ErrorAlert error={error} id="password-error" />
      {done && <p role="status">{done}</p>}
      <div class="filter-actions">
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
