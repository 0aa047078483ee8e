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
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .select(columns as any)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { rows: rows as Row[], pagination: pagination(Number(counted.total), page, perPage) };
}
