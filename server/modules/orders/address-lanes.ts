import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { AppError } from '../../http/app-error';

/**
 * How many reservations of one address may be made at the same moment (decision 043). More
 * lanes let more run side by side; each lane is one row, and when every lane looks full the
 * address's open orders are counted once.
 */
export const ADDRESS_LANES = 8;

/** Lanes untouched this long hold no open order (a reservation lasts under a day, extended). */
const LANE_LIFETIME = '2 days';

/** Lane `lane`'s share of `max`: the shares add up to `max` exactly. */
export function laneBudget(max: number, lane: number): number {
  return Math.floor(max / ADDRESS_LANES) + (lane < max % ADDRESS_LANES ? 1 : 0);
}

/**
 * `count` held reservations spread over the lanes, each within its share of `max`: what the
 * lanes hold after an exact count (`count` ≤ `max`).
 */
export function spreadOverLanes(count: number, max: number): number[] {
  let left = count;
  return Array.from({ length: ADDRESS_LANES }, (_, lane) => {
    const held = Math.min(left, laneBudget(max, lane));
    left -= held;
    return held;
  });
}

/**
 * The SQL test that lane `lane` has room under `max`, an integer SQL expression (a literal or a
 * parameter): `laneBudget` in SQL.
 */
export const laneHasRoom = (max: string) =>
  `held < ${max} / ${ADDRESS_LANES} + (case when lane < ${max} % ${ADDRESS_LANES} then 1 else 0 end)`;

const hasRoom = (max: number) => sql.raw(laneHasRoom(String(Math.trunc(max))));

/**
 * Thrown by `takeAddressLane` when every lane with room is busy: the transaction should start
 * again with `careful` set, holding nothing (see there).
 */
export class LanesBusy extends Error {
  constructor() {
    super('every lane of the address is busy');
  }
}

/**
 * Takes a place for one more open reservation of `address`, in the caller's transaction, or
 * throws TOO_MANY_OPEN_ORDERS when the address already holds `max` (decision 018).
 *
 * The usual way is one statement: add one to the first lane that has room and that no other
 * reservation of the address holds now (`SKIP LOCKED`), so reservations of one address run
 * side by side, up to `ADDRESS_LANES` at once. A lane's `held` only grows here; orders that
 * were completed, cancelled or expired since still count in it, so it is an upper bound of the
 * open orders it stands for, and the sum of all lanes never falls below the address's open
 * orders. When no lane has room (or none exists yet), `recountLanes` counts exactly.
 *
 * When that statement finds no lane it throws `LanesBusy`: on its way it may have locked lanes
 * that had just filled, and waiting now while holding them could close a circle with a
 * recount, which locks all lanes in order (PostgreSQL would end one of them). The caller
 * starts a new transaction with `careful`: there a savepoint holds the wait for one lane, and
 * is rolled back if that lane turns out full, so the recount starts holding nothing.
 *
 * Call it before the transaction takes any other lock: waiting for a lane while holding a row
 * another reservation needs could make two wait on each other.
 */
export async function takeAddressLane(
  tx: Transaction,
  { address, max, now, careful = false }: { address: string; max: number; now: Date; careful?: boolean },
): Promise<void> {
  const at = now.toISOString();
  if (!careful) {
    const [free] = await queryRows<{ lane: number }>(
      tx,
      sql`update address_lanes set held = held + 1, touched_at = ${at}
          where address = ${address} and lane = (
            select lane from address_lanes where address = ${address} and ${hasRoom(max)}
            order by lane limit 1 for update skip locked)
          returning lane`,
    );
    if (free) return;
    throw new LanesBusy();
  }
  // Wait for one lane with room (a random one, so waiters spread) and take it if it still has
  // room once its reservation has committed; if not, give back what the wait locked.
  const waited = await tx
    .transaction(async (savepoint) => {
      const [row] = await queryRows<{ lane: number }>(
        savepoint,
        sql`update address_lanes set held = held + 1, touched_at = ${at}
            where address = ${address} and lane = (
              select lane from address_lanes where address = ${address} and ${hasRoom(max)}
              order by random() limit 1)
            and ${hasRoom(max)}
            returning lane`,
      );
      if (!row) throw new LanesBusy();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof LanesBusy) return false;
      throw error;
    });
  if (!waited) await recountLanes(tx, { address, max, now });
}

/**
 * The slow way, taken when every lane of the address looks full or is held by another
 * reservation, and on its first reservation: lock all its lanes (in order, so two recounts
 * never wait on each other in a circle), which waits for the reservations now running for it to
 * commit; count its open orders exactly (the partial index `orders_open_by_address_idx`); and,
 * if one more fits, set the lanes to that count plus this reservation.
 */
async function recountLanes(
  tx: Transaction,
  { address, max, now }: { address: string; max: number; now: Date },
): Promise<void> {
  const at = now.toISOString();
  // Waits, the first time, for another first reservation of the address to commit its lanes.
  await tx.execute(
    sql`insert into address_lanes (address, lane, touched_at)
        select ${address}, lane, ${at} from generate_series(0, ${ADDRESS_LANES - 1}) as lane
        on conflict do nothing`,
  );
  await tx.execute(sql`select lane from address_lanes where address = ${address} order by lane for update`);
  // The statuses are written out, not passed as a parameter, so the partial index applies.
  const [row] = await queryRows<{ open: string | number }>(
    tx,
    sql`select count(*) as open from orders
        where client_address = ${address} and status in ('RESERVED', 'PAYMENT_FAILED')
          and reserved_until > ${at}`,
  );
  const open = Number(row?.open ?? 0);
  if (open >= max) throw new AppError('TOO_MANY_OPEN_ORDERS');
  const held = spreadOverLanes(open + 1, max);
  await tx.execute(
    sql`update address_lanes set held = (${sql.raw(`array[${held.join(',')}]`)})[lane + 1], touched_at = ${at}
        where address = ${address}`,
  );
}

/** Deletes the lanes of addresses that reserved nothing for two days (a schedule). */
export async function purgeIdleAddressLanes(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from address_lanes where touched_at < now() - ${LANE_LIFETIME}::interval returning lane`,
  );
  return rows.length;
}
