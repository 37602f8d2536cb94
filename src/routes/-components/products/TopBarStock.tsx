// The top bar's product-details fetch (decision 028): 'Stock' opens a panel where the inventory manager, the
// admin or a vendor finds a product (a server search through the list their role may read) and sees its current
// stock from GetProductDetails: on hand, held for requests, available, the price and the low-stock flag. Loaded on
// demand by the area layout, only for those roles; nothing is fetched until the panel opens.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { meQuery } from '../../../api/auth';
import { storeProductsQuery } from '../../../api/productRequests';
import { inventoryProductsQuery, productQuery } from '../../../api/products';
import { Alert, Badge, formatRupees } from '../../../ui';
import { Popover } from '../../../ui/Popover';
import { useSettled } from '../../_admin/-components/pickers';
import { StockTrigger } from './StockTrigger';
import * as s from './stock.css';

export type StockRole = 'IM' | 'A' | 'VE';

/** How many matches the panel lists: the first ones; typing narrows them. */
const MATCHES = 8;
const DEBOUNCE_MS = 300;

interface Match {
  id: number;
  productName: string;
  available: number;
}

/** The matches of the role's own list operation: the store for staff, the products they may request for vendors. */
function useMatches(role: StockRole, search: string) {
  const me = useQuery({ ...meQuery(), enabled: role === 'VE' });
  const vendorId = me.data?.Id ?? 0;
  const params = { page: 1, pageSize: MATCHES, search: search || undefined };
  const staff = useQuery({ ...inventoryProductsQuery(params), enabled: role !== 'VE' });
  const store = useQuery({ ...storeProductsQuery(vendorId, params), enabled: role === 'VE' && vendorId > 0 });
  const list = role === 'VE' ? store : staff;
  const items: Match[] | undefined = list.data?.items.map((p) => ({
    id: p.id,
    productName: p.productName,
    available: p.available,
  }));
  return { items, total: list.data?.total, fetching: list.isFetching, error: list.error ?? me.error };
}

/** Arrow keys walk the matches; Up from the first one goes back to the search box. */
function walk(e: KeyboardEvent<HTMLElement>, list: HTMLUListElement | null, box: HTMLInputElement | null) {
  const buttons = Array.from(list?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  let next: HTMLElement | null | undefined;
  if (e.key === 'ArrowDown') next = buttons[Math.min(at + 1, buttons.length - 1)];
  else if (e.key === 'ArrowUp') next = at <= 0 ? box : buttons[at - 1];
  else if (e.key === 'Home' && at >= 0) next = buttons[0];
  else if (e.key === 'End' && at >= 0) next = buttons[buttons.length - 1];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={s.figure}>
      <dt className={s.figureLabel}>{label}</dt>
      <dd className={s.figureValue}>{value}</dd>
    </div>
  );
}

function StockDetails({ role, id, onLeave }: { role: StockRole; id: number | null; onLeave(): void }) {
  // Always the server's figures at the moment of choosing (stock moves while the panel is closed).
  const product = useQuery({ ...productQuery(id ?? 0), staleTime: 0 });
  const p = id !== null ? product.data : undefined;
  const busy = id !== null && product.isFetching;
  const dash = '…';
  return (
    <section className={s.details} aria-label="Current stock of the chosen product" aria-busy={busy || undefined}>
      {id === null ? (
        <p className={s.empty}>Choose a product to see its stock now.</p>
      ) : product.error && !p ? (
        <Alert tone="danger">{product.error.message}</Alert>
      ) : (
        <>
          <div className={s.detailsHead}>
            <h3 className={s.productName}>{p?.productName ?? 'Loading…'}</h3>
            {p ? (
              p.lowStock ? (
                <Badge tone="warning">Low stock (at {p.lowStockAt})</Badge>
              ) : (
                <Badge tone="success">In stock</Badge>
              )
            ) : null}
            {p && !p.status ? <Badge tone="neutral">Inactive</Badge> : null}
          </div>
          {/* Polite: a new choice reads its figures out once they arrive. */}
          <dl className={s.figures} aria-live="polite">
            <Figure label="On hand" value={p ? String(p.onHand) : dash} />
            <Figure label="Held for requests" value={p ? String(p.reserved) : dash} />
            <Figure label="Available" value={p ? String(p.available) : dash} />
            <Figure label="Price a unit" value={p ? formatRupees(p.actualPrice) : dash} />
          </dl>
          {p && role !== 'VE' ? (
            role === 'IM' ? (
              <Link to="/ManageStore/ProductHistory" search={{ productId: p.id }} onClick={onLeave}>
                Stock history of {p.productName}
              </Link>
            ) : (
              <Link to="/Inventory/InventoryHistory" search={{ productId: p.id }} onClick={onLeave}>
                Stock history of {p.productName}
              </Link>
            )
          ) : null}
        </>
      )}
    </section>
  );
}

function StockPanel({
  role,
  searchRef,
  onLeave,
}: {
  role: StockRole;
  searchRef: RefObject<HTMLInputElement | null>;
  onLeave(): void;
}) {
  const [query, setQuery] = useState('');
  const search = useSettled(query.trim(), DEBOUNCE_MS);
  const [chosen, setChosen] = useState<number | null>(null);
  const matches = useMatches(role, search);
  const listRef = useRef<HTMLUListElement>(null);
  const ids = useId();
  const waiting = query.trim() !== search || matches.fetching;

  let note = '';
  if (matches.error) note = matches.error.message;
  else if (waiting) note = 'Searching…';
  else if (matches.total === 0) note = search ? `Nothing matches “${search}”.` : 'The store has no products yet.';
  else if (matches.total !== undefined && matches.items && matches.total > matches.items.length)
    note = `${matches.items.length} of ${matches.total} shown: type to narrow them.`;

  return (
    <>
      <label className={s.searchLabel} htmlFor={`${ids}-search`}>
        Find a product
      </label>
      <input
        ref={searchRef}
        id={`${ids}-search`}
        type="search"
        dir="auto"
        className={s.search}
        placeholder="Product name…"
        autoComplete="off"
        aria-controls={`${ids}-matches`}
        aria-describedby={`${ids}-note`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') walk(e, listRef.current, searchRef.current);
          // Enter takes the first match at once.
          if (e.key === 'Enter' && matches.items?.[0] && !waiting) {
            e.preventDefault();
            setChosen(matches.items[0].id);
          }
        }}
      />
      <p id={`${ids}-note`} className={s.note} role="status">
        {note}
      </p>
      <ul
        ref={listRef}
        id={`${ids}-matches`}
        className={s.matches}
        aria-label="Matching products"
        onKeyDown={(e) => walk(e, listRef.current, searchRef.current)}
      >
        {matches.items?.map((m) => (
          <li key={m.id}>
            <button type="button" className={s.match} aria-pressed={chosen === m.id} onClick={() => setChosen(m.id)}>
              <span className={s.matchName}>{m.productName}</span>
              <span className={s.matchFree}>{m.available} free</span>
            </button>
          </li>
        ))}
      </ul>
      <StockDetails role={role} id={chosen} onLeave={onLeave} />
    </>
  );
}

export default function TopBarStock({ role }: { role: StockRole }) {
  const [open, setOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <Popover
      title="Current stock"
      open={open}
      onOpenChange={setOpen}
      onOpenAutoFocus={(e) => {
        // Straight into the search box: finding a product is the only thing to do first.
        e.preventDefault();
        searchRef.current?.focus();
      }}
      trigger={<StockTrigger />}
    >
      <StockPanel role={role} searchRef={searchRef} onLeave={() => setOpen(false)} />
    </Popover>
  );
}
