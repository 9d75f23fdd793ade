import type { Db } from '../../db/client';
import { orderActivities } from '../../db/schema';

type ActivityKind = (typeof orderActivities.$inferInsert)['kind'];

/**
 * Writes down something done to an order, for its history on the order screen: by whom (null
 * for door staff and the system), what, and a note or details. Call it in the transaction
 * that does the thing, so the history has it exactly when it happened.
 */
export async function recordActivity(
  db: Db,
  activity: {
    orderId: number;
    userId: number | null;
    kind: ActivityKind;
    note?: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(orderActivities).values({
    orderId: activity.orderId,
    userId: activity.userId,
    kind: activity.kind,
    note: activity.note ?? null,
    data: activity.data ?? null,
  });
}
