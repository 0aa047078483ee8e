/** The signed-in account (merchant, environment, permissions, user), shared with every page. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Schemas } from '@till/client';

export type Account = Schemas['Account'];
export type Scope = Account['permissions'][number];

export interface AccountContext {
  account: Account;
  /** Fetch the account again (after the environment switch). */
  reload: () => Promise<void>;
}

export const AccountState = createContext<AccountContext | undefined>(undefined);

export function useAccount(): AccountContext {
  const context = useContext(AccountState);
  if (context === undefined) throw new Error('useAccount outside the signed-in app');
  return context;
}

export function can(account: Account, scope: Scope): boolean {
  return account.permissions.includes(scope);
}

export function isAdmin(account: Account): boolean {
  return account.user?.role === 'admin';
}
