/**
 * What the orders module adds to the API's lists: its permissions (gathered by `auth/permissions.ts`)
 * and its event types (gathered by `events/event-types.ts`). Refunds are part of orders.
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const ORDER_SCOPES = {
  'orders:read': { description: 'read orders and events', label: 'Read orders' },
  'orders:write': { description: 'create, edit, capture, cancel and refund orders', label: 'Create, edit, capture, cancel and refund orders' },
} as const satisfies ScopeDeclarations;

export const ORDER_EVENTS = {
  'order.created': { description: 'Create Order succeeded.', label: 'An order is created', readScope: 'orders:read' },
  'order.updated': {
    description: 'Edit Order (`PATCH /v1/orders/{id}`) changed a pending order; an edit that changes nothing records none.',
    label: 'A pending order is edited',
    readScope: 'orders:read',
  },
  'order.paid': { description: 'Capture succeeded.', label: 'An order is paid', readScope: 'orders:read' },
  'order.canceled': { description: 'Cancel succeeded.', label: 'An order is canceled', readScope: 'orders:read' },
  'order.refunded': {
    description: 'A refund succeeded (with `refund.created`); the order is `partially_refunded` or `refunded`.',
    label: 'An order is refunded (in part or whole)',
    readScope: 'orders:read',
  },
  'order.disputed': {
    description:
      'The card\'s holder disputed the payment with their bank (Stripe\'s `charge.dispute.created`); `data.object` is the order, its `dispute` set. Answer the dispute in Stripe\'s dashboard.',
    label: 'A card payment is disputed',
    readScope: 'orders:read',
  },
  'refund.created': { description: 'A refund succeeded; `data.object` is the refund.', label: 'A refund is made', readScope: 'orders:read' },
} as const satisfies EventDeclarations;
