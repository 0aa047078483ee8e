/**
 * List Products: the tenant's catalogue, a page at a time, optionally only the active or inactive ones.
 */
import type { Tenant } from '../auth/principal.js';
import { productPage } from '../db/catalog/products.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toProduct } from './product-view.js';
import type { ListProductsQuery, Product } from './schemas.js';

export async function listProducts({ db }: Services, tenant: Tenant, query: ListProductsQuery): Promise<{ data: Product[]; pagination: Pagination }> {
  const { rows, pagination } = await productPage(db, tenant, query.active, query);
  return { data: rows.map(toProduct), pagination };
}
