import type { Db } from '../../db/client';

/** The HomeScreenAdvs toggle (DeReActivateAll): an advertisement's status, or a coupon's DISABLE / ENABLE. */
export async function toggle(_db: Db, _id: number, _actorId: number): Promise<{ id: number; active: boolean }> {
  throw new Error('homeScreenAds.toggle: being built (issue 11)');
}
