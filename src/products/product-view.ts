/**
 * A product as the API shows it, from its stored row.
 */
import type { ProductFields } from '../db/catalog/products.js';
import type { ModifierGroup, Product } from './schemas.js';

export function toProduct(row: ProductFields): Product {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    currency: row.currency,
    inventory: row.inventory,
    active: row.active === 1,
    sku: row.sku,
    barcode: row.barcode,
    category: row.category,
    created_at: row.created_at,
    updated_at: row.updated_at,
    modifier_groups: JSON.parse(row.modifier_groups) as ModifierGroup[],
  };
}
