/**
 * Webhooks: the endpoints Till POSTs events to (list, add with an events checklist), and one
 * endpoint's page: send a test event, rotate the secret, disable or enable, delete, and its delivery
 * log with each attempt and Resend. A secret is shown once, in a dialog, when it is made (on adding
 * or rotating), then forgotten: the API never lists it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { operations } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, Checklist, ConfirmDialog, Dialog, EmptyState, ErrorAlert, Field, Loaded, Pagination, ShownOnce, useResource } from '../components';
import { formatDateTime } from '../format';
import { Link, navigate, useLocation } from '../router';
import { EVENT_TYPES, EVENTS, type EventType } from '../../../src/events/event-types';

type Endpoint = operations['getWebhookEndpoint']['responses'][200]['content']['application/json'];
type EndpointWithSecret = operations['createWebhookEndpoint']['responses'][201]['content']['application/json'];
type Attempt = operations['listWebhookDeliveries']['responses'][200]['content']['application/json']['data'][number];

/** Every event type an endpoint can ask for, with the dashboard's words for it, from the server's one list. */
const EVENT_LABELS: Record<EventType, string> = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENTS[type].label])) as Record<EventType, string>;

/** How often an endpoint's page reads its delivery log again, so that attempts appear as they are made. */
const LOG_REFRESH_MS = 2_000;

function describeEvents(events: string[]): string {
  if (events.includes('*')) return 'All events';
  return events.length <= 2 ? events.join(', ') : `${events.length} event types`;
}

function EndpointStatus(props: { status: Endpoint['status'] }) {
  return <span class={`badge endpoint-${props.status}`}>{props.status === 'enabled' ? 'Enabled' : 'Disabled'}</span>;
}

export function WebhooksPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const endpoints = useResource(() => till.webhookEndpoints.list({ page, per_page: 50 }), [page]);
  const [adding, setAdding] = useState(false);
  const writes = can(account, 'webhooks:write');
  return (
    <section>
      <div class="page-head">
        <h1>Webhooks</h1>
        {writes && (
          <button type="button" onClick={() => setAdding(true)}>
            Add an endpoint
          </button>
        )}
      </div>
      <p class="muted">
        Till POSTs each event of {account.environment === 'sandbox' ? 'the sandbox' : 'production'} to the endpoints that ask for it, signed as the{' '}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification says. Failed deliveries are retried for about a day and a half.
      </p>
      <Loaded resource={endpoints}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyState title="No webhook endpoints yet">
              The URLs Till sends your shop's events to (an order paid, a refund) appear here. Add the first one with “Add an endpoint”.
            </EmptyState>
          ) : (
            <>
              <div class="table-wrap">
                <table class="webhooks rows">
                  <thead>
                    <tr>
                      <th scope="col">URL</th>
                      <th scope="col">Events</th>
                      <th scope="col">Status</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.map((endpoint) => (
                      <tr key={endpoint.id} data-endpoint-id={endpoint.id}>
                        <td data-label="URL" class="lead">
                          <Link class="mono" href={`/dashboard/webhooks/${encodeURIComponent(endpoint.id)}`}>
                            {endpoint.url}
                          </Link>
                          {endpoint.description && <div class="muted">{endpoint.description}</div>}
                        </td>
                        <td data-label="Events">{describeEvents(endpoint.enabled_events)}</td>
                        <td data-label="Status" class="lead-end">
                          <EndpointStatus status={endpoint.status} />
                        </td>
                        <td data-label="Created">{formatDateTime(endpoint.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination pagination={list.pagination} noun="endpoints" hrefFor={(n) => `/dashboard/webhooks?page=${n}`} />
            </>
          )
        }
      </Loaded>
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} onCreated={endpoints.reload} />
    </section>
  );
}

function AddEndpointDialog(props: { open: boolean; onClose: () => void; onCreated: () => void }) {
  // The secret lives in this state only while the dialog is open; closing it forgets the secret.
  const [created, setCreated] = useState<EndpointWithSecret>();
  const close = () => {
    setCreated(undefined);
    props.onClose();
  };
  return (
    <Dialog title={created ? 'Your endpoint’s signing secret' : 'Add a webhook endpoint'} open={props.open} onClose={close}>
      {created ? (
        <ShownSecret secret={created.secret} label={`Signing secret of ${created.url}`} onDone={close} />
      ) : (
        <AddEndpointForm
          onCancel={close}
          onCreated={(endpoint) => {
            setCreated(endpoint);
            props.onCreated();
          }}
        />
      )}
    </Dialog>
  );
}

function AddEndpointForm(props: { onCancel: () => void; onCreated: (endpoint: EndpointWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<EventType[]>([]);
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        if (!all && chosen.length === 0) return setError(new ApiFailure('Choose at least one event, or all events.', 400, 'parameter_invalid'));
        setBusy(true);
        try {
          const enabled_events = all ? (['*'] as const) : EVENT_TYPES.filter((type) => chosen.includes(type));
          const body = { url: url.trim(), enabled_events: [...enabled_events], ...(description.trim() === '' ? {} : { description: description.trim() }) };
          props.onCreated(await till.webhookEndpoints.create(body));
        } catch (failure) {
          setError(asFailure(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Endpoint URL" id="endpoint-url" type="url" value={url} onInput={setUrl} required maxLength={2048} hint="Where Till POSTs events, e.g. https://shop.example.com/till-hook." />
      <Field label="Description" id="endpoint-description" value={description} onInput={setDescription} maxLength={500} hint="Optional: what receives these events." />
      <fieldset>
        <legend>Events to send</legend>
        <label class="choice">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> All events, including types added later
        </label>
        {!all && (
          <Checklist values={EVENT_TYPES} labels={EVENT_LABELS} chosen={chosen} onChange={setChosen} />
        )}
      </fieldset>
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          Add endpoint
        </button>
      </div>
    </form>
  );
}

/** A webhook endpoint's signing secret, shown this once, with a copy button. */
function ShownSecret(props: { secret: string; label: string; onDone: () => void }) {
  const warning = (
    <>
      <strong>Copy this secret now: it will not be shown again.</strong> Your receiver verifies each delivery's <code>webhook-signature</code> with it; keep it
      in your server's secret settings.
    </>
  );
  return <ShownOnce id="shown-secret" noun="secret" label={props.label} value={props.secret} warning={warning} onDone={props.onDone} />;
}

/** One endpoint: what it receives, the actions on it, and its delivery log. */
export function WebhookPage(props: { id: string }) {
  const { account } = useAccount();
  const writes = can(account, 'webhooks:write');
  const endpoint = useResource(() => till.webhookEndpoints.retrieve(props.id), [props.id]);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<ApiFailure>();
  const [rotating, setRotating] = useState(false);
  const [rotated, setRotated] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [logTick, setLogTick] = useState(0);

  /** Runs an action on the endpoint, showing its result or its failure. */
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setNotice(await work());
      endpoint.reload();
      setLogTick((n) => n + 1);
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <p class="crumbs">
        <Link href="/dashboard/webhooks">Webhooks</Link>
      </p>
      <Loaded resource={endpoint}>
        {(data) => (
          <>
            <div class="page-head">
              <h1 class="endpoint-url mono">{data.url}</h1>
              <EndpointStatus status={data.status} />
            </div>
            {data.description && <p>{data.description}</p>}
            <p class="muted">
              {data.enabled_events.includes('*') ? 'All events' : data.enabled_events.join(', ')} · added {formatDateTime(data.created_at)} ·{' '}
              <span class="mono">{data.id}</span>
            </p>
            {data.status === 'disabled' && <p class="warning">This endpoint is disabled: it receives nothing until it is enabled again.</p>}
            {writes && (
              <div class="row-actions endpoint-actions">
                <button
                  type="button"
                  disabled={busy || data.status === 'disabled'}
                  onClick={() =>
                    void act(async () => {
                      await till.webhookEndpoints.test(data.id);
                      return 'A test event (ping) is on its way: its attempt appears in the log below.';
                    })
                  }
                >
                  Send test event
                </button>
                <button type="button" class="secondary" disabled={busy} onClick={() => setRotating(true)}>
                  Rotate secret
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      const status = data.status === 'enabled' ? 'disabled' : 'enabled';
                      await till.webhookEndpoints.update(data.id, { status });
                      return status === 'enabled' ? 'Enabled: events are sent to it again.' : 'Disabled: nothing is sent to it until you enable it.';
                    })
                  }
                >
                  {data.status === 'enabled' ? 'Disable' : 'Enable'}
                </button>
                <button type="button" class="danger" disabled={busy} onClick={() => setDeleting(true)}>
                  Delete
                </button>
              </div>
            )}
            <p role="status" class="hint">
              {notice ?? ''}
            </p>
            <ErrorAlert error={error} />
            <ConfirmDialog
              title="Rotate the signing secret?"
              tone="primary"
              open={rotating}
              message="A new secret is made and shown once. For the next 24 hours each delivery carries two signatures, one with each secret, so your receiver can switch without refusing any."
              confirmLabel="Rotate secret"
              onConfirm={async () => {
                const result = await till.webhookEndpoints.rotateSecret(data.id);
                setRotated(result.secret);
              }}
              onClose={() => setRotating(false)}
            />
            <Dialog title="Your new signing secret" open={rotated !== undefined} onClose={() => setRotated(undefined)}>
              {rotated !== undefined && <ShownSecret secret={rotated} label={`New signing secret of ${data.url}`} onDone={() => setRotated(undefined)} />}
            </Dialog>
            <ConfirmDialog
              title="Delete this endpoint?"
              open={deleting}
              message={`Nothing more is sent to ${data.url}, and deliveries still waiting are dropped. This cannot be undone.`}
              confirmLabel="Delete endpoint"
              onConfirm={async () => {
                await till.webhookEndpoints.delete(data.id);
                navigate('/dashboard/webhooks');
              }}
              onClose={() => setDeleting(false)}
            />
          </>
        )}
      </Loaded>
      <h2>Delivery log</h2>
      {/* Not read again while a deletion is asked or made: a read arriving after it would be a 404. */}
      <DeliveryLog endpointId={props.id} writes={writes} tick={logTick} paused={deleting} />
    </section>
  );
}

function DeliveryLog(props: { endpointId: string; writes: boolean; tick: number; paused: boolean }) {
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const log = useResource(
    () => till.webhookEndpoints.listDeliveries(props.endpointId, { page, per_page: 25 }),
    [props.endpointId, page, props.tick],
  );
  // Attempts are made in the background: read the log again every few seconds while it is on screen.
  useEffect(() => {
    if (props.paused) return;
    const timer = setInterval(log.reload, LOG_REFRESH_MS);
    return () => clearInterval(timer);
  }, [log.reload, props.paused]);
  const [resent, setResent] = useState<string>();
  const [error, setError] = useState<ApiFailure>();
  const resend = async (attempt: Attempt) => {
    setError(undefined);
    setResent(undefined);
    try {
      await till.events.resend(attempt.event_id, { endpoint_id: props.endpointId });
      setResent(`${attempt.event_type} ${attempt.event_id} is queued again.`);
      log.reload();
    } catch (failure) {
      setError(asFailure(failure));
    }
  };
  return (
    <>
      <p role="status" class="hint">
        {resent ?? ''}
      </p>
      <ErrorAlert error={error} />
      <Loaded resource={log}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyState title="No delivery attempts yet">
              Each time Till sends an event to this endpoint, the attempt and the answer it got appear here. Send one now with “Send test event”.
            </EmptyState>
          ) : (
            <>
              <div class="table-wrap">
                <table class="deliveries cards">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Event</th>
                      <th scope="col">Attempt</th>
                      <th scope="col">Result</th>
                      <th scope="col">Response</th>
                      <th scope="col">Duration</th>
                      <th scope="col">Next retry</th>
                      {props.writes && <th scope="col">Actions</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.map((attempt) => (
                      <tr key={attempt.id} data-attempt-id={attempt.id}>
                        <td data-label="When">{formatDateTime(attempt.created_at)}</td>
                        <td data-label="Event">
                          <span class="event-cell">
                            <code>{attempt.event_type}</code> <span class="mono muted">{attempt.event_id}</span>
                          </span>
                        </td>
                        <td data-label="Attempt" class="num">
                          {attempt.attempt}
                        </td>
                        <td data-label="Result">
                          <span class={`badge attempt-${attempt.outcome}`}>{attempt.outcome === 'succeeded' ? 'Succeeded' : 'Failed'}</span>
                        </td>
                        <td data-label="Response">
                          <span class="response-cell">
                            {attempt.response_status !== null ? <strong>{attempt.response_status}</strong> : <span class="muted">No answer</span>}
                            {attempt.error !== null && attempt.response_status === null && <span> ({attempt.error})</span>}
                            {attempt.response_body ? <code class="excerpt">{excerpt(attempt.response_body)}</code> : null}
                          </span>
                        </td>
                        <td data-label="Duration" class="num">
                          {attempt.duration_ms} ms
                        </td>
                        <td data-label="Next retry">{attempt.next_retry_at ? formatDateTime(attempt.next_retry_at) : '—'}</td>
                        {props.writes && (
                          <td data-label="Actions">
                            {/* A ping is not a stored event: there is nothing to send again but another test. */}
                            {attempt.event_type === 'ping' ? (
                              <span class="muted">—</span>
                            ) : (
                              <button type="button" class="secondary" aria-label={`Resend ${attempt.event_type} ${attempt.event_id}`} onClick={() => void resend(attempt)}>
                                Resend
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination pagination={list.pagination} noun="attempts" hrefFor={(n) => `/dashboard/webhooks/${encodeURIComponent(props.endpointId)}?page=${n}`} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** The first 200 characters of what the receiver answered (the API keeps the first 1 KB). */
function excerpt(body: string): string {
  return body.length > 200 ? `${body.slice(0, 200)}…` : body;
}
