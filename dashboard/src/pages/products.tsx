/**
 * Products: the catalogue, searchable (name, SKU, barcode) and filtered by category, a form to add one,
 * and a dialog to change price, stock, codes, category and modifier groups, or deactivate. In
 * production, a form copies the sandbox catalogue (`POST /v1/products/copy_from_sandbox`).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { can, useAccount } from '../account';
import { asFailure, ConfirmDialog, Dialog, EmptyState, ErrorAlert, Field, Loaded, Pagination, useResource } from '../components';
import { formatModifier, formatMoney, moneyInput, parseMoney } from '../format';
import { draftOf, groupsOfDraft, ModifierEditor } from '../modifier-editor';
import { Link, navigate, useLocation } from '../router';

type Product = Schemas['Product'];
const PER_PAGE = 20;

/** Blank for untracked stock, else a whole number. */
function parseInventory(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return /^\d+$/.test(text.trim()) ? Number(text) : undefined;
}

/** Blank text as null: the way a form clears an optional field. */
function orNull(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

interface Filters {
  q: string;
  category: string;
}

function hrefOf(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') query.set(name, value.trim());
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/dashboard/products${text ? `?${text}` : ''}`;
}

export function ProductsPage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const applied: Filters = { q: query.get('q') ?? '', category: query.get('category') ?? '' };
  const [draft, setDraft] = useState<Filters>(applied);
  const key = query.toString();
  useEffect(() => setDraft({ q: query.get('q') ?? '', category: query.get('category') ?? '' }), [key]);
  const products = useResource(
    () =>
      till.products.list({
        page,
        per_page: PER_PAGE,
        ...(applied.q.trim() ? { q: applied.q.trim() } : {}),
        ...(applied.category.trim() ? { category: applied.category.trim() } : {}),
      }),
    [key],
  );
  const filtered = applied.q.trim() !== '' || applied.category.trim() !== '';
  const writable = can(account, 'products:write');
  const [editing, setEditing] = useState<Product>();
  const [deactivating, setDeactivating] = useState<Product>();
  return (
    <section>
      <h1>Products</h1>
      {writable && <NewProduct currency={account.currency} onCreated={products.reload} />}
      {writable && account.environment === 'production' && <CopySandboxCatalogue onCopied={products.reload} />}
      <form
        class="filters"
        aria-label="Search products"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(hrefOf(draft, 1));
        }}
      >
        <Field label="Search" id="products-q" type="search" placeholder="Name, SKU, barcode" value={draft.q} onInput={(q) => setDraft({ ...draft, q })} />
        <Field label="Category" id="products-category" value={draft.category} onInput={(category) => setDraft({ ...draft, category })} hint="The exact category." />
        <div class="filter-actions">
          <button type="submit">Search</button>
          <Link class="button secondary" href="/dashboard/products">
            Clear
          </Link>
        </div>
      </form>
      <Loaded resource={products}>
        {(list) => (
          <>
            {list.data.length === 0 && filtered ? (
              <EmptyState title="No products match" action={<Link href="/dashboard/products">Clear the search</Link>}>
                Products appear here when their name starts with the search, their SKU or barcode is exactly it, and their category is the one given.
              </EmptyState>
            ) : list.data.length === 0 ? (
              <EmptyState title="No products yet">
                What you sell appears here with its price and stock, ready for the items of an order.{' '}
                {writable ? 'Add the first one with “Add a product” above.' : 'An admin or a manager can add them.'}
                {writable && account.environment === 'production' && ' Or bring the sandbox products over with “Copy the sandbox catalogue”.'}
              </EmptyState>
            ) : (
            <div class="table-wrap">
              <table class="rows">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">SKU</th>
                    <th scope="col" class="wide-only">Barcode</th>
                    <th scope="col">Category</th>
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
                      <td data-label="SKU" class="mono">{product.sku ?? '—'}</td>
                      <td data-label="Barcode" class="mono wide-only">{product.barcode ?? '—'}</td>
                      <td data-label="Category">{product.category ?? '—'}</td>
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
              hrefFor={(n) => hrefOf(applied, n)}
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
  const [sku, setSku] = useState('');
  const [barcode, setBarcode] = useState('');
  const [category, setCategory] = useState('');
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
            await till.products.create({ name, price: minor, inventory: stock, sku: orNull(sku), barcode: orNull(barcode), category: orNull(category) });
            setName('');
            setPrice('');
            setInventory('');
            setSku('');
            setBarcode('');
            setCategory('');
            props.onCreated();
          } catch (failure) {
            setError(asFailure(failure));
          }
        }}
      >
        <Field label="Name" id="product-name" value={name} onInput={setName} required />
        <Field label={`Price (${props.currency})`} id="product-price" value={price} onInput={setPrice} inputMode="decimal" required />
        <Field label="Stock" id="product-stock" value={inventory} onInput={setInventory} inputMode="numeric" hint="Leave blank when stock is not tracked." />
        <Field label="SKU" id="product-sku" value={sku} onInput={setSku} maxLength={64} hint="Optional; unique." />
        <Field label="Barcode" id="product-barcode" value={barcode} onInput={setBarcode} maxLength={64} hint="Optional; letters and digits, unique." />
        <Field label="Category" id="product-category" value={category} onInput={setCategory} maxLength={100} hint="Optional." />
        <div class="filter-actions">
          <button type="submit">Add product</button>
        </div>
      </form>
      <ErrorAlert error={error} />
    </details>
  );
}

/** "12 products copied, 3 already there": what a copy did, in words. */
function copyOutcome(created: number, skipped: number): string {
  const copied = `${created} ${created === 1 ? 'product' : 'products'} copied`;
  if (created === 0 && skipped === 0) return 'The sandbox has no products to copy.';
  return skipped === 0 ? `${copied}.` : `${copied}, ${skipped} already there.`;
}

/**
 * Copies every sandbox product not yet copied into production. Running it again is harmless: products
 * already copied are left as they are and counted as already there.
 */
function CopySandboxCatalogue(props: { onCopied: () => void }) {
  const [includeStock, setIncludeStock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  const [error, setError] = useState<ApiFailure>();
  return (
    <details class="panel">
      <summary>Copy the sandbox catalogue</summary>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          setOutcome(undefined);
          try {
            const copy = await till.products.copyFromSandbox({ include_stock: includeStock });
            setOutcome(copyOutcome(copy.created, copy.skipped));
            props.onCopied();
          } catch (failure) {
            setError(asFailure(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <p class="hint">
          Adds each sandbox product to production with its name, price and state. Products copied before are left as they are.
        </p>
        <label class="choice">
          <input type="checkbox" checked={includeStock} onChange={(e) => setIncludeStock(e.currentTarget.checked)} /> Copy the sandbox stock counts too
          (otherwise tracked stock starts at 0)
        </label>
        <div class="filter-actions">
          <button type="submit" disabled={busy}>
            Copy sandbox catalogue
          </button>
        </div>
      </form>
      {outcome && <p role="status">{outcome}</p>}
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
  const [sku, setSku] = useState(product.sku ?? '');
  const [barcode, setBarcode] = useState(product.barcode ?? '');
  const [category, setCategory] = useState(product.category ?? '');
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
          await till.products.update(product.id, { price: minor, inventory: stock, active, sku: orNull(sku), barcode: orNull(barcode), category: orNull(category), modifier_groups: modifierGroups });
          props.onSaved();
          props.onClose();
        } catch (failure) {
          setError(asFailure(failure));
        }
      }}
    >
      <Field label={`Price (${product.currency})`} id="edit-price" value={price} onInput={setPrice} inputMode="decimal" required />
      <Field label="Stock" id="edit-stock" value={inventory} onInput={setInventory} inputMode="numeric" hint="Leave blank when stock is not tracked." />
      <Field label="SKU" id="edit-sku" value={sku} onInput={setSku} maxLength={64} hint="Blank for none." />
      <Field label="Barcode" id="edit-barcode" value={barcode} onInput={setBarcode} maxLength={64} hint="Blank for none." />
      <Field label="Category" id="edit-category" value={category} onInput={setCategory} maxLength={100} hint="Blank for none." />
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
