/**
 * Request and response schemas of the events API.
 */
import Type, { type Static } from 'typebox';
import { IdOf, IdParam, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';
import { ApiKey } from '../api-keys/schemas.js';
import { Customer } from '../customers/schemas.js';
import { Merchant } from '../merchants/schemas.js';
import { Order, Refund } from '../http/order-schemas.js';
import { Product } from '../products/schemas.js';
import { DiscountCode } from '../discount-codes/schemas.js';
import { CashDrawer } from '../cash-drawers/schemas.js';
import { EVENT_TYPES } from './event-types.js';

export const EventTypeSchema = Type.Union(
  EVENT_TYPES.map((type) => Type.Literal(type)),
  { description: `What happened: ${EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}.` },
);

export const Event = Type.Object(
  {
    id: IdOf('evt'),
    type: EventTypeSchema,
    created_at: Timestamp,
    data: Type.Object({
      object: Type.Union([Order, Refund, Product, DiscountCode, Customer, ApiKey, Merchant, CashDrawer], {
        description:
          'The object the event is about, as the API showed it right after the change: the order for `order.*` events, the refund for `refund.created`, ' +
          'the product for `product.*`, the discount code for `discount_code.*`, the customer for `customer.*`, the API key\'s record for `api_key.*` (never the key itself nor its hash), the merchant for `merchant.updated`, the cash drawer for `cash_drawer.*`.',
      }),
    }),
  },
  { $id: 'Event', title: 'Event' },
);
export type Event = Static<typeof Event>;

export const EventList = Type.Object({ data: Type.Array(Event), pagination: Pagination }, { $id: 'EventList' });

const TYPE_LIST = `^(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')})(,(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')}))*$`;

export const ListEventsQuery = Type.Object(
  {
    ...PaginationQuery,
    type: Type.Optional(
      Type.String({ maxLength: 1000, pattern: TYPE_LIST, description: 'Only events of this type; several types separated by commas.', examples: ['order.paid,order.refunded'] }),
    ),
  },
  { additionalProperties: false },
);
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const EventIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
