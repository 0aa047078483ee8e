/**
 * List Products: the tenant's catalogue, a page at a time, optionally only the active or inactive ones,
 * one category's, or those a search (`q`) finds by name prefix, SKU or barcode.
 */
import type { Tenant } from '../auth/principal.js';
import { productPage } from '../db/catalog/products.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toProduct } from './product-view.js';
import type { ListProductsQuery, Product } from './schemas.js';

export async function listProducts({ db }: Services, tenant: Tenant, query: ListProductsQuery): Promise<{ data: Product[]; pagination: Pagination }> {
  const search = query.q?.trim();
  const { rows, pagination } = await productPage(db, tenant, { active: query.active, category: query.category, search: search === '' ? undefined : search }, query);
  return { data: rows.map(toProduct), pagination };
}
