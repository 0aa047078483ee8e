/**
 * The open drawer of this register, shared by the sale (every capture names it; a cash sale needs
 * one) and the drawer screen: loaded from `GET /v1/cash_drawers?register=…&status=open`.
 */
import type { Schemas } from '@till/client';
import { till, type ApiFailure } from '../api';
import { asFailure } from '../components';
import { createStore } from './store';

type CashDrawer = Schemas['CashDrawer'];

/** The open drawer of `register`, or undefined when it has none. */
export async function findOpenDrawer(register: string): Promise<CashDrawer | undefined> {
  return (await till.cashDrawers.list({ register, status: 'open', per_page: 1 })).data[0];
}

export type DrawerState =
  | { status: 'loading'; register: string }
  | { status: 'none'; register: string }
  | { status: 'open'; register: string; drawer: CashDrawer }
  | { status: 'error'; register: string; error: ApiFailure };

export const drawerState = createStore<DrawerState | null>(null);
let loadedFor: string | undefined;

/** Loads the register's open drawer, unless it is loaded already for this register and data set (`scope`). */
export async function loadDrawer(register: string, scope: string, options: { force?: boolean } = {}): Promise<void> {
  const key = `${scope}:${register}`;
  if (!options.force && loadedFor === key && drawerState.get()?.status !== 'error') return;
  loadedFor = key;
  drawerState.set({ status: 'loading', register });
  try {
    const drawer = await findOpenDrawer(register);
    if (loadedFor !== key) return;
    drawerState.set(drawer === undefined ? { status: 'none', register } : { status: 'open', register, drawer });
  } catch (error) {
    if (loadedFor === key) drawerState.set({ status: 'error', register, error: asFailure(error) });
  }
}

/** After a change the API answered with the drawer: open, or closed (then none is open). */
export function drawerChanged(drawer: CashDrawer): void {
  drawerState.set(drawer.status === 'open' ? { status: 'open', register: drawer.register, drawer } : { status: 'none', register: drawer.register });
}

/** The open drawer's id, for a capture or a refund; undefined when none is open (or it is not known). */
export function openDrawerId(): string | undefined {
  const state = drawerState.get();
  return state?.status === 'open' ? state.drawer.id : undefined;
}
