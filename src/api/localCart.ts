import type { LocalCartLine } from '../machines/localCart/localCart.machine';
import { totalsOf } from '../machines/localCart/localCart.totals';
import { call, client } from './client';

/**
 * The visitor's cart in browser storage (lines of id, price, quantity; totals totalPrice and totalQuantity),
 * with what the /cart page shows (heading, picture). Prices are stored in rupees, as the specification's shape says,
 * and read back as integer paise for the machine.
 */
export const LOCAL_CART_KEY = 'doorstep.cart';
/** Raised on window when this tab changed the stored cart outside the cart actor (the merge at sign-in). */
export const LOCAL_CART_CHANGED = 'doorstep:local-cart-changed';
/** Raised on window after every write of the stored cart in this tab (the header's count follows it). */
const LOCAL_CART_WRITTEN = 'doorstep:local-cart-written';

interface StoredLine {
  id: number;
  price: number;
  quantity: number;
  heading: string;
  imageUrl: string | null;
}

const isLine = (l: unknown): l is StoredLine => {
  const x = l as StoredLine;
  return (
    !!x &&
    Number.isSafeInteger(x.id) &&
    x.id > 0 &&
    typeof x.price === 'number' &&
    Number.isFinite(x.price) &&
    x.price >= 0 &&
    Number.isSafeInteger(x.quantity) &&
    x.quantity > 0 &&
    x.quantity <= 99 &&
    typeof x.heading === 'string'
  );
};

/** The stored lines (none when storage is empty, unreadable or not ours). */
export function readLocalCart(): LocalCartLine[] {
  try {
    const raw = localStorage.getItem(LOCAL_CART_KEY);
    const parsed = raw ? (JSON.parse(raw) as { lines?: unknown }) : null;
    const lines = Array.isArray(parsed?.lines) ? parsed.lines.filter(isLine) : [];
    return lines.map((l) => ({
      id: l.id,
      pricePaise: Math.round(l.price * 100),
      quantity: l.quantity,
      heading: l.heading,
      imageUrl: typeof l.imageUrl === 'string' ? l.imageUrl : null,
    }));
  } catch {
    return [];
  }
}

export function writeLocalCart(lines: readonly LocalCartLine[]) {
  try {
    if (lines.length === 0) {
      localStorage.removeItem(LOCAL_CART_KEY);
      return;
    }
    const stored: StoredLine[] = lines.map((l) => ({
      id: l.id,
      price: l.pricePaise / 100,
      quantity: l.quantity,
      heading: l.heading,
      imageUrl: l.imageUrl,
    }));
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: stored, ...totalsOf(lines) }));
  } catch {
    // Storage full or blocked (private mode): the cart lives on in memory for this visit.
  } finally {
    window.dispatchEvent(new Event(LOCAL_CART_WRITTEN));
  }
}

let countCache: { raw: string | null; count: number } = { raw: null, count: 0 };

/**
 * How many items the stored cart holds, read straight from storage (for the header, which should not need the cart
 * machine on every page); with `subscribeLocalCartCount`, a useSyncExternalStore source.
 */
export function localCartCount(): number {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LOCAL_CART_KEY);
  } catch {}
  if (raw !== countCache.raw) countCache = { raw, count: totalsOf(readLocalCart()).totalQuantity };
  return countCache.count;
}

export function subscribeLocalCartCount(changed: () => void): () => void {
  const events = ['storage', LOCAL_CART_WRITTEN, LOCAL_CART_CHANGED];
  for (const e of events) window.addEventListener(e, changed);
  return () => {
    for (const e of events) window.removeEventListener(e, changed);
  };
}

/**
 * At a customer's sign-in: the visitor's cart joins the server cart (Cart/MergeCart adds the quantities), then the
 * local cart empties. A failure keeps the local cart, so nothing chosen is lost; it is tried again at the next sign-in.
 */
export async function mergeLocalCart(): Promise<void> {
  const lines = readLocalCart();
  if (lines.length === 0) return;
  try {
    await call(
      client.POST('/api/Cart/MergeCart', {
        body: { Lines: lines.map((l) => ({ ServiceId: l.id, Quantity: l.quantity })) },
      }),
    );
  } catch {
    return;
  }
  writeLocalCart([]);
  window.dispatchEvent(new Event(LOCAL_CART_CHANGED));
}
