/**
 * One page of a filtered list, newest first (`created_at`, then `id`, descending), with the exact
 * count of every match. Every list of the API pages this way.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/** Where a page stands among all the matches: the `pagination` object of every list. */
export interface Pagination {
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

export function pagination(total: number, page: number, perPage: number): Pagination {
  return { total, page, per_page: perPage, has_more: page * perPage < total };
}

export interface PageRequest {
  page?: number | undefined;
  per_page?: number | undefined;
}

export async function pageOf<Row>(
  filtered: SelectQueryBuilder<Database, any, object>,
  columns: readonly string[],
  request: PageRequest,
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const page = request.page ?? 1;
  const perPage = request.per_page ?? 20;
  // The count rides along with the page, as a subquery of the same statement: one snapshot, so the
  // total agrees with the rows even while rows are being added (an endpoint's delivery attempts are).
  const counted = filtered.select((eb) => eb.fn.countAll<number>().as('total'));
  const found = (await filtered
    .select(columns as any)
    .select(counted.as('page_total'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as Array<Record<string, unknown>>;
  // A page past the end has no row to carry the count: it is counted alone.
  const total = found.length > 0 ? Number(found[0]!.page_total) : Number((await counted.executeTakeFirstOrThrow()).total);
  const rows = found.map(({ page_total: _, ...row }) => row);
  return { rows: rows as Row[], pagination: pagination(total, page, perPage) };
}
