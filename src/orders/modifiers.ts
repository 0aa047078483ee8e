/**
 * A line's modifiers: the options chosen for it, checked against its product's modifier groups as
 * Create Order read them (with the update that took the product's stock), and frozen on the line
 * with their names and price deltas, so that a later edit of the product changes no sold line.
 */
import { ApiError } from '../errors.js';
import { MAX_UNIT_PRICE } from '../http/schemas.js';
import type { ModifierGroup } from '../products/schemas.js';
import type { LineItemModifier } from './schemas.js';

/**
 * The line's modifiers and unit price (the product's price plus the chosen options' deltas) for the
 * options `chosen`, in the order of the product's groups and options. 400 `parameter_invalid` on
 * `param` (`items[i].modifiers`) for an option the product does not offer (another product's
 * included), one chosen twice, too few or too many in a group, a required group left out, or a unit
 * price outside 0 to 99999999.
 *
 * @example modifiersOfLine(coffee, [{ option_id: 'mopt_...' }], 'items[0].modifiers')
 */
export function modifiersOfLine(
  product: { name: string; price: number; groups: readonly ModifierGroup[] },
  chosen: ReadonlyArray<{ option_id: string }>,
  param: string,
): { modifiers: LineItemModifier[]; unitPrice: number } {
  const wanted = new Set<string>();
  for (const { option_id } of chosen) {
    if (wanted.has(option_id)) throw invalid(param, `The option '${option_id}' is chosen twice.`);
    wanted.add(option_id);
  }
  const modifiers: LineItemModifier[] = [];
  for (const group of product.groups) {
    const picked = group.options.filter((option) => wanted.has(option.id));
    if (picked.length < group.min_selected) {
      const min = group.min_selected;
      throw invalid(
        param,
        picked.length === 0 && group.required
          ? `'${product.name}' needs a choice of ${group.name} (${group.id}).`
          : `'${product.name}' needs at least ${min} option${min === 1 ? '' : 's'} of ${group.name} (${group.id}); ${picked.length} chosen.`,
      );
    }
    if (picked.length > group.max_selected) {
      throw invalid(param, `'${product.name}' takes at most ${group.max_selected} option${group.max_selected === 1 ? '' : 's'} of ${group.name} (${group.id}); ${picked.length} chosen.`);
    }
    for (const option of picked) {
      wanted.delete(option.id);
      modifiers.push({ group_id: group.id, group_name: group.name, option_id: option.id, name: option.name, price_delta: option.price_delta });
    }
  }
  const [unknown] = wanted;
  if (unknown !== undefined) throw invalid(param, `'${product.name}' has no modifier option '${unknown}'.`);
  const unitPrice = modifiers.reduce((sum, m) => sum + m.price_delta, product.price);
  if (unitPrice < 0 || unitPrice > MAX_UNIT_PRICE) throw invalid(param, `These options make a unit price of ${unitPrice}; a unit price is 0 to ${MAX_UNIT_PRICE}.`);
  return { modifiers, unitPrice };
}

function invalid(param: string, message: string): ApiError {
  return new ApiError('parameter_invalid', message, param);
}
