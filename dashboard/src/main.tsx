/**
 * The merchant dashboard: signs in through Till's OAuth flow, then routes between the pages. Served
 * at `/dashboard` by the same server as the API, and a client of the public API like any other app.
 *
 * Without the network (the page then comes from the service worker), it opens as the account this
 * device was last signed in with, so that the register sells and queues; when the network is back it
 * resumes the sign-in (or asks for it again) before anything is sent.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { till } from './api';
import { AccountState, type Account } from './account';
import { completeAuthorization, currentSession, onSessionChange, resumeSession, SignInError, startAuthorization } from './auth';
import { asFailure } from './components';
import { Layout } from './layout';
import { online } from './offline/connectivity';
import { keepAccount, lastAccount } from './offline/snapshot';
import { installWorker } from './offline/worker';
import { navigate } from './router';

function SignInProblem(props: { message: string }) {
  return (
    <main class="signed-out">
      <h1>Sign-in did not complete</h1>
      <p role="alert">{props.message}</p>
      <p>
        <button type="button" onClick={() => void startAuthorization('/dashboard')}>
          Sign in again
        </button>
      </p>
    </main>
  );
}

/** `offline`: opened without the network, as the account this device last signed in with. */
function App(props: { offline?: Account }) {
  const [account, setAccount] = useState<Account | undefined>(props.offline);
  const [failure, setFailure] = useState<string>();
  const load = async () => {
    try {
      const loaded = await till.account.retrieve();
      setAccount(loaded);
      setFailure(undefined);
      await keepAccount(loaded).catch(() => undefined);
    } catch (error) {
      const shown = asFailure(error);
      // Offline with an account already shown: it stays (the register sells offline).
      if (shown.status !== 0 || account === undefined) setFailure(shown.message);
    }
  };
  useEffect(() => {
    if (props.offline === undefined) void load();
    const stopSession = onSessionChange((session, ended) => {
      if (session !== undefined) return;
      setAccount(undefined);
      if (ended === 'ended') void startAuthorization(location.pathname + location.search);
    });
    // Opened offline: at the network's return, the sign-in the backend keeps, or the sign-in page.
    const stopOnline = online.subscribe((connected) => {
      if (!connected || currentSession() !== undefined) return;
      resumeSession().then(
        (session) => (session === undefined ? void startAuthorization(location.pathname + location.search) : void load()),
        () => undefined,
      );
    });
    return () => {
      stopSession();
      stopOnline();
    };
  }, []);
  if (failure !== undefined && account === undefined) {
    return (
      <main class="signed-out">
        <h1>Till dashboard</h1>
        <div class="alert" role="alert">
          <span>{failure}</span>
          <button type="button" class="secondary" onClick={() => void load()}>
            Retry
          </button>
        </div>
      </main>
    );
  }
  if (account === undefined) return <p class="boot">Loading…</p>;
  return (
    <AccountState.Provider value={{ account, reload: load }}>
      <Layout />
    </AccountState.Provider>
  );
}

/**
 * Where a page load of `path` shows: a cashier who lands on the dashboard's front page (after signing
 * in, or opening `/dashboard`) gets the register, their working screen; every other page stays itself.
 */
function landing(path: string): string {
  return path === '/dashboard' && currentSession()?.claims.role === 'cashier' ? '/dashboard/register' : path;
}

async function boot(root: HTMLElement): Promise<void> {
  const here = new URL(location.href);
  if (here.pathname === '/dashboard/callback') {
    try {
      const returnTo = await completeAuthorization(here);
      navigate(landing(returnTo), { replace: true });
    } catch (error) {
      const message = error instanceof SignInError ? error.message : 'The sign-in could not be completed.';
      history.replaceState(null, '', '/dashboard');
      render(<SignInProblem message={message} />, root);
      return;
    }
  } else if (here.pathname === '/dashboard/signup') {
    await startAuthorization('/dashboard', { signUp: true });
  } else if (currentSession() === undefined) {
    // No network: the refresh token is not spent on a request whose answer (its successor) could be lost.
    const resumed = !navigator.onLine
      ? 'unreachable'
      : await resumeSession().then(
          (session) => (session === undefined ? 'signed-out' : 'signed-in'),
          () => 'unreachable' as const,
        );
    const offline = lastAccount();
    if (resumed === 'unreachable' && offline !== undefined) {
      root.textContent = '';
      render(<App offline={offline} />, root);
      return;
    }
    if (resumed !== 'signed-in') await startAuthorization(here.pathname + here.search);
    if (landing(here.pathname) !== here.pathname) history.replaceState(null, '', landing(here.pathname));
  } else if (landing(here.pathname) !== here.pathname) {
    history.replaceState(null, '', landing(here.pathname));
  }
  root.textContent = '';
  render(<App />, root);
}

installWorker();
void boot(document.getElementById('app')!);
