/** Building blocks shared by the pages: data loading with retry, labelled fields, alerts, dialogs, pagination. */
import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ConnectionError, TillError } from '@till/client';
import { ApiFailure } from './api';
import { Link } from './router';
import { STATUS_LABELS } from './format';

export interface Resource<T> {
  data: T | undefined;
  error: ApiFailure | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads data when the page opens or `deps` change; `reload` fetches again (after a change, or to retry). */
export function useResource<T>(load: () => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: ApiFailure | undefined; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    load().then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error: asFailure(error), loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/** The failure to show for an error of a call, or of the page's own checks. */
export function asFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof ConnectionError) return new ApiFailure('Till could not be reached. Check the connection and retry.', 0, 'network_error');
  if (error instanceof TillError) {
    // Only Till's own answers carry a Request-Id: another's (a proxy's error page) is not shown as it is.
    return new ApiFailure(error.requestId === undefined ? `The request failed (${error.status}).` : error.message, error.status, error.code);
  }
  return new ApiFailure(error instanceof Error ? error.message : String(error), 0, 'unknown');
}

/** The API's message, announced; a network failure (or any failure of a load) offers a retry. */
export function ErrorAlert(props: { error: ApiFailure | undefined; retry?: () => void; id?: string }) {
  if (props.error === undefined) return null;
  return (
    <div class="alert" role="alert" id={props.id}>
      <span>{props.error.message}</span>
      {props.retry && (
        <button type="button" class="secondary" onClick={props.retry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** The loading, failure and content states of a resource. */
export function Loaded<T>(props: { resource: Resource<T>; children: (data: T) => ComponentChildren }) {
  const { resource } = props;
  if (resource.error !== undefined) return <ErrorAlert error={resource.error} retry={resource.reload} />;
  if (resource.data === undefined) return <p class="muted" aria-live="polite">Loading…</p>;
  return <>{props.children(resource.data)}</>;
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label' | 'onInput'> & {
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string;
};

/** An input with its visible label (and hint, tied by aria-describedby). */
export function Field(props: InputProps) {
  const { label, hint, value, onInput, id: givenId, ...rest } = props;
  const generated = useId();
  const id = (givenId as string | undefined) ?? generated;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input {...rest} id={id} value={value} aria-describedby={hint ? `${id}-hint` : undefined} onInput={(event) => onInput(event.currentTarget.value)} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function Select(props: { label: string; value: string; onChange: (value: string) => void; options: [string, string][]; id?: string }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A modal dialog (the platform's <dialog>): the focus moves into it when it opens and back to where
 * it was when it closes; Escape closes it.
 */
export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ComponentChildren; describedBy?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  // A layout effect: the dialog opens and closes in the same task as the render that asks for it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (props.open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // The first field of the dialog's body (or its first button), not the close button of its title bar.
      const first = dialog.querySelector<HTMLElement>('.dialog-body input, .dialog-body select, .dialog-body textarea, .dialog-body button');
      first?.focus();
    } else if (!props.open && dialog.open) {
      dialog.close();
      const target = returnTo.current;
      returnTo.current = null;
      if (target !== null && target.isConnected) target.focus();
    }
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <div class="dialog-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" class="icon" aria-label="Close" onClick={props.onClose}>
          ×
        </button>
      </div>
      <div class="dialog-body">{props.open && props.children}</div>
    </dialog>
  );
}

/**
 * A yes-or-no question before something that cannot be undone. `tone` is `danger` (the default) for
 * what loses something, `primary` for what the user set out to do, such as taking a payment.
 */
export function ConfirmDialog(props: {
  title: string;
  open: boolean;
  message: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  tone?: 'danger' | 'primary';
}) {
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  useEffect(() => setError(undefined), [props.open]);
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose} describedBy={messageId}>
      <p id={messageId}>{props.message}</p>
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onClose}>
          Keep it
        </button>
        <button
          type="button"
          class={props.tone === 'primary' ? undefined : 'danger'}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await props.onConfirm();
              props.onClose();
            } catch (failure) {
              setError(asFailure(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** A list's place among its pages, as the API's `pagination` object gives it. */
export interface PageInfo {
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

export function Pagination(props: { pagination: PageInfo; hrefFor: (page: number) => string; noun: string }) {
  const { page, per_page: perPage, total, has_more: hasMore } = props.pagination;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <nav class="pagination" aria-label="Pages">
      <span>
        {total === 0 ? `No ${props.noun}` : `${first}–${last} of ${total} ${props.noun}`}
      </span>
      {page > 1 ? <Link href={props.hrefFor(page - 1)}>Previous page</Link> : <span class="muted" aria-hidden="true">Previous page</span>}
      {hasMore ? <Link href={props.hrefFor(page + 1)}>Next page</Link> : <span class="muted" aria-hidden="true">Next page</span>}
    </nav>
  );
}

/**
 * What a list shows while it has nothing: what would appear in it, and how to make the first one
 * (a sentence, and the button or link that does it when the person may).
 */
export function EmptyState(props: { title: string; children: ComponentChildren; action?: ComponentChildren }) {
  return (
    <div class="empty" data-empty>
      <h2>{props.title}</h2>
      <p>{props.children}</p>
      {props.action !== undefined && <div class="empty-action">{props.action}</div>}
    </div>
  );
}

export function StatusBadge(props: { status: string }) {
  return <span class={`badge status-${props.status}`}>{STATUS_LABELS[props.status] ?? props.status}</span>;
}

export function NoAccess() {
  return (
    <section class="no-access">
      <h1>You don't have access to this page</h1>
      <p>Your role does not allow this. Ask an admin of your shop if you need it.</p>
      <p>
        <Link href="/dashboard/orders">Go to orders</Link>
      </p>
    </section>
  );
}

/** Checkboxes for choosing some of `values`, each shown as its code and what it means. */
export function Checklist<T extends string>(props: { values: readonly T[]; labels: Record<T, string>; chosen: readonly T[]; onChange: (chosen: T[]) => void }) {
  const { values, labels, chosen, onChange } = props;
  return (
    <div class="scopes">
      {values.map((value) => (
        <label class="choice" key={value}>
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, value] : chosen.filter((v) => v !== value))}
          />{' '}
          <code>{value}</code> {labels[value]}
        </label>
      ))}
    </div>
  );
}

/**
 * A secret shown this once: the warning, the value in a field that selects itself, a copy button
 * (which selects the value instead where the browser refuses the clipboard) and the button that
 * closes it. `noun` names the secret in the buttons and messages ("key", "secret").
 */
export function ShownOnce(props: { id: string; noun: string; label: ComponentChildren; value: string; warning: ComponentChildren; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>();
  const warningId = useId();
  return (
    <div class="created-key">
      <p class="warning" id={warningId}>
        {props.warning}
      </p>
      <div class="field">
        <label for={props.id}>{props.label}</label>
        <div class="copy-row">
          <input ref={field} id={props.id} class="mono" readOnly value={props.value} aria-describedby={warningId} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(props.value);
                setCopied('Copied to the clipboard.');
              } catch {
                field.current?.select();
                setCopied(`Copying was refused by the browser: the ${props.noun} is selected, press Ctrl+C (⌘C on a Mac).`);
              }
            }}
          >
            Copy {props.noun}
          </button>
        </div>
        <p role="status" class="hint">
          {copied ?? ''}
        </p>
      </div>
      <div class="actions">
        <button type="button" onClick={props.onDone}>
          I have stored the {props.noun}
        </button>
      </div>
    </div>
  );
}
