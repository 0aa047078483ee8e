/**
 * The one list of event types. Each module declares the events it records beside itself
 * (`<module>/declarations.ts`): what the API reference says of each (`description`), what the
 * dashboard's checklist says (`label`) and the permission that reads it (`readScope`: an event shows
 * its object, so reading it takes the permission that reads that object). This file gathers them, in
 * the order the reference, `GET /v1/events`'s schema and the dashboard list them.
 */
import type { Scope } from '../auth/permissions.js';
import { API_KEY_EVENTS } from '../api-keys/declarations.js';
import { CASH_DRAWER_EVENTS } from '../cash-drawers/declarations.js';
import { CUSTOMER_EVENTS } from '../customers/declarations.js';
import { DISCOUNT_CODE_EVENTS } from '../discount-codes/declarations.js';
import { MERCHANT_EVENTS } from '../merchants/declarations.js';
import { ORDER_EVENTS } from '../orders/declarations.js';
import { PRODUCT_EVENTS } from '../products/declarations.js';

export interface EventDeclaration {
  /** When the event is recorded, as the API reference says (Markdown). */
  readonly description: string;
  /** The dashboard's words for it, in the webhook endpoint's events checklist. */
  readonly label: string;
  /** The permission that reads the event's object, and so the event. */
  readonly readScope: Scope;
}

export type EventDeclarations = Readonly<Record<string, EventDeclaration>>;

export const EVENTS = {
  ...ORDER_EVENTS,
  ...PRODUCT_EVENTS,
  ...DISCOUNT_CODE_EVENTS,
  ...CUSTOMER_EVENTS,
  ...API_KEY_EVENTS,
  ...MERCHANT_EVENTS,
  ...CASH_DRAWER_EVENTS,
} as const satisfies EventDeclarations;

export type EventType = keyof typeof EVENTS;

export const EVENT_TYPES = Object.keys(EVENTS) as EventType[];
