/**
 * A product's `sku` and `barcode` are each unique among the products of a merchant and environment.
 * A write checks in its transaction first, so the answer names the field; the unique indexes
 * (`products_sku`, `products_barcode`) refuse a product that takes the same code between that check
 * and the write, and that refusal is named by checking again once the other product has committed.
 */
import type { Tenant } from '../auth/principal.js';
import { takenProductCode } from '../db/catalog/products.js';
import type { ReadHandle } from '../db/handle.js';
import type { Services } from '../services.js';
import { InvalidInput } from '../errors.js';

type Codes = { sku?: string | null | undefined; barcode?: string | null | undefined };

/** Throws a 400 `parameter_invalid` naming the field when another product of the tenant holds one of `codes`. */
export async function refuseTakenCodes(handle: ReadHandle, tenant: Tenant, codes: Codes, productId?: string): Promise<void> {
  const taken = await takenProductCode(handle, tenant, codes, productId);
  if (taken !== undefined) throw codeTaken(taken, codes[taken]!);
}

/**
 * Runs `write` (which checks with `refuseTakenCodes` and then writes), and answers a unique
 * violation, a product that took one of the codes concurrently, as that check would have.
 */
export async function withUniqueCodes<T>({ db }: Services, tenant: Tenant, codes: Codes, productId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!db.isUniqueViolation(error)) throw error;
    await refuseTakenCodes(db, tenant, codes, productId);
    throw error;
  }
}

function codeTaken(field: 'sku' | 'barcode', value: string): InvalidInput {
  return new InvalidInput(`another product already has the ${field === 'sku' ? 'SKU' : 'barcode'} ${value}; each ${field} belongs to one product`, field);
}
