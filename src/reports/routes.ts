/**
 * `GET /v1/reports/sales`: the figures of a dashboard's home page, summed by the database.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { salesReport } from './sales-report.js';
import { MAX_REPORT_DAYS, SalesReport, SalesReportQuery } from './schemas.js';

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/reports/sales', {
    config: { scope: 'orders:read' },
    schema: {
      tags: ['Reports'],
      operationId: 'getSalesReport',
      summary: 'Sales report',
      description:
        "Orders paid and refunds made by the credential's merchant in its environment, from `from` (inclusive) to `to` (exclusive), " +
        `at most ${MAX_REPORT_DAYS} days, in totals and in buckets of one hour or one day.\n\n` +
        '- A sale is an order that was paid (status `paid`, `partially_refunded` or `refunded`), counted at its payment time (`payment.paid_at`) for its `total`. ' +
        'A refund counts at the time it was made, for its `amount`, whenever its order was paid. So `sales_amount` is gross: take `refunded_amount` off for net sales.\n' +
        '- Buckets are whole UTC hours or UTC days, oldest first, every one of the range present (zeros included). ' +
        'The first starts at `from` rounded down to its UTC hour or day, so with a `from` that is not on a UTC boundary (a local midnight in UTC+05:30, say) ' +
        'the first and last buckets are partial: only what happened between `from` and `to` counts. ' +
        'For a local day, pass its bounds (e.g. `from=2026-11-21T00:00:00-05:00&to=2026-11-22T00:00:00-05:00`) with `interval=hour`.\n' +
        '- `from` and `to` in the answer are the range as UTC timestamps. Amounts are in the merchant\'s `currency`.',
      querystring: SalesReportQuery,
      response: { 200: SalesReport, ...errorResponses(...AUTH_ERRORS, 'parameter_missing') },
    },
    handler: (request) => salesReport(request.services, request.principal, request.query),
  });
};
