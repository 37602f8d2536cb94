import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { CompanyConfig } from '../../config';
import { walletBalance } from '../../domains/money';
import { productRequests as requests } from '../../domains/supply';
import type { RoleCode } from '../../http';
import type { Db } from '../client';
import { productRequests, products, professionals, users } from '../schema';
import { DEMO_ACCOUNTS } from './demo';

/**
 * The demo vendor's product requests, one in every state of the request machine (decision 029): built through the
 * product requests service as the vendor, the inventory manager and the admin would (cart, submission, decisions,
 * cancellation, payment), so the stock ledger, the wallet ledger and the transition log stay exact. Runs after the
 * vendors, products and wallets seeds (it needs the demo vendor's professionals, products in stock and the vendor's
 * wallet). The paid request is debited from the demo vendor's wallet (a small one: one unit of the cheapest product).
 * Does nothing twice (nothing when the demo vendor already has requests).
 */
export async function seedDemoRequests(db: Db, o: { company: CompanyConfig }) {
  const actor = async (role: RoleCode) => {
    const a = DEMO_ACCOUNTS.find((x) => x.role === role)!;
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, a.mobileNo));
    return u ? { id: u.id, role } : null;
  };
  const [vendor, im, admin] = [await actor('VE'), await actor('IM'), await actor('A')];
  if (!vendor || !im || !admin) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(productRequests)
    .where(eq(productRequests.vendorUserId, vendor.id));
  if (n > 0) return;
  const team = await db
    .select({ id: professionals.userId })
    .from(professionals)
    .where(eq(professionals.vendorUserId, vendor.id))
    .orderBy(asc(professionals.userId));
  // Products in stock, cheapest first, each with room for the units held below.
  const store = await db
    .select({ id: products.id, price: products.actualPricePaise })
    .from(products)
    .where(
      and(eq(products.active, true), isNull(products.deletedAt), sql`${products.onHand} - ${products.reserved} >= 6`),
    )
    .orderBy(asc(products.actualPricePaise), asc(products.id))
    .limit(8);
  if (team.length === 0 || store.length < 2) return;

  const pro = (i: number) => team[i % team.length].id;
  const item = (i: number) => store[i % store.length].id;
  /** One request from a cart of `lines` (product index, professional index, quantity). */
  const submit = async (lines: [number, number, number][]) => {
    for (const [p, who, qty] of lines) {
      await requests.addToCart(db, vendor, { productId: item(p), professionalId: pro(who), requestQty: qty });
    }
    return (await requests.submit(db, vendor, vendor.id)).IOrderId;
  };
  const accept = (id: number, by: typeof im) =>
    requests.decide(db, by, { requestId: id, reject: false, role: by.role as 'IM' | 'A' });
  const reject = (id: number, by: typeof im, remark: string) =>
    requests.decide(db, by, { requestId: id, reject: true, role: by.role as 'IM' | 'A', remark });

  // issued: the cheapest product, one unit, accepted by both and paid from the wallet (when it covers it).
  const paid = await submit([[0, 0, 1]]);
  await accept(paid, im);
  await accept(paid, admin);
  const [row] = await db.select().from(productRequests).where(eq(productRequests.id, paid));
  if ((await walletBalance(db, 'vendor', vendor.id)) >= row.totalPaise) {
    await requests.pay(db, o.company, vendor, { requestId: paid, vendorId: vendor.id });
  }
  // approved: waiting for the vendor's payment.
  const approved = await submit([
    [1, 0, 2],
    [2, 1, 1],
  ]);
  await accept(approved, im);
  await accept(approved, admin);
  // pendingAdmin: the inventory manager accepted (the stock is held).
  await accept(await submit([[3, 1, 3]]), im);
  // pendingIM: just submitted, for two professionals.
  await submit([
    [4, 0, 2],
    [5, 2, 1],
  ]);
  // rejectedByIM and rejectedByAdmin, each with its remark.
  await reject(await submit([[6, 2, 5]]), im, 'Five units are more than one job needs: ask for two.');
  const byAdmin = await submit([[7, 0, 4]]);
  await accept(byAdmin, im);
  await reject(byAdmin, admin, 'Please combine this with your next request.');
  // cancelled by the vendor after the inventory manager's acceptance (its stock went back).
  const cancelled = await submit([[1, 1, 1]]);
  await accept(cancelled, im);
  await requests.cancel(db, vendor, { requestId: cancelled, vendorId: vendor.id });
}
