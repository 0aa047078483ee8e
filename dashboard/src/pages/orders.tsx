/**
 * Orders: the list with the API's filters (search, status, creation date range, customer) and
 * pagination, and the export of the orders (or their line items) those filters match as CSV, for
 * whoever may read reports.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, EmptyState, ErrorAlert, Loaded, Pagination, Select, StatusBadge, useResource } from '../components';
import { formatDateTime, formatMoney, formatShortDate, STATUS_LABELS } from '../format';
import { Link, navigate, useLocation } from '../router';

const PER_PAGE = 20;

/** The start of a local calendar day (YYYY-MM-DD), or its last millisecond, as an ISO instant. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString();
}

interface Filters {
  status: string;
  from: string;
  to: string;
  customer: string;
  q: string;
}

function filtersOf(query: URLSearchParams): Filters {
  return { status: query.get('status') ?? '', from: query.get('from') ?? '', to: query.get('to') ?? '', customer: query.get('customer') ?? '', q: query.get('q') ?? '' };
}

function hrefOf(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== '') query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/dashboard/orders${text ? `?${text}` : ''}`;
}

/** The filters as List Orders and the export take them. */
function apiFilters(applied: Filters) {
  return {
    ...(applied.status ? { status: applied.status } : {}),
    ...(applied.customer ? { customer_id: applied.customer } : {}),
    ...(applied.q.trim() ? { q: applied.q.trim() } : {}),
    ...(dayBound(applied.from, false) ? { created_at_min: dayBound(applied.from, false) } : {}),
    ...(dayBound(applied.to, true) ? { created_at_max: dayBound(applied.to, true) } : {}),
  };
}

/** How long an export may take to arrive whole: a year of a busy shop's orders is tens of megabytes. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

type ExportType = 'orders' | 'line_items';

/**
 * Saves `text` as the file `name`. The API wants the bearer token, which a plain link cannot carry,
 * so the file is fetched by the client and handed to the browser as a Blob behind a link.
 */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: the browser may still be reading the Blob when click() returns (FileSaver.js waits 40 s as well).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** The buttons that download the orders (or line items) the page's applied filters match. */
function ExportButtons(props: { applied: Filters }) {
  const [running, setRunning] = useState<ExportType>();
  const [failure, setFailure] = useState<ApiFailure>();
  const run = async (type: ExportType) => {
    setRunning(type);
    setFailure(undefined);
    try {
      const { data, response } = await till.orders.export({ ...apiFilters(props.applied), type }, { timeout: EXPORT_TIMEOUT_MS }).withResponse();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${type === 'orders' ? 'orders' : 'line-items'}.csv`;
      saveFile(name, data);
    } catch (error) {
      setFailure(asFailure(error));
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <div class="export-actions">
      <div class="filter-actions" role="group" aria-label="Export the orders these filters match as CSV">
        <button type="button" class="secondary" disabled={running !== undefined} onClick={() => void run('orders')}>
          {running === 'orders' ? 'Exporting orders…' : 'Export orders'}
        </button>
        <button type="button" class="secondary" disabled={running !== undefined} onClick={() => void run('line_items')}>
          {running === 'line_items' ? 'Exporting line items…' : 'Export line items'}
        </button>
      </div>
      <ErrorAlert error={failure} />
    </div>
  );
}

export function OrdersPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const applied = filtersOf(query);
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const key = query.toString();
  useEffect(() => setDraft(filtersOf(query)), [key]);

  const orders = useResource(
    () =>
      till.orders.list({ page, per_page: PER_PAGE, ...apiFilters(applied) }),
    [key],
  );
  const customers = useResource(
    () => (can(account, 'customers:read') ? till.customers.list({ per_page: 100 }).then((list) => list.data) : Promise.resolve([] as Schemas['Customer'][])),
    [],
  );
  const customerName = (id: string | null) => (id === null ? 'Walk-in' : (customers.data?.find((c) => c.id === id)?.name ?? id));

  return (
    <section>
      <div class="page-head">
        <h1>Orders</h1>
        {can(account, 'reports:read') && <ExportButtons applied={applied} />}
      </div>
      <form
        class="filters"
        aria-label="Filter orders"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(hrefOf(draft, 1));
        }}
      >
        <div class="field">
          <label for="orders-q">Search</label>
          <input
            id="orders-q"
            type="search"
            placeholder="Number, amount, card, customer"
            value={draft.q}
            onInput={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
          />
        </div>
        <Select
          label="Status"
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
          options={[['', 'Any status'], ...Object.entries(STATUS_LABELS)]}
        />
        <div class="field">
          <label for="orders-from">Created from</label>
          <input id="orders-from" type="date" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="orders-to">Created until</label>
          <input id="orders-to" type="date" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
        </div>
        {can(account, 'customers:read') && (
          <Select
            label="Customer"
            value={draft.customer}
            onChange={(customer) => setDraft({ ...draft, customer })}
            options={[['', 'Any customer'], ...(customers.data ?? []).map((c): [string, string] => [c.id, c.name])]}
          />
        )}
        <div class="filter-actions">
          <button type="submit">Apply filters</button>
          <Link class="button secondary" href="/dashboard/orders">
            Clear
          </Link>
        </div>
      </form>
      <Loaded resource={orders}>
        {(list) => (
          <>
            {list.data.length === 0 ? (
              Object.values(applied).some((value) => value !== '') ? (
                <EmptyState title="No orders match these filters" action={<Link href="/dashboard/orders">Clear the filters</Link>}>
                  Orders {account.environment === 'production' ? 'in live mode ' : ''}appear here when their status, date and customer match the filters.
                </EmptyState>
              ) : (
                <EmptyState title="No orders yet">
                  {account.environment === 'sandbox'
                    ? 'Orders appear here, newest first, as your register or your shop makes them through the API. Make the first one with a sandbox API key: POST /v1/orders.'
                    : 'Live orders appear here, newest first, once your register or shop takes them with a production API key. Try it first in test mode.'}
                </EmptyState>
              )
            ) : (
              <div class="table-wrap">
                <table class="orders rows">
                  <caption class="visually-hidden">Orders, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="num">
                        Total
                      </th>
                      <th scope="col" class="num">
                        Items
                      </th>
                      <th scope="col">Customer</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.map((order) => (
                      <tr key={order.id} data-order-id={order.id}>
                        <td data-label="Order" class="lead">
                          <Link href={`/dashboard/orders/${order.id}`}>
                            #{order.number} <span class="mono">{order.id}</span>
                          </Link>
                        </td>
                        <td data-label="Status">
                          <StatusBadge status={order.status} />
                        </td>
                        <td data-label="Total" class="num lead-end">{formatMoney(order.total, order.currency)}</td>
                        <td data-label="Items" class="num wide-only">
                          {order.items_count}
                        </td>
                        <td data-label="Customer">{customerName(order.customer_id)}</td>
                        <td data-label="Created">
                          <span class="wide-only">{formatDateTime(order.created_at)}</span>
                          <span class="phone-only">{formatShortDate(order.created_at)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination
              pagination={list.pagination}
              hrefFor={(n) => hrefOf(applied, n)}
              noun="orders"
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
