/** The frame of every page: the header with the test-mode switch, the navigation, and the routed page. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { can, isAdmin, useAccount, type Account } from './account';
import { refresh, signOut } from './auth';
import { asFailure, ErrorAlert, NoAccess } from './components';
import { ApiFailure } from './api';
import { Link, navigate, useLocation } from './router';
import { HomePage } from './pages/home';
import { OrdersPage } from './pages/orders';
import { OrderPage } from './pages/order';
import { ReceiptPage } from './pages/receipt';
import { ProductsPage } from './pages/products';
import { DiscountCodesPage } from './pages/discount-codes';
import { CustomersPage } from './pages/customers';
import { CustomerPage } from './pages/customer';
import { ApiKeysPage } from './pages/api-keys';
import { WebhookPage, WebhooksPage } from './pages/webhooks';
import { TeamPage } from './pages/team';
import { AccountPage } from './pages/account';
import { SettingsPage } from './pages/settings';
import { RegisterPage, registerScreen } from './register/register-page';
import { OfflineBanner, useOfflineSync } from './offline/status';
import { forgetLastAccount } from './offline/snapshot';
import type { JSX } from 'preact';

interface Section {
  href: string;
  label: string;
  allowed: (account: Account) => boolean;
}

const SECTIONS: Section[] = [
  { href: '/dashboard', label: 'Home', allowed: (a) => can(a, 'orders:read') },
  { href: '/dashboard/register', label: 'Register', allowed: (a) => can(a, 'orders:write') && can(a, 'products:read') },
  { href: '/dashboard/orders', label: 'Orders', allowed: (a) => can(a, 'orders:read') },
  { href: '/dashboard/products', label: 'Products', allowed: (a) => can(a, 'products:read') },
  { href: '/dashboard/discount-codes', label: 'Discounts', allowed: (a) => can(a, 'products:read') },
  { href: '/dashboard/customers', label: 'Customers', allowed: (a) => can(a, 'customers:read') },
  { href: '/dashboard/webhooks', label: 'Webhooks', allowed: (a) => can(a, 'webhooks:read') },
  { href: '/dashboard/team', label: 'Team', allowed: isAdmin },
  { href: '/dashboard/settings/shop', label: 'Settings', allowed: (a) => isAdmin(a) && can(a, 'merchant:write') },
  { href: '/dashboard/settings/api-keys', label: 'API keys', allowed: (a) => can(a, 'api_keys:write') && a.user !== null },
  { href: '/dashboard/account', label: 'Account', allowed: (a) => a.user !== null },
];

function route(path: string): { section: Section | undefined; page: () => JSX.Element } {
  const find = (href: string) => SECTIONS.find((s) => s.href === href);
  let match: RegExpExecArray | null;
  if (path === '/dashboard') return { section: find('/dashboard'), page: () => <HomePage /> };
  const register = registerScreen(path);
  if (register !== undefined) return { section: find('/dashboard/register'), page: () => <RegisterPage screen={register} /> };
  if (path === '/dashboard/orders') return { section: find('/dashboard/orders'), page: () => <OrdersPage /> };
  if ((match = /^\/dashboard\/orders\/([^/]+)$/.exec(path))) {
    const id = decodeURIComponent(match[1]!);
    return { section: find('/dashboard/orders'), page: () => <OrderPage id={id} /> };
  }
  if ((match = /^\/dashboard\/orders\/([^/]+)\/receipt$/.exec(path))) {
    const id = decodeURIComponent(match[1]!);
    return { section: find('/dashboard/orders'), page: () => <ReceiptPage id={id} /> };
  }
  if (path === '/dashboard/products') return { section: find('/dashboard/products'), page: () => <ProductsPage /> };
  if (path === '/dashboard/discount-codes') return { section: find('/dashboard/discount-codes'), page: () => <DiscountCodesPage /> };
  if (path === '/dashboard/customers') return { section: find('/dashboard/customers'), page: () => <CustomersPage /> };
  if ((match = /^\/dashboard\/customers\/([^/]+)$/.exec(path))) {
    const id = decodeURIComponent(match[1]!);
    return { section: find('/dashboard/customers'), page: () => <CustomerPage id={id} /> };
  }
  if (path === '/dashboard/webhooks') return { section: find('/dashboard/webhooks'), page: () => <WebhooksPage /> };
  if ((match = /^\/dashboard\/webhooks\/([^/]+)$/.exec(path))) {
    const id = decodeURIComponent(match[1]!);
    return { section: find('/dashboard/webhooks'), page: () => <WebhookPage id={id} /> };
  }
  if (path === '/dashboard/team') return { section: find('/dashboard/team'), page: () => <TeamPage /> };
  if (path === '/dashboard/settings/shop') return { section: find('/dashboard/settings/shop'), page: () => <SettingsPage /> };
  if (path === '/dashboard/account') return { section: find('/dashboard/account'), page: () => <AccountPage /> };
  if (path === '/dashboard/settings/api-keys' || path === '/dashboard/settings') {
    return { section: find('/dashboard/settings/api-keys'), page: () => <ApiKeysPage /> };
  }
  return {
    section: undefined,
    page: () => (
      <section>
        <h1>Page not found</h1>
        <p>
          There is no dashboard page at this address. <Link href="/dashboard">Go to the home page</Link>.
        </p>
      </section>
    ),
  };
}

function ModeSwitch() {
  const { account, reload } = useAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure>();
  const sandbox = account.environment === 'sandbox';
  return (
    <div class="mode">
      <button
        type="button"
        role="switch"
        aria-checked={sandbox}
        class={sandbox ? 'mode-switch on' : 'mode-switch'}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            await refresh(sandbox ? 'production' : 'sandbox');
            await reload();
            // An order, customer or webhook endpoint of one data set does not exist in the other: go to its list.
            const detail = /^(\/dashboard\/(orders|customers|webhooks))\/[^/]+(\/receipt)?$/.exec(location.pathname);
            if (detail) navigate(detail[1]!, { replace: true });
          } catch (failure) {
            setError(asFailure(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <span class="track" aria-hidden="true">
          <span class="thumb" />
        </span>
        Test mode
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}

export function Layout() {
  const { account } = useAccount();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const { section, page } = route(path);
  const allowed = section === undefined || section.allowed(account);
  const moved = useRef(false);
  useEffect(() => {
    setMenuOpen(false);
    // After a move to another page (not on the first one), the keyboard and screen readers start at its content.
    if (moved.current) main.current?.focus({ preventScroll: true });
    moved.current = true;
  }, [path]);
  useEffect(() => {
    document.title = `${section?.label ?? 'Dashboard'} · Till`;
  }, [section]);
  const sandbox = account.environment === 'sandbox';
  useOfflineSync(account);
  // The register needs the screen's height: below a desktop's width its header keeps the links behind Menu.
  const onRegister = section?.href === '/dashboard/register';
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      {sandbox && (
        <div class="test-banner" role="status">
          Test mode: you are viewing sandbox data. Nothing here moves real money.
        </div>
      )}
      <header class={onRegister ? 'top compact' : 'top'}>
        <div class="brand">
          <span class="logo" aria-hidden="true">
            T
          </span>
          <span class="merchant">{account.name}</span>
        </div>
        <ModeSwitch />
        <button type="button" class="menu-button secondary" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <nav id="nav" class={menuOpen ? 'nav open' : 'nav'} aria-label="Dashboard">
          <ul>
            {SECTIONS.filter((s) => s.allowed(account)).map((s) => (
              <li key={s.href}>
                <Link href={s.href} aria-current={section === s ? 'page' : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <div class="who">
            <span class="muted" title={`${account.user?.email} (${account.user?.role})`}>
              {account.user?.email} ({account.user?.role})
            </span>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                // Signed out on purpose: this device no longer opens offline as this user (their queued sales stay, theirs).
                forgetLastAccount();
                void signOut();
              }}
            >
              Sign out
            </button>
          </div>
        </nav>
      </header>
      <main id="main" ref={main} tabIndex={-1} key={`${account.environment}:${path}`} class={onRegister ? 'register-main' : undefined}>
        {allowed ? page() : <NoAccess />}
      </main>
    </>
  );
}
