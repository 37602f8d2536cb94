import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { customerAddresses, states, users } from '../schema';

/**
 * The demo customer's two addresses, in served demo pincodes (DEMO_ZONES): home in Koramangala (the default) and
 * the office in Andheri. Written directly (the template's cache key covers the seed files, not the services).
 */
export async function seedDemoAddresses(db: Db, customerMobileNo: string) {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, customerMobileNo));
  if (!customer) throw new Error('The demo customer is missing');
  const rows = await db
    .select({ id: states.id, name: states.name })
    .from(states)
    .where(inArray(states.name, ['Karnataka', 'Maharashtra']));
  const stateId = (name: string) => rows.find((r) => r.name === name)?.id ?? null;
  await db.insert(customerAddresses).values([
    {
      customerUserId: customer.id,
      address: 'Flat 4B, Lakeview Residency, 5th Block, 80 Feet Road, Koramangala',
      pinCode: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateId: stateId('Karnataka'),
      receiverName: 'Kavya Customer',
      receiverMobileNo: customerMobileNo,
      isDefault: true,
    },
    {
      customerUserId: customer.id,
      address: '2nd Floor, Sunrise Business Park, Veera Desai Road, Andheri West',
      pinCode: '400053',
      city: 'Mumbai',
      state: 'Maharashtra',
      stateId: stateId('Maharashtra'),
      receiverName: 'Kavya (office)',
      receiverMobileNo: '9876543210',
      isDefault: false,
    },
  ]);
}
