/**
 * Update Merchant (`PATCH /v1/merchant`): changes the settings sent, and records `merchant.updated`
 * in each environment, in one transaction. The merchant's row is held while the change is decided,
 * so two changes run one after the other. A change applies to orders created after it: an order
 * keeps the currency, tax and totals it was created with. The currency cannot change once the
 * merchant has an order in either environment (400 `currency_locked`). A body that changes nothing
 * records no event.
 */
import type { Tenant } from '../auth/principal.js';
import { findMerchantSettings, lockMerchantSettings, merchantHasOrders, updateMerchantSettings, type MerchantSettingsChanges } from '../db/merchants/merchant-settings.js';
import { ApiError, InvalidInput } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { currencyCode } from './currencies.js';
import { addressOf, toMerchant } from './merchant-settings.js';
import type { Merchant, MerchantAddress, UpdateMerchantBody } from './schemas.js';

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Trimmed text, null when empty or null. */
function text(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The ISO 3166-1 alpha-2 code typed, in capitals; refuses anything else. */
function countryCode(value: string): string {
  const code = value.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || REGION_NAMES.of(code) === undefined) {
    throw new InvalidInput(`country must be an ISO 3166-1 alpha-2 code such as US, FR or GB, got "${value}"`, 'address.country');
  }
  return code;
}

/** The stored address after the fields sent change: null when no field is left. */
function addressAfter(current: MerchantAddress | null, sent: NonNullable<UpdateMerchantBody['address']>): string | null {
  const address: MerchantAddress = { line1: null, line2: null, city: null, region: null, postal_code: null, country: null, ...current };
  for (const field of ADDRESS_FIELDS) {
    const value = sent[field];
    if (value === undefined) continue;
    const cleaned = text(value);
    address[field] = field === 'country' && cleaned !== null ? countryCode(cleaned) : cleaned;
  }
  return ADDRESS_FIELDS.every((field) => address[field] === null) ? null : JSON.stringify(address);
}

export async function updateMerchant(services: Services, tenant: Tenant, input: UpdateMerchantBody): Promise<Merchant> {
  const name = input.name === undefined ? undefined : input.name.trim();
  if (name === '') throw new InvalidInput('the merchant name must not be empty', 'name');
  const currency = input.currency === undefined ? undefined : currencyCode(input.currency);
  if (input.currency !== undefined && currency === undefined) {
    throw new InvalidInput(`currency must be an ISO 4217 code such as USD, EUR or GBP, got "${input.currency}"`, 'currency');
  }
  const now = isoNow(services.clock);
  return services.transaction(async (trx) => {
    const row = await lockMerchantSettings(trx, tenant.merchantId);
    if (row === undefined) throw new Error(`merchant ${tenant.merchantId} of an authenticated credential is missing`);
    const wanted: MerchantSettingsChanges = {
      ...(name === undefined ? {} : { name }),
      ...(currency === undefined ? {} : { currency }),
      ...(input.tax_rate_bps === undefined ? {} : { tax_rate_bps: input.tax_rate_bps }),
      ...(input.prices_include_tax === undefined ? {} : { prices_include_tax: input.prices_include_tax ? 1 : 0 }),
      ...(input.address === undefined ? {} : { address: input.address === null ? null : addressAfter(addressOf(row.address), input.address) }),
      ...(input.tax_id === undefined ? {} : { tax_id: text(input.tax_id) }),
      ...(input.receipt_footer === undefined ? {} : { receipt_footer: text(input.receipt_footer) }),
    };
    const changes = Object.fromEntries(
      Object.entries(wanted).filter(([column, value]) => row[column as keyof MerchantSettingsChanges] !== value),
    ) as MerchantSettingsChanges;
    if (Object.keys(changes).length === 0) return toMerchant(row);
    if (changes.currency !== undefined && (await merchantHasOrders(trx, tenant.merchantId))) {
      throw new ApiError(
        'currency_locked',
        `The currency cannot change from ${row.currency} to ${changes.currency}: the merchant already has orders (in either environment), and every order keeps its currency.`,
        'currency',
      );
    }
    await updateMerchantSettings(trx, tenant.merchantId, changes, now);
    const merchant = toMerchant((await findMerchantSettings(trx, tenant.merchantId))!);
    for (const environment of ['production', 'sandbox'] as const) {
      await recordEvent(trx, { merchantId: tenant.merchantId, environment }, 'merchant.updated', merchant, now);
    }
    return merchant;
  });
}
