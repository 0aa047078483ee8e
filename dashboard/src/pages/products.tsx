/** Products: the catalogue, a form to add one, and a dialog to change price, stock and modifier groups, or deactivate. */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, Dialog, EmptyState, ErrorAlert, Field, Loaded, Pagination, useResource } from '../components';
import { formatModifier, formatMoney, moneyInput, parseMoney } from '../format';
import { draftOf, groupsOfDraft, ModifierEditor } from '../modifier-editor';
import { useLocation } from '../router';

type Product = Schemas['Product'];
const PER_PAGE = 20;

/** Blank for untracked stock, else a whole number. */
function parseInventory(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return /^\d+$/.test(text.trim()) ? Number(text) : undefined;
}

export function ProductsPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const products = useResource(() => till.products.list({ page, per_page: PER_PAGE }), [page]);
  const writable = can(account, 'products:write');
  const [editing, setEditing] = useState<Product>();
  const [deactivating, setDeactivating] = useState<Product>();
  return (
    <section>
      <h1>Products</h1>
      {writable && <NewProduct currency={account.currency} onCreated={products.reload} />}
      <Loaded resource={products}>
        {(list) => (
          <>
            {list.data.length === 0 ? (
              <EmptyState title="No products yet">
                What you sell appears here with its price and stock, ready for the items of an order.{' '}
                {writable ? 'Add the first one with “Add a product” above.' : 'An admin or a manager can add them.'}
              </EmptyState>
            ) : (
            <div class="table-wrap">
              <table class="rows">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col" class="num">
                      Price
                    </th>
                    <th scope="col" class="num">
                      Stock
                    </th>
                    <th scope="col">State</th>
                    {writable && <th scope="col">Actions</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((product) => (
                    <tr key={product.id}>
                      <td data-label="Name" class="lead">
                        {product.name}
                        <ModifierGroups product={product} />
                      </td>
                      <td data-label="Price" class="num lead-end">{formatMoney(product.price, product.currency)}</td>
                      <td data-label="Stock" class="num">{product.inventory === null ? <><span class="phone-only">Stock: </span>Not tracked</> : <>{product.inventory}<span class="phone-only"> in stock</span></>}</td>
                      <td data-label="State">{product.active ? 'Active' : 'Inactive'}</td>
                      {writable && (
                        <td data-label="Actions" class="row-actions">
                          <button type="button" class="secondary" aria-label={`Edit ${product.name}`} onClick={() => setEditing(product)}>
                            Edit
                          </button>
                          {product.active && (
                            <button type="button" class="secondary" aria-label={`Deactivate ${product.name}`} onClick={() => setDeactivating(product)}>
                              Deactivate
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            )}
            <Pagination
              pagination={list.pagination}
              hrefFor={(n) => `/dashboard/products?page=${n}`}
              noun="products"
            />
          </>
        )}
      </Loaded>
      <EditProduct product={editing} onClose={() => setEditing(undefined)} onSaved={products.reload} />
      <ConfirmDialog
        title="Deactivate this product?"
        open={deactivating !== undefined}
        message={`${deactivating?.name ?? ''} can no longer be ordered. Existing orders keep it.`}
        confirmLabel="Deactivate"
        onConfirm={async () => {
          await till.products.update(deactivating!.id, { active: false });
          products.reload();
        }}
        onClose={() => setDeactivating(undefined)}
      />
    </section>
  );
}

/** The product's modifier groups under its name: "Size (required): Small, Large +0.50 · Milk (up to 1): Oat +0.50". */
function ModifierGroups(props: { product: Product }) {
  const { product } = props;
  if (product.modifier_groups.length === 0) return null;
  return (
    <ul class="modifiers" aria-label={`${product.name} modifier groups`}>
      {product.modifier_groups.map((group) => (
        <li key={group.id}>
          {group.name} ({choiceRule(group)}): {group.options.map((option) => formatModifier(option, product.currency)).join(', ')}
        </li>
      ))}
    </ul>
  );
}

/** How many options a line chooses from the group, in words. */
function choiceRule(group: Schemas['ModifierGroup']): string {
  const { min_selected: min, max_selected: max } = group;
  if (min === max) return min === 1 ? 'required, choose 1' : `required, choose ${min}`;
  if (min === 0) return `optional, up to ${max}`;
  return `required, ${min} to ${max}`;
}

function NewProduct(props: { currency: string; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [inventory, setInventory] = useState('');
  const [error, setError] = useState<ApiFailure>();
  return (
    <details class="panel">
      <summary>Add a product</summary>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          const minor = parseMoney(price, props.currency);
          const stock = parseInventory(inventory);
          if (minor === undefined) return setError(new ApiFailure('Enter the price, like 4.50.', 400, 'parameter_invalid'));
          if (stock === undefined) return setError(new ApiFailure('Stock is a whole number, or blank when it is not tracked.', 400, 'parameter_invalid'));
          try {
            await till.products.create({ name, price: minor, inventory: stock });
            setName('');
            setPrice('');
            setInventory('');
            props.onCreated();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Name" id="product-name" value={name} onInput={setName} required />
        <Field label={`Price (${props.currency})`} id="product-price" value={price} onInput={setPrice} inputMode="decimal" required />
        <Field label="Stock" id="product-stock" value={inventory} onInput={setInventory} inputMode="numeric" hint="Leave blank when stock is not tracked." />
        <div class="filter-actions">
          <button type="submit">Add product</button>
        </div>
      </form>
      <ErrorAlert error={error} />
    </details>
  );
}

function EditProduct(props: { product: Product | undefined; onClose: () => void; onSaved: () => void }) {
  const { product } = props;
  return (
    <Dialog title={product ? `Edit ${product.name}` : 'Edit product'} open={product !== undefined} onClose={props.onClose}>
      {product && <EditProductForm product={product} onClose={props.onClose} onSaved={props.onSaved} />}
    </Dialog>
  );
}

function EditProductForm(props: { product: Product; onClose: () => void; onSaved: () => void }) {
  const { product } = props;
  const [price, setPrice] = useState(moneyInput(product.price, product.currency));
  const [inventory, setInventory] = useState(product.inventory === null ? '' : String(product.inventory));
  const [active, setActive] = useState(product.active);
  const [groups, setGroups] = useState(() => draftOf(product.modifier_groups, product.currency));
  const [error, setError] = useState<ApiFailure>();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const minor = parseMoney(price, product.currency);
        const stock = parseInventory(inventory);
        if (minor === undefined) return setError(new ApiFailure('Enter the price, like 4.50.', 400, 'parameter_invalid'));
        if (stock === undefined) return setError(new ApiFailure('Stock is a whole number, or blank when it is not tracked.', 400, 'parameter_invalid'));
        const modifierGroups = groupsOfDraft(groups, product.currency);
        if (typeof modifierGroups === 'string') return setError(new ApiFailure(modifierGroups, 400, 'parameter_invalid'));
        try {
          await till.products.update(product.id, { price: minor, inventory: stock, active, modifier_groups: modifierGroups });
          props.onSaved();
          props.onClose();
        } catch (failure) {
          setError(asFailure(failure));
        }
      }}
    >
      <Field label={`Price (${product.currency})`} id="edit-price" value={price} onInput={setPrice} inputMode="decimal" required />
      <Field label="Stock" id="edit-stock" value={inventory} onInput={setInventory} inputMode="numeric" hint="Leave blank when stock is not tracked." />
      <label class="choice">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} /> Active (can be ordered)
      </label>
      <ModifierEditor draft={groups} onChange={setGroups} currency={product.currency} />
      <ErrorAlert error={error} />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit">Save</button>
      </div>
    </form>
  );
}
