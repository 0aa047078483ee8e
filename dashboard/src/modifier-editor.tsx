/**
 * A simple editor of a product's modifier groups (Size, Milk...): each group's name, whether it is
 * required, how many options a line may take, and its options with their price deltas. What it
 * sends replaces the product's list; groups and options keep their ids, so sold lines and clients
 * still name them.
 */
import type { Schemas } from '@till/client';
import { moneyInput, parseMoney } from './format';

type ModifierGroup = Schemas['ModifierGroup'];

export interface DraftOption {
  id?: string;
  name: string;
  /** The price delta as typed: "0.50", "-0.10", "" for none. */
  delta: string;
}
export interface DraftGroup {
  id?: string;
  name: string;
  required: boolean;
  /** At least this many when required (kept from the product, else 1). */
  min: number;
  max: string;
  options: DraftOption[];
}

/** The product's groups as the editor's draft. */
export function draftOf(groups: readonly ModifierGroup[], currency: string): DraftGroup[] {
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    required: g.required,
    min: g.min_selected,
    max: String(g.max_selected),
    options: g.options.map((o) => ({ id: o.id, name: o.name, delta: o.price_delta === 0 ? '' : (o.price_delta < 0 ? '-' : '') + moneyInput(Math.abs(o.price_delta), currency) })),
  }));
}

/** The request's `modifier_groups` for the draft, or the message to show when a field cannot be read. */
export function groupsOfDraft(draft: readonly DraftGroup[], currency: string): { id?: string; name: string; required: boolean; min_selected: number; max_selected: number; options: { id?: string; name: string; price_delta: number }[] }[] | string {
  const groups = [];
  for (const group of draft) {
    const max = /^\d+$/.test(group.max.trim()) ? Number(group.max) : undefined;
    if (max === undefined || max < 1) return `“Up to” of ${group.name || 'a group'} is a whole number, at least 1.`;
    const options = [];
    for (const option of group.options) {
      const text = option.delta.trim();
      const negative = text.startsWith('-') || text.startsWith('\u2212');
      const amount = text === '' ? 0 : parseMoney(text.replace(/^[-+\u2212]/, ''), currency);
      if (amount === undefined) return `Enter the price change of ${option.name || 'an option'} like 0.50 or -0.10.`;
      options.push({ ...(option.id ? { id: option.id } : {}), name: option.name, price_delta: negative ? -amount : amount });
    }
    const min = group.required ? Math.min(Math.max(group.min, 1), max) : 0;
    groups.push({ ...(group.id ? { id: group.id } : {}), name: group.name, required: group.required, min_selected: min, max_selected: max, options });
  }
  return groups;
}

export function ModifierEditor(props: { draft: DraftGroup[]; onChange: (draft: DraftGroup[]) => void; currency: string }) {
  const { draft, onChange } = props;
  const setGroup = (g: number, change: Partial<DraftGroup>) => onChange(draft.map((group, i) => (i === g ? { ...group, ...change } : group)));
  const setOption = (g: number, o: number, change: Partial<DraftOption>) =>
    setGroup(g, { options: draft[g]!.options.map((option, i) => (i === o ? { ...option, ...change } : option)) });
  return (
    <fieldset class="modifier-editor">
      <legend>Modifier groups</legend>
      {draft.length === 0 && <p class="hint">None: add one for choices such as Size or Milk.</p>}
      {draft.map((group, g) => (
        <fieldset key={group.id ?? `new-${g}`} class="modifier-group">
          <legend>{group.name || `Group ${g + 1}`}</legend>
          <div class="field">
            <label for={`group-${g}-name`}>Group name</label>
            <input id={`group-${g}-name`} value={group.name} required maxLength={100} onInput={(e) => setGroup(g, { name: e.currentTarget.value })} />
          </div>
          <label class="choice">
            <input type="checkbox" checked={group.required} onChange={(e) => setGroup(g, { required: e.currentTarget.checked })} /> Required
          </label>
          <div class="field">
            <label for={`group-${g}-max`}>Up to (options per item)</label>
            <input id={`group-${g}-max`} value={group.max} inputMode="numeric" required onInput={(e) => setGroup(g, { max: e.currentTarget.value })} />
          </div>
          {group.options.map((option, o) => (
            <div class="modifier-option" key={option.id ?? `new-${o}`}>
              <div class="field">
                <label for={`group-${g}-option-${o}-name`}>Option {o + 1}</label>
                <input id={`group-${g}-option-${o}-name`} value={option.name} required maxLength={100} onInput={(e) => setOption(g, o, { name: e.currentTarget.value })} />
              </div>
              <div class="field">
                <label for={`group-${g}-option-${o}-delta`}>Price change ({props.currency})</label>
                <input id={`group-${g}-option-${o}-delta`} value={option.delta} inputMode="decimal" placeholder="0.00" onInput={(e) => setOption(g, o, { delta: e.currentTarget.value })} />
              </div>
              <button
                type="button"
                class="secondary"
                aria-label={`Remove option ${option.name || o + 1}`}
                disabled={group.options.length === 1}
                onClick={() => setGroup(g, { options: group.options.filter((_, i) => i !== o) })}
              >
                Remove
              </button>
            </div>
          ))}
          <div class="actions">
            <button type="button" class="secondary" onClick={() => setGroup(g, { options: [...group.options, { name: '', delta: '' }] })}>
              Add option
            </button>
            <button type="button" class="secondary" aria-label={`Remove group ${group.name || g + 1}`} onClick={() => onChange(draft.filter((_, i) => i !== g))}>
              Remove group
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" class="secondary" onClick={() => onChange([...draft, { name: '', required: false, min: 0, max: '1', options: [{ name: '', delta: '' }] }])}>
        Add group
      </button>
    </fieldset>
  );
}
