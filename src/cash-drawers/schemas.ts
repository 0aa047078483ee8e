/**
 * Request and response schemas of the cash drawers API.
 */
import Type, { type Static } from 'typebox';
import { Currency, IdOf, IdParam, Money, Nullable, OneOf, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

/** The most cash one amount of a drawer may be (a float, a movement, a count), in the smallest unit. */
export const MAX_CASH = 100_000_000_000;

export const REGISTER_PATTERN = '^[A-Za-z0-9_-]{1,20}$';

const Register = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: REGISTER_PATTERN,
  description: "The register's code: 1 to 20 letters, digits, `-` and `_` (case matters: `R1` and `r1` are two registers).",
  examples: ['R1'],
});
const Cash = (description: string, example: number) => Type.Integer({ minimum: 0, maximum: MAX_CASH, description, examples: [example] });
const Note = (description: string) => Type.Optional(Nullable(Type.String({ maxLength: 500, description })));

export const CASH_DRAWER_STATUSES = ['open', 'closed'] as const;
const DrawerStatus = OneOf(CASH_DRAWER_STATUSES, { description: '`open` (taking cash) or `closed` (counted; nothing more goes in or out).' });
export const MOVEMENT_TYPES = ['paid_in', 'paid_out'] as const;
const MovementType = OneOf(MOVEMENT_TYPES, { description: '`paid_in` (cash put into the drawer, e.g. more change) or `paid_out` (cash taken out, e.g. to pay a supplier, or a drop to the safe).' });

/** Who did something: a user (`id`, `email`), or null when it was an API key. */
const Actor = (what: string) =>
  Nullable(
    Type.Object(
      {
        id: IdOf('usr'),
        email: Type.String({ description: "The user's e-mail." }),
      },
      { additionalProperties: false, description: `The signed-in user who ${what}; null when an API key did.` },
    ),
  );

export const CashDrawerMovement = Type.Object(
  {
    id: IdOf('dmv'),
    type: MovementType,
    amount: { ...Money, minimum: 1, description: 'The cash paid in or out, in the smallest currency unit.' },
    reason: Type.String({ description: 'Why, as given.' }),
    created_by: Actor('recorded it'),
    created_at: Timestamp,
  },
  { $id: 'CashDrawerMovement', additionalProperties: false, title: 'CashDrawerMovement', description: 'Cash paid into or out of a drawer while it was open, other than sales and refunds.' },
);
export type CashDrawerMovement = Static<typeof CashDrawerMovement>;

export const CashDrawer = Type.Object(
  {
    id: IdOf('drw'),
    object: Type.Literal('cash_drawer'),
    register: Type.String({ description: "The register's code." }),
    status: DrawerStatus,
    currency: Currency,
    opening_float: { ...Money, description: 'The cash in the drawer when it was opened.' },
    cash_sales: { ...Money, description: 'The cash taken for paid orders rung up on this drawer (their `payment.cash_amount`: a cash order\'s total, tip included, or the cash part of a split).' },
    cash_refunds: { ...Money, description: 'The cash paid back out of this drawer by refunds (their `cash_amount`).' },
    paid_in: { ...Money, description: 'Sum of the `paid_in` movements.' },
    paid_out: { ...Money, description: 'Sum of the `paid_out` movements.' },
    expected_cash: Type.Integer({
      description:
        'The cash that should be in the drawer: `opening_float + cash_sales - cash_refunds + paid_in - paid_out`. Worked out live while the drawer is open; fixed when it is closed, from the figures of that moment.',
    }),
    counted_cash: Nullable({ ...Money, description: 'The cash counted at close; null while open.' }),
    over_short: Nullable(
      Type.Integer({ description: '`counted_cash - expected_cash`: positive when the drawer holds more cash than expected (over), negative when less (short), 0 when it balances; null while open.' }),
    ),
    opened_by: Actor('opened the drawer'),
    closed_by: Actor('closed the drawer (null while open)'),
    opening_note: Nullable(Type.String({ description: 'The note given when opening.' })),
    closing_note: Nullable(Type.String({ description: 'The note given when closing (why it is over or short, say).' })),
    opened_at: Timestamp,
    closed_at: Nullable(Timestamp),
    movements: Type.Array(CashDrawerMovement, { description: 'The cash paid in and out, oldest first.' }),
  },
  {
    $id: 'CashDrawer',
    additionalProperties: false,
    title: 'CashDrawer',
    description:
      "One session of a register's cash drawer: opened with a float, filled by cash sales, emptied by cash refunds and paid-outs, then counted and closed. A register has at most one open drawer.",
  },
);
export type CashDrawer = Static<typeof CashDrawer>;

export const CashDrawerList = Type.Object({ data: Type.Array(CashDrawer), pagination: Pagination }, { $id: 'CashDrawerList', title: 'CashDrawerList' });

export const OpenCashDrawerBody = Type.Object(
  {
    register: Register,
    opening_float: Cash('The cash put in the drawer to start with (change), in the smallest currency unit; 0 for none.', 20000),
    note: Note('A note for the opening, at most 500 characters.'),
  },
  { additionalProperties: false },
);
export type OpenCashDrawerBody = Static<typeof OpenCashDrawerBody>;

export const CashDrawerMovementBody = Type.Object(
  {
    type: MovementType,
    amount: Type.Integer({ minimum: 1, maximum: MAX_CASH, description: 'The cash paid in or out, in the smallest currency unit; at least 1.', examples: [2500] }),
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why the cash goes in or out, 1 to 200 characters (shown on the drawer).', examples: ['Milk from the corner shop'] }),
  },
  { additionalProperties: false },
);
export type CashDrawerMovementBody = Static<typeof CashDrawerMovementBody>;

export const CloseCashDrawerBody = Type.Object(
  {
    counted_cash: Cash('The cash counted in the drawer, in the smallest currency unit.', 48150),
    note: Note('A note for the close (why the drawer is over or short, say), at most 500 characters.'),
  },
  { additionalProperties: false },
);
export type CloseCashDrawerBody = Static<typeof CloseCashDrawerBody>;

export const ListCashDrawersQuery = Type.Object(
  {
    ...PaginationQuery,
    status: Type.Optional(DrawerStatus),
    register: Type.Optional({ ...Register, description: "Only this register's drawers." }),
  },
  { additionalProperties: false },
);
export type ListCashDrawersQuery = Static<typeof ListCashDrawersQuery>;

export const CashDrawerIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
