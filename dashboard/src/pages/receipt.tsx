/**
 * The receipt's print view: the receipt of a paid order on an 80 mm strip, as the hosted receipt page
 * and the e-mail show it (one markup, `src/receipts/receipt-html.ts`), with a Print button and, for a
 * credential that may make one, a fresh link to the hosted receipt for the customer, printed under it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ErrorAlert, Loaded, useResource } from '../components';
import { Link } from '../router';
import { receiptHtml } from '../../../src/receipts/receipt-html';
import { receiptView } from '../../../src/receipts/receipt-view';

type Receipt = Schemas['Receipt'];

export function ReceiptPage(props: { id: string }) {
  const receipt = useResource(() => till.orders.retrieveReceipt(props.id), [props.id]);
  return (
    <section class="receipt-view">
      <p class="crumbs receipt-actions">
        <Link href="/dashboard/orders">Orders</Link> › <Link href={`/dashboard/orders/${encodeURIComponent(props.id)}`}>Order</Link>
      </p>
      <Loaded resource={receipt}>{(data) => <PrintView receipt={data} />}</Loaded>
    </section>
  );
}

function PrintView(props: { receipt: Receipt }) {
  const { receipt } = props;
  const { account } = useAccount();
  // Times in the register's own zone, named on the receipt.
  const view = receiptView(receipt);
  useEffect(() => {
    document.title = `Receipt, order #${receipt.number} · Till`;
  }, [receipt.number]);
  return (
    <>
      <div class="page-head receipt-actions">
        <h1>Receipt of order #{receipt.number}</h1>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p class="muted receipt-actions">Printed on 80 mm receipt paper: choose the receipt printer (and its 80 mm paper, if asked).</p>
      <div class="receipt-sheet receipt-paper">
        {/* The receipt's one markup, shared with the hosted page and the e-mail; every text in it is escaped there. */}
        <div dangerouslySetInnerHTML={{ __html: receiptHtml(view) }} />
        {can(account, 'orders:write') && <ReceiptLinkBlock orderId={receipt.order_id} />}
      </div>
    </>
  );
}

/**
 * A new link to the hosted receipt, made when the view opens, printed under the receipt for the
 * customer to open on a phone. Drawn as text until a QR code library is added.
 */
function ReceiptLinkBlock(props: { orderId: string }) {
  const [url, setUrl] = useState<string>();
  const [failure, setFailure] = useState<ApiFailure>();
  useEffect(() => {
    let live = true;
    till.orders.createReceiptLink(props.orderId).then(
      (link) => live && setUrl(link.url),
      (error: unknown) => live && setFailure(asFailure(error)),
    );
    return () => {
      live = false;
    };
  }, [props.orderId]);
  if (failure !== undefined) {
    return (
      <div class="receipt-actions">
        <ErrorAlert error={failure} />
      </div>
    );
  }
  if (url === undefined) return <p class="receipt-link muted receipt-actions">Making the receipt's link…</p>;
  return (
    <div class="receipt-link" data-receipt-link>
      <p>Your receipt online:</p>
      <p class="mono">{url}</p>
    </div>
  );
}
