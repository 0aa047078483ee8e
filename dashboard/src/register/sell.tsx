/**
 * The selling screen: the catalogue on the left and the cart on the right (on a phone, the catalogue
 * and a cart bar that opens the cart), the barcode scanner listening wherever the focus is, and the
 * tender screens once the cashier chooses how the customer pays. Without the network the sale is rung up
 * offline: cash only, its total worked out here, kept on the device with a receipt number of the
 * register's own until it syncs.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { useAccount } from '../account';
import { asFailure } from '../components';
import { formatMoney } from '../format';
import { addProduct, itemsTotal, unitCount, type ChosenOption } from './cart';
import { CartPanel } from './cart-panel';
import { Catalogue } from './catalogue';
import { OpenDrawerDialog } from './drawer';
import { drawerState, openDrawerId } from './drawer-state';
import { online } from '../offline/connectivity';
import { recordSale, type OfflineSale } from '../offline/queue';
import { queueOf, readSnapshot } from '../offline/snapshot';
import { offlineTender, type OfflineFigures } from './offline-sale';
import { OfflineCashScreen, OfflineDoneScreen } from './offline-tender';
import { OptionsDialog } from './options-dialog';
import { saleFlow, type SaleCapture, type Tender } from './sale';
import { useBarcodeScanner } from './scanner';
import { useStore } from './store';
import { CardScreen, CashScreen, DoneScreen, SplitScreen, TipScreen } from './tender';

type Product = Schemas['Product'];

interface Notice {
  tone: 'info' | 'error';
  text: string;
}

export function SellScreen(props: { register: string; scope: string }) {
  const { account } = useAccount();
  const flow = saleFlow(props.scope);
  const sale = useStore(flow.store);
  const [choosing, setChoosing] = useState<Product>();
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState<Tender>();
  const [error, setError] = useState<ApiFailure>();
  const [cartShown, setCartShown] = useState(false);
  const [drawerFor, setDrawerFor] = useState<Tender>();
  const [offlineSale, setOfflineSale] = useState<{ figures: OfflineFigures; order: Parameters<typeof recordSale>[0]['order'] }>();
  const [kept, setKept] = useState<OfflineSale>();
  const connected = useStore(online);
  const currency = account.currency;
  const sandbox = account.environment === 'sandbox';
  useCartFitsScreen();
  const shownBefore = useRef(false);
  useEffect(() => {
    // On a phone the cart opens over the catalogue: the focus goes into it, and back to its bar after.
    if (cartShown) document.getElementById('cart-title')?.focus();
    else if (shownBefore.current) document.querySelector<HTMLElement>('.cart-bar')?.focus();
    shownBefore.current = cartShown;
  }, [cartShown]);

  const add = (product: Product, options: ChosenOption[] = []) => {
    flow.updateCart((cart) => addProduct(cart, product, options));
    setError(undefined);
    setNotice({ tone: 'info', text: `Added ${product.name}.` });
  };
  const pick = (product: Product) => {
    if (product.modifier_groups.length > 0) setChoosing(product);
    else add(product);
  };
  const addBarcode = async (code: string) => {
    if (flow.store.get().phase !== 'cart') {
      setNotice({ tone: 'error', text: `Scanned ${code}: finish this payment, or go back to the cart, to add items.` });
      return;
    }
    try {
      const products = online.get() ? (await till.products.list({ q: code, per_page: 10 })).data : ((await readSnapshot(props.scope))?.products ?? []);
      const product = products.find((p) => p.barcode === code);
      if (product === undefined) setNotice({ tone: 'error', text: `No product has the barcode ${code}.` });
      else if (!product.active) setNotice({ tone: 'error', text: `${product.name} (barcode ${code}) is not for sale: it is inactive.` });
      else pick(product);
    } catch (failure) {
      setNotice({ tone: 'error', text: `The barcode ${code} could not be looked up: ${asFailure(failure).message}` });
    }
  };
  useBarcodeScanner((code) => void addBarcode(code));

  const tender = async (chosen: Tender) => {
    setError(undefined);
    if (!online.get()) return tenderOffline(chosen);
    if (chosen !== 'cash' && !sandbox) {
      setError(
        new ApiFailure(
          'Card-present payments need a card terminal: in live mode the card comes from the payment processor’s reader (a configured Stripe terminal), which this register does not have. Take cash, or switch on Test mode to try cards.',
          0,
          'card_terminal_missing',
        ),
      );
      return;
    }
    // Read now, not from the last render: the drawer may have been opened since (the dialog below).
    const current = drawerState.get();
    if (chosen !== 'card' && current?.status !== 'open') {
      // Cash goes in a drawer: the register asks for it to be opened (with its float) first.
      if (current?.status === 'none') setDrawerFor(chosen);
      else setError(current?.status === 'error' ? current.error : new ApiFailure('The drawer of this register is being looked up. Try again in a moment.', 0, 'drawer_loading'));
      return;
    }
    setBusy(chosen);
    try {
      await flow.tender(chosen, props.register);
      setCartShown(false);
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(undefined);
    }
  };
  const tenderOffline = (chosen: Tender) => {
    if (chosen !== 'cash') return setError(new ApiFailure('Card needs a connection: take cash, or wait for the network.', 0, 'offline'));
    const offline = offlineTender(flow.store.get().cart, account, props.register);
    if ('refused' in offline) return setError(new ApiFailure(offline.refused, 0, 'offline'));
    setOfflineSale(offline);
    setCartShown(false);
  };
  /** Keeps the offline sale on the device, with the drawer the register last knew open (its cash goes in it). */
  const takeOffline = async (cashGiven: number) => {
    if (offlineSale === undefined) return;
    const drawerId = openDrawerId() ?? (await readSnapshot(props.scope).catch(() => undefined))?.drawers[props.register];
    const sale = await recordSale({
      queue: queueOf(account),
      scope: props.scope,
      register: props.register,
      currency,
      total: offlineSale.figures.total,
      cashGiven,
      names: Object.fromEntries(flow.store.get().cart.lines.map((line) => [line.productId, line.name])),
      order: offlineSale.order,
      capture: { cash_given: cashGiven, ...(drawerId === undefined ? {} : { cash_drawer_id: drawerId }) },
    });
    flow.newSale();
    setOfflineSale(undefined);
    setKept(sale);
  };
  /** Every capture of the register names the open drawer (a cash sale's cash goes in it). */
  const capture = (body: SaleCapture) => {
    const drawerId = openDrawerId();
    return flow.capture({ ...body, ...(drawerId === undefined ? {} : { cash_drawer_id: drawerId }) });
  };

  if (kept !== undefined) {
    return (
      <div class="register-tender">
        <OfflineDoneScreen
          sale={kept}
          onNewSale={() => {
            setKept(undefined);
            setNotice(undefined);
          }}
        />
      </div>
    );
  }
  if (offlineSale !== undefined) {
    return (
      <div class="register-tender">
        <OfflineCashScreen figures={offlineSale.figures} currency={currency} onTake={takeOffline} onBack={() => setOfflineSale(undefined)} />
      </div>
    );
  }

  const order = sale.order;
  if (sale.phase !== 'cart' && order !== null) {
    const back = () => flow.backToCart();
    return (
      <div class="register-tender">
        {notice?.tone === 'error' && <Notice notice={notice} />}
        {sale.phase === 'cash' && <CashScreen order={order} onCapture={capture} onBack={back} />}
        {sale.phase === 'tip' && <TipScreen order={order} onTip={(tip) => flow.chooseTip(tip)} onBack={back} />}
        {sale.phase === 'split' && <SplitScreen order={order} onSplit={(cash, given) => flow.chooseSplit(cash, given)} onBack={back} />}
        {sale.phase === 'card' && <CardScreen order={order} tip={sale.tip} split={sale.split} sandbox={sandbox} onCapture={capture} onBack={back} />}
        {sale.phase === 'done' && (
          <DoneScreen
            order={order}
            onNewSale={() => {
              flow.newSale();
              setNotice(undefined);
            }}
          />
        )}
      </div>
    );
  }

  const units = unitCount(sale.cart);
  return (
    <div class={cartShown ? 'register-sell cart-shown' : 'register-sell'}>
      <div class="register-left">
        <Notice notice={notice} />
        <Catalogue currency={currency} onPick={pick} onBarcode={(code) => void addBarcode(code)} />
      </div>
      <CartPanel
        cart={sale.cart}
        currency={currency}
        busy={busy}
        error={error}
        offline={!connected}
        onChange={(change) => flow.updateCart(change)}
        onTender={(chosen) => void tender(chosen)}
        onClear={async () => {
          try {
            await flow.clear();
            setNotice(undefined);
            setError(undefined);
          } catch (failure) {
            throw asFailure(failure);
          }
        }}
        onHide={() => setCartShown(false)}
      />
      <button type="button" class="cart-bar big" aria-controls="register-cart" aria-expanded={cartShown} onClick={() => setCartShown(true)}>
        <span>View cart · {units === 1 ? '1 item' : `${units} items`}</span>
        <span>{formatMoney(itemsTotal(sale.cart), currency)}</span>
      </button>
      <OptionsDialog
        product={choosing}
        currency={currency}
        onAdd={(product, options) => {
          add(product, options);
          setChoosing(undefined);
        }}
        onClose={() => setChoosing(undefined)}
      />
      <OpenDrawerDialog
        open={drawerFor !== undefined}
        register={props.register}
        scope={props.scope}
        reason="Open the drawer with its float before the first cash sale."
        onOpened={() => {
          const next = drawerFor;
          setDrawerFor(undefined);
          if (next !== undefined) void tender(next);
        }}
        onClose={() => setDrawerFor(undefined)}
      />
    </div>
  );
}

/**
 * The cart ends at the bottom of the screen, where it starts below the header, so that its total and
 * tender buttons are in sight without scrolling; its lines scroll inside it. (Sticky, it keeps that
 * height when the catalogue scrolls.)
 */
function useCartFitsScreen(): void {
  useLayoutEffect(() => {
    const fit = () => {
      const cart = document.getElementById('register-cart');
      if (cart === null) return;
      const top = Math.max(0, cart.getBoundingClientRect().top + window.scrollY);
      cart.style.setProperty('--cart-top', `${Math.round(top)}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });
}

function Notice(props: { notice: Notice | undefined }) {
  const { notice } = props;
  // Both regions stay in the page, so that a screen reader announces each new message.
  return (
    <>
      <p class="register-notice" role="status" aria-live="polite">
        {notice?.tone === 'info' ? notice.text : ''}
      </p>
      <p class={notice?.tone === 'error' ? 'register-notice alert' : 'register-notice'} role="alert" data-notice="error">
        {notice?.tone === 'error' ? notice.text : ''}
      </p>
    </>
  );
}
