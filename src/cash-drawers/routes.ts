/**
 * The cash drawers endpoints: a register's drawer sessions, read with `cash_drawers:read` and
 * opened, paid into or out of and closed with `cash_drawers:write` (cashiers hold both).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { closeCashDrawer } from './close-cash-drawer.js';
import { getCashDrawer } from './get-cash-drawer.js';
import { listCashDrawers } from './list-cash-drawers.js';
import { openCashDrawer } from './open-cash-drawer.js';
import { recordCashMovement } from './record-cash-movement.js';
import { CashDrawer, CashDrawerIdParams, CashDrawerList, CashDrawerMovementBody, CloseCashDrawerBody, ListCashDrawersQuery, OpenCashDrawerBody } from './schemas.js';

const tags = ['Cash drawers'];

export const cashDrawerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/cash_drawers', {
    config: { scope: 'cash_drawers:read' },
    schema: {
      tags,
      operationId: 'listCashDrawers',
      summary: 'List cash drawers',
      description:
        'The drawers of the merchant and environment, newest opened first, each with its figures and movements. `status` and `register` filter: `?register=R1&status=open` finds the open drawer of register `R1`, if it has one.',
      querystring: ListCashDrawersQuery,
      response: { 200: CashDrawerList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listCashDrawers(request.services, request.principal, request.query),
  });

  app.get('/v1/cash_drawers/:id', {
    config: { scope: 'cash_drawers:read' },
    schema: {
      tags,
      operationId: 'getCashDrawer',
      summary: 'Get a cash drawer',
      description: 'The drawer with its figures as they stand: while it is open, `expected_cash` counts every cash sale, cash refund and movement so far.',
      params: CashDrawerIdParams,
      response: { 200: CashDrawer, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => getCashDrawer(request.services, request.principal, request.params.id),
  });

  app.post('/v1/cash_drawers', {
    config: { scope: 'cash_drawers:write' },
    schema: {
      tags,
      operationId: 'openCashDrawer',
      summary: 'Open a cash drawer',
      description:
        "Starts a drawer session for a register (`register`, the register's code, e.g. `R1`) with the cash put in it to start with (`opening_float`), in the merchant's currency. " +
        'A register has at most one open drawer: while it has one, another open is 409 `cash_drawer_already_open` (of two opens at once, exactly one succeeds). ' +
        '`opened_by` is the signed-in user, or null for an API key. Records `cash_drawer.opened`.',
      body: OpenCashDrawerBody,
      response: { 201: CashDrawer, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'cash_drawer_already_open') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return openCashDrawer(request.services, request.principal, request.body);
    },
  });

  app.post('/v1/cash_drawers/:id/movements', {
    config: { scope: 'cash_drawers:write' },
    schema: {
      tags,
      operationId: 'createCashDrawerMovement',
      summary: 'Pay cash in or out of a drawer',
      description:
        'Records cash put into (`paid_in`: more change, say) or taken out of (`paid_out`: a supplier paid from the till, a drop to the safe) an open drawer, with a `reason`; answers the drawer, the movement last in its `movements`. ' +
        'Sales and refunds are not movements: they count through the orders rung up on the drawer. A closed drawer is 422 `cash_drawer_closed`; a movement and a close racing run one after the other.',
      params: CashDrawerIdParams,
      body: CashDrawerMovementBody,
      response: { 200: CashDrawer, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found', 'cash_drawer_closed') },
    },
    handler: (request) => recordCashMovement(request.services, request.principal, request.params.id, request.body),
  });

  app.post('/v1/cash_drawers/:id/close', {
    config: { scope: 'cash_drawers:write' },
    schema: {
      tags,
      operationId: 'closeCashDrawer',
      summary: 'Count and close a cash drawer',
      description:
        'Ends the drawer session with the cash counted (`counted_cash`). `expected_cash` is fixed now (`opening_float + cash_sales - cash_refunds + paid_in - paid_out`, from the figures of this moment), and ' +
        '`over_short = counted_cash - expected_cash`: negative when cash is missing (short), positive when there is too much (over). Once closed, nothing more is paid in or out, and the register may open a new drawer. ' +
        "A cashier's sign-in may close only a drawer that cashier opened (403 `insufficient_permissions` otherwise); managers, admins and API keys close any. " +
        'A closed drawer is 422 `cash_drawer_closed`. Records `cash_drawer.closed`.',
      params: CashDrawerIdParams,
      body: CloseCashDrawerBody,
      response: { 200: CashDrawer, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found', 'cash_drawer_closed') },
    },
    handler: (request) => closeCashDrawer(request.services, request.principal, request.params.id, request.body),
  });
};
