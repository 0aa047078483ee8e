/**
 * The catalogue of the register: the shop's active products as a grid of buttons grouped by category,
 * a bar of categories, and a search box (List Products `q`: a name's start, a SKU or a barcode).
 * Enter in the search box with digits adds the product of that barcode; with a search that found one
 * product, adds that one. Each catalogue read online is kept on the device (`offline/snapshot.ts`):
 * without the network the register shows, and searches, the one it kept.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { useAccount } from '../account';
import { asFailure, ErrorAlert, Loaded, useResource } from '../components';
import { formatMoney } from '../format';
import { online } from '../offline/connectivity';
import { catalogueKept, keepProducts, readSnapshot, scopeOf } from '../offline/snapshot';
import { useStore } from './store';

type Product = Schemas['Product'];
type Account = Schemas['Account'];

/** The most products the register shows (10 pages of 100): a shop with more finds the rest by search. */
const MAX_PRODUCTS = 1000;
/** Products of no category are listed under this name, last. */
const OTHER = 'Other';

async function fetchCatalogue(): Promise<Product[]> {
  const products: Product[] = [];
  for await (const product of till.products.list({ active: true, per_page: 100 })) {
    products.push(product);
    if (products.length >= MAX_PRODUCTS) break;
  }
  return products.sort((a, b) => a.name.localeCompare(b.name));
}

/** The catalogue from Till, kept for offline use; without the network, the one kept. */
async function loadCatalogue(account: Account): Promise<Product[]> {
  if (online.get()) {
    try {
      const products = await fetchCatalogue();
      await keepProducts(account, products);
      catalogueKept.set(true);
      return products;
    } catch (error) {
      if (asFailure(error).status !== 0) throw error;
    }
  }
  const kept = await readSnapshot(scopeOf(account));
  if (kept === undefined || kept.savedAt === '') throw new ApiFailure('Offline, and this register has kept no catalogue: open it once with the network.', 0, 'offline');
  return kept.products;
}

/** A search without the network, in the kept catalogue: as List Products' `q` (a name's start, an exact SKU or barcode). */
function searchKept(products: readonly Product[], q: string): Product[] {
  const start = q.toLowerCase();
  return products.filter((p) => p.name.toLowerCase().startsWith(start) || p.sku === q || p.barcode === q).slice(0, 50);
}

function categoryOf(product: Product): string {
  return product.category ?? OTHER;
}

/** The categories in alphabetical order, products without one last. */
function categoriesOf(products: readonly Product[]): string[] {
  const named = [...new Set(products.map((p) => p.category).filter((c): c is string => c !== null))].sort((a, b) => a.localeCompare(b));
  return products.some((p) => p.category === null) ? [...named, OTHER] : named;
}

export function Catalogue(props: { currency: string; onPick: (product: Product) => void; onBarcode: (code: string) => void }) {
  const { account } = useAccount();
  const connected = useStore(online);
  const catalogue = useResource(() => loadCatalogue(account), [connected, account.id, account.environment]);
  const [category, setCategory] = useState<string>();
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ q: string; products: Product[] }>();
  const [searchError, setSearchError] = useState<ApiFailure>();
  const searched = useRef(0);
  const q = text.trim();

  useEffect(() => {
    if (q === '') {
      setResults(undefined);
      setSearchError(undefined);
      return;
    }
    // One search per pause in the typing, the answer of the latest only.
    const ticket = ++searched.current;
    if (!connected) {
      setResults({ q, products: searchKept(catalogue.data ?? [], q) });
      setSearchError(undefined);
      return;
    }
    const timer = setTimeout(() => {
      till.products.list({ q, active: true, per_page: 50 }).then(
        (list) => ticket === searched.current && (setResults({ q, products: list.data }), setSearchError(undefined)),
        (error: unknown) => ticket === searched.current && setSearchError(asFailure(error)),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [q, connected, catalogue.data]);

  const pick = (product: Product) => {
    props.onPick(product);
  };

  return (
    <section class="catalogue" aria-label="Products">
      <form
        class="catalogue-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (/^[0-9]+$/.test(q)) {
            props.onBarcode(q);
            setText('');
          } else if (results?.q === q && results.products.length === 1) {
            pick(results.products[0]!);
            setText('');
          }
        }}
      >
        <label for="register-search" class="visually-hidden">
          Search products
        </label>
        <input
          id="register-search"
          type="search"
          autoComplete="off"
          placeholder="Search: name, SKU or barcode"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </form>
      <Loaded resource={catalogue}>
        {(products) =>
          q !== '' ? (
            <SearchResults q={q} results={results} error={searchError} currency={props.currency} onPick={pick} />
          ) : (
            <Browse products={products} category={category} setCategory={setCategory} currency={props.currency} onPick={pick} />
          )
        }
      </Loaded>
    </section>
  );
}

function SearchResults(props: { q: string; results: { q: string; products: Product[] } | undefined; error: ApiFailure | undefined; currency: string; onPick: (product: Product) => void }) {
  const { results } = props;
  if (props.error !== undefined) return <ErrorAlert error={props.error} />;
  if (results === undefined) return <p class="muted" aria-live="polite">Searching…</p>;
  return (
    <div aria-live="polite">
      <h2 class="catalogue-heading">
        {results.products.length === 0 ? `No product matches “${results.q}”` : `Products matching “${results.q}”`}
      </h2>
      {results.products.length === 0 && <p class="muted">A search finds names that start with it, and exact SKUs and barcodes.</p>}
      <ProductGrid products={results.products} currency={props.currency} onPick={props.onPick} />
    </div>
  );
}

function Browse(props: { products: Product[]; category: string | undefined; setCategory: (category: string | undefined) => void; currency: string; onPick: (product: Product) => void }) {
  const { products, category } = props;
  const categories = categoriesOf(products);
  if (products.length === 0) {
    return (
      <div class="empty" data-empty>
        <h2>No products to sell yet</h2>
        <p>Active products appear here, grouped by their category. A manager or an admin adds them on the Products page.</p>
      </div>
    );
  }
  const shown = category === undefined ? categories : categories.filter((c) => c === category);
  return (
    <>
      {categories.length > 1 && (
        <div class="category-bar" role="group" aria-label="Categories">
          <button type="button" class="chip" aria-pressed={category === undefined} onClick={() => props.setCategory(undefined)}>
            All
          </button>
          {categories.map((c) => (
            <button type="button" key={c} class="chip" aria-pressed={category === c} onClick={() => props.setCategory(c)}>
              {c}
            </button>
          ))}
        </div>
      )}
      {shown.map((c) => (
        <section key={c} class="catalogue-group" aria-label={c}>
          {categories.length > 1 && <h2 class="catalogue-heading">{c}</h2>}
          <ProductGrid products={products.filter((p) => categoryOf(p) === c)} currency={props.currency} onPick={props.onPick} />
        </section>
      ))}
    </>
  );
}

function ProductGrid(props: { products: Product[]; currency: string; onPick: (product: Product) => void }) {
  return (
    <ul class="product-grid">
      {props.products.map((product) => {
        const soldOut = product.inventory !== null && product.inventory <= 0;
        return (
          <li key={product.id}>
            <button type="button" class="product-button" data-product-id={product.id} disabled={soldOut} onClick={() => props.onPick(product)}>
              <span class="product-name">{product.name}</span>
              <span class="product-price">{formatMoney(product.price, props.currency)}</span>
              {product.modifier_groups.length > 0 && <span class="product-note">Options</span>}
              {soldOut && <span class="product-note">Out of stock</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
