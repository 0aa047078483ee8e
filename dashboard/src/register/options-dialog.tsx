/**
 * The options of a product with modifier groups (Size, Milk...), asked before it goes in the cart:
 * one choice (radio buttons) for a group that takes one, several (checkboxes, up to its most) for
 * the others; the groups a line must choose from are marked, and Add stays refused until each group
 * has as many as it needs.
 */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { Dialog } from '../components';
import { formatModifier, formatMoney } from '../format';
import { unitPrice, type ChosenOption } from './cart';

type Product = Schemas['Product'];
type ModifierGroup = Schemas['ModifierGroup'];

/** What is missing in a group's choice, or undefined when it is complete. */
function problemOf(group: ModifierGroup, chosen: readonly string[]): string | undefined {
  if (chosen.length < group.min_selected) return group.min_selected === 1 ? `Choose a ${group.name.toLowerCase()}.` : `Choose at least ${group.min_selected} of ${group.name}.`;
  if (chosen.length > group.max_selected) return `Choose at most ${group.max_selected} of ${group.name}.`;
  return undefined;
}

export function OptionsDialog(props: { product: Product | undefined; currency: string; onAdd: (product: Product, options: ChosenOption[]) => void; onClose: () => void }) {
  const { product } = props;
  return (
    <Dialog title={product === undefined ? 'Options' : `${product.name}: options`} open={product !== undefined} onClose={props.onClose}>
      {product !== undefined && <OptionsForm key={product.id} product={product} currency={props.currency} onAdd={props.onAdd} onClose={props.onClose} />}
    </Dialog>
  );
}

function OptionsForm(props: { product: Product; currency: string; onAdd: (product: Product, options: ChosenOption[]) => void; onClose: () => void }) {
  const { product, currency } = props;
  const [chosen, setChosen] = useState<Record<string, string[]>>(() => Object.fromEntries(product.modifier_groups.map((g) => [g.id, []])));
  const [tried, setTried] = useState(false);
  const options: ChosenOption[] = product.modifier_groups.flatMap((group) =>
    group.options
      .filter((option) => chosen[group.id]!.includes(option.id))
      .map((option) => ({ groupId: group.id, groupName: group.name, optionId: option.id, name: option.name, priceDelta: option.price_delta })),
  );
  const problems = product.modifier_groups.map((group) => problemOf(group, chosen[group.id]!)).filter((p): p is string => p !== undefined);
  const set = (group: ModifierGroup, ids: string[]) => setChosen({ ...chosen, [group.id]: ids });
  return (
    <form
      class="options-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problems.length === 0) props.onAdd(product, options);
      }}
    >
      {product.modifier_groups.map((group) => {
        const ids = chosen[group.id]!;
        const single = group.max_selected === 1;
        const problem = tried ? problemOf(group, ids) : undefined;
        return (
          <fieldset key={group.id} class="option-group" aria-invalid={problem !== undefined}>
            <legend>
              {group.name}
              <span class="muted">
                {' '}
                {group.required ? '(required' : '(optional'}
                {single ? ', one)' : `, up to ${group.max_selected})`}
              </span>
            </legend>
            {single && !group.required && (
              <label class="option-choice">
                <input type="radio" name={group.id} checked={ids.length === 0} onChange={() => set(group, [])} /> None
              </label>
            )}
            {group.options.map((option) => {
              const on = ids.includes(option.id);
              return (
                <label class="option-choice" key={option.id}>
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={group.id}
                    checked={on}
                    disabled={!single && !on && ids.length >= group.max_selected}
                    onChange={(event) => set(group, single ? [option.id] : event.currentTarget.checked ? [...ids, option.id] : ids.filter((id) => id !== option.id))}
                  />{' '}
                  {formatModifier(option, currency)}
                </label>
              );
            })}
            {problem !== undefined && (
              <p class="field-problem" role="alert">
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <div class="actions">
        <button type="button" class="secondary big" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" class="big">
          Add for {formatMoney(unitPrice({ price: product.price, options }), currency)}
        </button>
      </div>
    </form>
  );
}
