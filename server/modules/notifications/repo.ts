import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';

export async function insert(exec: Executor, row: typeof notifications.$inferInsert) {
  const [made] = await exec.insert(notifications).values(row).returning({ id: notifications.id });
  return made.id;
}
