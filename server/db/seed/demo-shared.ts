import { and, asc, eq, lte } from 'drizzle-orm';
import { cancelLine } from '../../domains/commerce';
import { wallets } from '../../domains/money';
import type { Paise } from '../../money';
import { paise } from '../../money';
import type { PaymentProviders } from '../../plugins/payments';
import type { Db } from '../client';
import { categoryZones, cities, orderLines, professionalServices, services, states, subCategories } from '../schema';

// What several demo seeds use: time spans, India slots, a provider-less checkout, demo funds, a customer's
// cancellation and the ids of a demo place.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** India's offset from UTC (+5:30). */
export const IST = 330 * 60_000;

/** `days` from `now`'s India day (negative: ago), at `hour`:00 India time. */
export function indiaSlot(now: Date, days: number, hour: number) {
  const day = new Date(now.getTime() + IST + days * DAY).toISOString().slice(0, 10);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`);
}

/** Wallet-paid placements never ask a provider: placeOrder reads the providers only for the other modes. */
export const WALLET_ONLY = { isAvailable: () => false, modes: [] } as unknown as PaymentProviders;

/** Credits a demo customer's wallet from the adjustments account, as the admin's credit would. */
export async function fundDemoCustomer(
  db: Db,
  customer: { id: number; fullName: string },
  amount: Paise,
  remark: string,
  actorId: number,
) {
  await db.transaction(async (tx) => {
    const wallet = await wallets.openWallet(tx, 'customer', customer);
    await wallets.post(tx, {
      kind: 'admin_credit',
      legs: [
        { accountId: wallet, amount },
        { accountId: wallets.systemAccountId('adjustments'), amount: -amount },
      ],
      remark,
      actorId,
      amountField: 'Amount',
      amount,
    });
  });
}

/** The customer cancels one of their order lines, found by its id, as the customer's own cancel call would. */
export async function cancelAsCustomer(db: Db, customerId: number, lineId: number, remark: string, now?: Date) {
  const [line] = await db
    .select({ orderId: orderLines.orderId, serviceId: orderLines.serviceId })
    .from(orderLines)
    .where(eq(orderLines.id, lineId));
  await cancelLine(
    db,
    { id: customerId, role: 'Cust' },
    {
      orderId: line.orderId,
      serviceId: line.serviceId,
      admin: false,
      acceptedFeePaise: paise(0),
      remark,
    },
    now,
  );
}

/** The everyday services (up to ₹1,500) a professional does in a zone that is served for them, by id. */
export async function everydayServiceIds(db: Db, professionalUserId: number, zoneId: number) {
  const rows = await db
    .select({ id: services.id })
    .from(professionalServices)
    .innerJoin(services, eq(services.id, professionalServices.serviceId))
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .innerJoin(
      categoryZones,
      and(eq(categoryZones.categoryId, subCategories.categoryId), eq(categoryZones.zoneId, zoneId)),
    )
    .where(
      and(
        eq(professionalServices.professionalUserId, professionalUserId),
        eq(services.active, true),
        lte(services.pricePaise, paise(150_000)),
      ),
    )
    .orderBy(asc(services.id));
  return rows.map((r) => r.id);
}

/** The ids of a demo city and its state; `seed` names the seed in the error when the city is missing. */
export async function demoPlace(db: Db, seed: string, state: string, city: string) {
  const [row] = await db
    .select({ cityId: cities.id, stateId: cities.stateId })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, state), eq(cities.name, city)));
  if (!row) throw new Error(`${seed}: no city ${city}, ${state}`);
  return row;
}
