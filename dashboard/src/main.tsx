/**
 * The merchant dashboard: signs in through Till's OAuth flow, then routes between the pages. Served
 * at `/dashboard` by the same server as the API, and a client of the public API like any other app.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { till } from './api';
import { AccountState, type Account } from './account';
import { completeAuthorization, currentSession, onSessionChange, resumeSession, SignInError, startAuthorization } from './auth';
import { asFailure } from './components';
import { Layout } from './layout';
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

function App() {
  const [account, setAccount] = useState<Account>();
  const [failure, setFailure] = useState<string>();
  const load = async () => {
    try {
      setAccount(await till.account.retrieve());
      setFailure(undefined);
    } catch (error) {
      setFailure(asFailure(error).message);
    }
  };
  useEffect(() => {
    void load();
    return onSessionChange((session, ended) => {
      if (session !== undefined) return;
      setAccount(undefined);
      if (ended === 'ended') void startAuthorization(location.pathname + location.search);
    });
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
  } else if (currentSession() === undefined && (await resumeSession().catch(() => undefined)) === undefined) {
    await startAuthorization(here.pathname + here.search);
  } else if (landing(here.pathname) !== here.pathname) {
    history.replaceState(null, '', landing(here.pathname));
  }
  root.textContent = '';
  render(<App />, root);
}

void boot(document.getElementById('app')!);
