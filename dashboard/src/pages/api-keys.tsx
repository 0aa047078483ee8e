/**
 * Settings, API Keys: the merchant's keys (never the keys themselves, only their last four
 * characters), Generate New Key (the key is shown once, in the dialog, then forgotten), and revoke.
 */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { useAccount } from '../account';
import { asFailure, Checklist, ConfirmDialog, Dialog, EmptyState, ErrorAlert, Field, Loaded, ShownOnce, useResource } from '../components';
import { formatDateTime } from '../format';
import { API_KEY_SCOPES, SCOPE_DECLARATIONS } from '../../../src/auth/permissions';

type ApiKey = Schemas['ApiKey'];
type Environment = ApiKey['environment'];
/** A permission a key can carry: the API's list for keys, without what only user sign-ins use. */
type Scope = ApiKey['permissions'][number];

/** Every permission a key can use, with the dashboard's words for it, from the server's one list. */
const SCOPES: Scope[] = [...API_KEY_SCOPES];
const SCOPE_LABELS = Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DECLARATIONS[scope].label])) as Record<Scope, string>;
const READ_ONLY = SCOPES.filter((scope) => scope.endsWith(':read'));

type ScopeChoice = 'full' | 'read' | 'custom';

function describePermissions(permissions: Scope[]): string {
  if (SCOPES.every((s) => permissions.includes(s))) return 'Full access';
  if (permissions.length === READ_ONLY.length && READ_ONLY.every((s) => permissions.includes(s))) return 'Read only';
  return permissions.join(', ');
}

export function ApiKeysPage() {
  const keys = useResource(() => till.apiKeys.list({ per_page: 100 }), []);
  const [generating, setGenerating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey>();
  return (
    <section>
      <div class="page-head">
        <h1>API keys</h1>
        <button type="button" onClick={() => setGenerating(true)}>
          Generate new key
        </button>
      </div>
      <p class="muted">
        API keys let your own servers call Till. Keep them secret: never put a key in a web page, a mobile app or a public repository. Sandbox keys start
        with <code>sk_test_</code>, production keys with <code>sk_live_</code>.
      </p>
      <Loaded resource={keys}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyState title="No API keys yet">
              The keys your servers use to call Till appear here, with their permissions and when they were last used. Make the first one with “Generate new key”.
            </EmptyState>
          ) : (
            <div class="table-wrap">
              <table class="api-keys rows">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Environment</th>
                    <th scope="col">Permissions</th>
                    <th scope="col">Key</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Revoked</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((key) => (
                    <tr key={key.id} data-key-id={key.id}>
                      <td data-label="Name" class="lead">{key.name}</td>
                      <td data-label="Environment">{key.environment === 'sandbox' ? 'Sandbox' : 'Production'}</td>
                      <td data-label="Permissions">{describePermissions(key.permissions)}</td>
                      <td data-label="Key" class="lead-end">
                        <span class="mono">
                          {key.environment === 'sandbox' ? 'sk_test_' : 'sk_live_'}…{key.last4}
                        </span>
                      </td>
                      <td data-label="Created">{formatDateTime(key.created_at)}</td>
                      <td data-label="Last used">{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</td>
                      <td data-label="Revoked">{key.revoked_at ? formatDateTime(key.revoked_at) : '—'}</td>
                      <td data-label="Actions" class="row-actions">
                        {key.revoked_at === null && (
                          <button type="button" class="secondary" aria-label={`Revoke ${key.name} (…${key.last4})`} onClick={() => setRevoking(key)}>
                            Revoke
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      <GenerateKeyDialog open={generating} onClose={() => setGenerating(false)} onCreated={keys.reload} />
      <ConfirmDialog
        title="Revoke this key?"
        open={revoking !== undefined}
        message={`Requests with "${revoking?.name ?? ''}" (…${revoking?.last4 ?? ''}) will be refused at once. This cannot be undone.`}
        confirmLabel="Revoke key"
        onConfirm={async () => {
          await till.apiKeys.revoke(revoking!.id);
          keys.reload();
        }}
        onClose={() => setRevoking(undefined)}
      />
    </section>
  );
}

function GenerateKeyDialog(props: { open: boolean; onClose: () => void; onCreated: () => void }) {
  // The key lives in this state only while the dialog is open; closing it forgets the key.
  const [created, setCreated] = useState<Schemas['CreatedApiKey']>();
  const close = () => {
    setCreated(undefined);
    props.onClose();
  };
  return (
    <Dialog title={created ? 'Your new API key' : 'Generate a new API key'} open={props.open} onClose={close}>
      {created ? (
        <CreatedKey created={created} onDone={close} />
      ) : (
        <GenerateKeyForm
          onCancel={close}
          onCreated={(key) => {
            setCreated(key);
            props.onCreated();
          }}
        />
      )}
    </Dialog>
  );
}

function GenerateKeyForm(props: { onCancel: () => void; onCreated: (key: Schemas['CreatedApiKey']) => void }) {
  const { account } = useAccount();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>(account.environment);
  const [choice, setChoice] = useState<ScopeChoice>('full');
  const [custom, setCustom] = useState<Scope[]>([...READ_ONLY]);
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const permissions = choice === 'full' ? SCOPES : choice === 'read' ? READ_ONLY : SCOPES.filter((s) => custom.includes(s));
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        if (permissions.length === 0) return setError(new ApiFailure('Choose at least one permission.', 400, 'parameter_invalid'));
        setBusy(true);
        try {
          props.onCreated(await till.apiKeys.create({ name, environment, permissions }));
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Name" id="key-name" value={name} onInput={setName} required maxLength={100} hint="What uses this key, e.g. “Web shop server”." />
      <fieldset>
        <legend>Environment</legend>
        <label class="choice">
          <input type="radio" name="key-environment" checked={environment === 'sandbox'} onChange={() => setEnvironment('sandbox')} /> Sandbox (test data,{' '}
          <code>sk_test_</code>)
        </label>
        <label class="choice">
          <input type="radio" name="key-environment" checked={environment === 'production'} onChange={() => setEnvironment('production')} /> Production (live data,{' '}
          <code>sk_live_</code>)
        </label>
      </fieldset>
      <fieldset>
        <legend>Permissions</legend>
        <label class="choice">
          <input type="radio" name="key-scope" checked={choice === 'full'} onChange={() => setChoice('full')} /> Full access
        </label>
        <label class="choice">
          <input type="radio" name="key-scope" checked={choice === 'read'} onChange={() => setChoice('read')} /> Read only
        </label>
        <label class="choice">
          <input type="radio" name="key-scope" checked={choice === 'custom'} onChange={() => setChoice('custom')} /> Custom
        </label>
        {choice === 'custom' && (
          <Checklist values={SCOPES} labels={SCOPE_LABELS} chosen={custom} onChange={setCustom} />
        )}
      </fieldset>
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          Generate key
        </button>
      </div>
    </form>
  );
}

function CreatedKey(props: { created: Schemas['CreatedApiKey']; onDone: () => void }) {
  const warning = (
    <>
      <strong>Copy this key now: it will not be shown again.</strong> Store it in your server's secret settings. Never put it in client-side code (a web
      page, a mobile app) or a public repository.
    </>
  );
  return <ShownOnce id="created-key" noun="key" label={`API key “${props.created.name}”`} value={props.created.key} warning={warning} onDone={props.onDone} />;
}
