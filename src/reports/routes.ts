/**
 * `GET /v1/reports/sales`: the figures of a dashboard's home page, summed by the database.
 * `GET /v1/reports/end_of_day`: the end-of-day (Z) report of one local day, as JSON or CSV.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { endOfDayReport } from './end-of-day.js';
import { END_OF_DAY_CSV_COLUMNS, endOfDayCsv } from './end-of-day-csv.js';
import { salesReport } from './sales-report.js';
import { EndOfDayQuery, EndOfDayReport, MAX_REPORT_DAYS, SalesReport, SalesReportQuery } from './schemas.js';

const EndOfDayCsv = Type.String({
  description:
    `The report as CSV (RFC 4180, lines ended by CRLF): the header \`${END_OF_DAY_CSV_COLUMNS.join(',')}\`, one row per register in the JSON's order ` +
    '(`(no register)` for the sales and refunds made without a drawer), then a `(total)` row. Amounts are integers in the smallest currency unit; `drawers_closed` counts the drawers closed in the day. ' +
    "A text cell starting with `=`, `+`, `-` or `@` gets a leading `'` so that spreadsheets do not run it as a formula.",
  examples: ['register,currency,orders,sales,tips,tax,cash_sales,card_sales,refunds,cash_refunds,card_refunds,net,drawers_closed,over_short\r\nR1,USD,2,3000,200,250,1200,2000,500,500,0,2700,1,-50\r\n(total),USD,2,3000,200,250,1200,2000,500,500,0,2700,1,-50\r\n'],
});

/** CSV when `format=csv`, or when no `format` is given and the client accepts `text/csv`. */
function wantsCsv(query: EndOfDayQuery, accept: string | undefined): boolean {
  if (query.format !== undefined) return query.format === 'csv';
  return /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept ?? '');
}

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
    handler: (request) => request.services.lagTolerant(request.principal.id, (services) => salesReport(services, request.principal, request.query)),
  });

  app.get('/v1/reports/end_of_day', {
    config: { scope: 'reports:read' },
    schema: {
      tags: ['Reports'],
      operationId: 'getEndOfDayReport',
      summary: 'End-of-day (Z) report',
      description:
        "The close of one business day of the credential's merchant in its environment: per register and in total, the orders paid, sales by tender (cash, card), tips, tax, refunds by tender and the net, with the cash drawers closed that day and their over/short. " +
        'For a manager closing the shop, not for the till: cashiers may not read it.\n\n' +
        '- **The day** is `date` in `time_zone` (IANA, default `UTC`): from its local midnight to the next, so a sale at 23:30 in New York is on that day in `America/New_York` and on the next in `UTC`. ' +
        'On a day the clocks change it lasts 23 or 25 hours; `from` and `to` answer its bounds in UTC.\n' +
        '- **Orders** count at their payment time (`payment.paid_at`), for their total: `sales` without tips, `tips` apart, `tax` included in `sales`; `cash_sales` is their cash part (`payment.cash_amount`) and `card_sales` the rest. ' +
        '**Refunds** count when they were made, whenever their order was paid, split into `cash_refunds` and `card_refunds`. `net = sales + tips - refunds`.\n' +
        '- **Registers**: an order counts on the register of the cash drawer it was rung up on (`payment.cash_drawer_id`); a refund on the register of the drawer its cash came out of, or, paid from no drawer, on its order\'s register. ' +
        'What no drawer names is the row `register: null`, listed last and only when there is any. A register\'s `drawers` are those closed in the day, and its `over_short` their sum (negative: cash missing).\n' +
        '- **CSV**: `format=csv`, or `Accept: text/csv` without `format`, answers the same figures as `text/csv` with `Content-Disposition: attachment; filename="end-of-day-<date>.csv"`. Errors are JSON either way.',
      querystring: EndOfDayQuery,
      response: {
        200: { content: { 'application/json': { schema: EndOfDayReport }, 'text/csv': { schema: EndOfDayCsv } } },
        ...errorResponses(...AUTH_ERRORS, 'parameter_missing'),
      },
    },
    handler: async (request, reply) => {
      const report = await request.services.lagTolerant(request.principal.id, (services) => endOfDayReport(services, request.principal, request.query));
      if (!wantsCsv(request.query, request.headers.accept)) return report;
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="end-of-day-${report.date}.csv"`);
      return endOfDayCsv(report);
    },
  });
};
