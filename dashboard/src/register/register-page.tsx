/**
 * The register at `/dashboard/register`: a cashier's selling screen, part of the dashboard (same
 * sign-in, same API client). This device's register code is asked once; then the screens: the sale,
 * today's sales (refunds and voids), the drawer, and, for managers and admins, the end-of-day report;
 * and, once it has sold offline, the report of its offline sales.
 */
import { useEffect, useState } from 'preact/hooks';
import { can, useAccount } from '../account';
import { formatMoney } from '../format';
import { Link } from '../router';
import { REGISTER_CODE, registerCode } from './device';
import { DrawerScreen } from './drawer';
import { drawerState, loadDrawer } from './drawer-state';
import { EndOfDayScreen } from './end-of-day';
import { SaleDetail, SalesToday } from './sales-today';
import { SellScreen } from './sell';
import { useStore } from './store';
import { online } from '../offline/connectivity';
import { queueCounts } from '../offline/queue';
import { catalogueKept, keepDrawer, queueOf } from '../offline/snapshot';
import { REPORT_PATH } from '../offline/status';
import { shellKept } from '../offline/worker';
import { OfflineReport } from './offline-report';

export type RegisterScreen =
  | { name: 'sale' }
  | { name: 'sales' }
  | { name: 'sale-detail'; id: string }
  | { name: 'drawer' }
  | { name: 'end-of-day' }
  | { name: 'offline' };

/** The screen of a path under `/dashboard/register`, or undefined for none. */
export function registerScreen(path: string): RegisterScreen | undefined {
  if (path === '/dashboard/register') return { name: 'sale' };
  if (path === '/dashboard/register/sales') return { name: 'sales' };
  const detail = /^\/dashboard\/register\/sales\/([^/]+)$/.exec(path);
  if (detail) return { name: 'sale-detail', id: decodeURIComponent(detail[1]!) };
  if (path === '/dashboard/register/drawer') return { name: 'drawer' };
  if (path === '/dashboard/register/end-of-day') return { name: 'end-of-day' };
  if (path === REPORT_PATH) return { name: 'offline' };
  return undefined;
}

export function RegisterPage(props: { screen: RegisterScreen }) {
  const { account } = useAccount();
  const code = useStore(registerCode);
  const [changing, setChanging] = useState(false);
  const scope = `${account.id}.${account.environment}`;
  const counts = useStore(queueCounts);
  const connected = useStore(online);
  const drawer = useStore(drawerState);
  useEffect(() => {
    document.title = 'Register · Till';
  }, [props.screen.name]);
  useEffect(() => {
    if (code !== null && connected && can(account, 'cash_drawers:read')) void loadDrawer(code, scope);
  }, [code, scope, connected]);
  useEffect(() => {
    // The drawer as last known online: an offline sale's cash goes in it.
    if (drawer?.status === 'open' || drawer?.status === 'none') void keepDrawer(account, drawer.register, drawer.status === 'open' ? drawer.drawer.id : undefined).catch(() => undefined);
  }, [drawer]);
  if (code === null || changing) return <RegisterSetup current={code} onDone={() => setChanging(false)} />;
  const tabs: [RegisterScreen['name'], string, string][] = [
    ['sale', '/dashboard/register', 'Sale'],
    ['sales', '/dashboard/register/sales', "Today's sales"],
    ...(can(account, 'cash_drawers:read') ? ([['drawer', '/dashboard/register/drawer', 'Drawer']] as [RegisterScreen['name'], string, string][]) : []),
    ...(can(account, 'reports:read') ? ([['end-of-day', '/dashboard/register/end-of-day', 'End of day']] as [RegisterScreen['name'], string, string][]) : []),
    ...(counts.waiting + counts.refused + counts.differences > 0 || props.screen.name === 'offline'
      ? ([['offline', REPORT_PATH, 'Offline sales']] as [RegisterScreen['name'], string, string][])
      : []),
  ];
  const current = props.screen.name === 'sale-detail' ? 'sales' : props.screen.name;
  return (
    <div class="register">
      <h1 class="visually-hidden">Register {code}</h1>
      <div class="register-bar no-print">
        <nav aria-label="Register" class="register-tabs">
          {tabs.map(([name, href, label]) => (
            <Link key={name} href={href} aria-current={current === name ? 'page' : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        <div class="register-status">
          <span>
            Register <strong data-register-code>{code}</strong>
          </span>
          <DrawerStatus />
          <OfflineReady />
          <button type="button" class="secondary" onClick={() => setChanging(true)}>
            Change register
          </button>
        </div>
      </div>
      {props.screen.name === 'sale' && <SellScreen register={code} scope={scope} />}
      {props.screen.name === 'sales' && <SalesToday scope={scope} />}
      {props.screen.name === 'sale-detail' && <SaleDetail id={props.screen.id} register={code} scope={scope} />}
      {props.screen.name === 'drawer' && <DrawerScreen register={code} scope={scope} />}
      {props.screen.name === 'end-of-day' && (can(account, 'reports:read') ? <EndOfDayScreen /> : <p>Your role does not show the end-of-day report.</p>)}
      {props.screen.name === 'offline' && <OfflineReport queue={queueOf(account)} />}
    </div>
  );
}

/** Whether this register would open and sell with no network now: its page is kept, and its catalogue. */
function OfflineReady() {
  const shell = useStore(shellKept);
  const catalogue = useStore(catalogueKept);
  const connected = useStore(online);
  if (!connected || !shell || !catalogue) return null;
  return (
    <span class="badge" data-offline-ready title="The register opens and sells cash without the network.">
      Ready offline
    </span>
  );
}

function DrawerStatus() {
  const state = useStore(drawerState);
  const connected = useStore(online);
  if (!connected) {
    return (
      <span class="badge" data-drawer-status="offline">
        Drawer: offline
      </span>
    );
  }
  if (state === null || state.status === 'loading') return null;
  if (state.status === 'open') {
    return (
      <span class="badge status-paid" data-drawer-status="open">
        Drawer open · {formatMoney(state.drawer.expected_cash, state.drawer.currency)}
      </span>
    );
  }
  if (state.status === 'none') {
    return (
      <span class="badge" data-drawer-status="none">
        Drawer closed
      </span>
    );
  }
  return (
    <span class="badge" data-drawer-status="unknown" title={state.error.message}>
      Drawer unknown
    </span>
  );
}

/** The register code of this device, asked once (and again on "Change register"). */
function RegisterSetup(props: { current: string | null; onDone: () => void }) {
  const [text, setText] = useState(props.current ?? '');
  const [problem, setProblem] = useState<string>();
  return (
    <section class="register-setup panel" aria-labelledby="setup-title">
      <h1 id="setup-title">Which register is this?</h1>
      <p>Give this device the code of its register, such as R1 or front-1. It is kept on this device, and names the drawer its cash goes in.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const code = text.trim();
          if (!REGISTER_CODE.test(code)) return setProblem('Use 1 to 20 letters, digits, - or _.');
          registerCode.set(code);
          props.onDone();
        }}
      >
        <div class="field">
          <label for="register-code">Register code</label>
          <input id="register-code" autoComplete="off" maxLength={20} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-describedby={problem ? 'register-code-problem' : undefined} />
        </div>
        {problem !== undefined && (
          <p class="field-problem" role="alert" id="register-code-problem">
            {problem}
          </p>
        )}
        <div class="actions">
          {props.current !== null && (
            <button type="button" class="secondary big" onClick={props.onDone}>
              Cancel
            </button>
          )}
          <button type="submit" class="big">
            Use this register
          </button>
        </div>
      </form>
    </section>
  );
}
