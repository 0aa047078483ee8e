/**
 * A product's modifier groups as Create Product and Update Product store them: the request's groups
 * checked against one another and given ids. The list is replaced whole; a group or option sent back
 * with its id keeps it (so that clients and sold lines can still name it), one without gets a new id.
 */
import { ApiError } from '../errors.js';
import { MAX_UNIT_PRICE } from '../http/schemas.js';
import { newId } from '../ids.js';
import type { ModifierGroup, ModifierGroupInput } from './schemas.js';

/**
 * The groups to store for `input`, given the product's `current` groups and its `price` (after the
 * change). Throws 400 `parameter_invalid` naming the field at fault: an id the product does not have
 * (or sent twice), a name used twice (groups within the product, options within a group),
 * `min_selected` above `max_selected` or `max_selected` above the number of options, a required group
 * with `min_selected` 0 or an optional one with more, or choices that could take a unit price below 0
 * or above 99999999.
 *
 * @example resolveModifierGroups([{ name: 'Milk', max_selected: 1, options: [{ name: 'Oat', price_delta: 50 }] }], [], 350)
 */
export function resolveModifierGroups(input: readonly ModifierGroupInput[], current: readonly ModifierGroup[], price: number): ModifierGroup[] {
  const groupIds = new Set(current.map((g) => g.id));
  const optionIds = new Set(current.flatMap((g) => g.options.map((o) => o.id)));
  const usedIds = new Set<string>();
  const keep = (id: string | undefined, known: Set<string>, param: string, what: string, prefix: 'mgrp' | 'mopt'): string => {
    if (id === undefined) return newId(prefix);
    if (!known.has(id) || usedIds.has(id)) {
      throw invalid(`${param}.id`, usedIds.has(id) ? `The ${what} id '${id}' is sent twice.` : `The product has no ${what} '${id}'; leave \`id\` out for a new ${what}.`);
    }
    usedIds.add(id);
    return id;
  };
  const groupNames = new Set<string>();
  const groups = input.map((group, g): ModifierGroup => {
    const param = `modifier_groups[${g}]`;
    if (groupNames.has(group.name)) throw invalid(`${param}.name`, `Two modifier groups are named '${group.name}'; names are unique within a product.`);
    groupNames.add(group.name);
    const required = group.required ?? (group.min_selected ?? 0) >= 1;
    const minSelected = group.min_selected ?? (required ? 1 : 0);
    const maxSelected = group.max_selected ?? Math.max(minSelected, 1);
    if (required && minSelected < 1) throw invalid(`${param}.min_selected`, 'A required group has min_selected of at least 1.');
    if (!required && minSelected > 0) throw invalid(`${param}.min_selected`, 'An optional group (required false) has min_selected 0.');
    if (minSelected > maxSelected) throw invalid(`${param}.min_selected`, `min_selected (${minSelected}) is above max_selected (${maxSelected}).`);
    if (maxSelected > group.options.length) {
      throw invalid(`${param}.max_selected`, `max_selected (${maxSelected}) is above the number of options (${group.options.length}).`);
    }
    const optionNames = new Set<string>();
    const options = group.options.map((option, o) => {
      const optionParam = `${param}.options[${o}]`;
      if (optionNames.has(option.name)) throw invalid(`${optionParam}.name`, `Two options of '${group.name}' are named '${option.name}'; names are unique within a group.`);
      optionNames.add(option.name);
      return { id: keep(option.id, optionIds, optionParam, 'modifier option', 'mopt'), name: option.name, price_delta: option.price_delta };
    });
    return { id: keep(group.id, groupIds, param, 'modifier group', 'mgrp'), name: group.name, required, min_selected: minSelected, max_selected: maxSelected, options };
  });
  const { lowest, highest } = unitPriceRange(price, groups);
  if (lowest < 0) throw invalid('modifier_groups', `Chosen together, options could take the unit price to ${lowest}; a unit price never goes below 0.`);
  if (highest > MAX_UNIT_PRICE) throw invalid('modifier_groups', `Chosen together, options could take the unit price to ${highest}; a unit price is at most ${MAX_UNIT_PRICE}.`);
  return groups;
}

/**
 * The lowest and highest unit price a line of the product can have: its price with, in each group,
 * up to `max_selected` of its most negative (or most positive) deltas.
 */
export function unitPriceRange(price: number, groups: readonly ModifierGroup[]): { lowest: number; highest: number } {
  let lowest = price;
  let highest = price;
  for (const group of groups) {
    const deltas = group.options.map((o) => o.price_delta).sort((a, b) => a - b);
    lowest += deltas.slice(0, group.max_selected).reduce((sum, d) => sum + Math.min(d, 0), 0);
    highest += deltas.slice(-group.max_selected).reduce((sum, d) => sum + Math.max(d, 0), 0);
  }
  return { lowest, highest };
}

function invalid(param: string, message: string): ApiError {
  return new ApiError('parameter_invalid', message, param);
}
