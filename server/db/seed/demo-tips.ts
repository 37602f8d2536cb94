import { paise } from '../../money';
import type { Db } from '../client';
import { tips } from '../schema';

/** The tip amounts offered at checkout on a fresh start: ₹20, ₹50 and ₹100, all active. */
export const DEMO_TIP_RUPEES = [20, 50, 100];

export async function seedDemoTips(db: Db) {
  await db
    .insert(tips)
    .values(DEMO_TIP_RUPEES.map((r) => ({ amountPaise: paise(r * 100) })))
    .onConflictDoNothing();
}
