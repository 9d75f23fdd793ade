import { asc, inArray } from 'drizzle-orm';
import type { PaymentDue } from '../../../common/check-in';
import type { Db } from '../../db/client';
import { orderItems, type orders } from '../../db/schema';

// What door staff collect for an order awaiting an offline payment (decision 039): its total and
// the tickets it covers, all of them, also those checked in on other lists.

type OrderMoney = Pick<typeof orders.$inferSelect, 'id' | 'total' | 'currency'>;

/** The payment due on each of these orders, by order id. */
export async function paymentsDue(db: Db, due: readonly OrderMoney[]): Promise<Map<number, PaymentDue>> {
  const result = new Map<number, PaymentDue>();
  if (due.length === 0) return result;
  for (const order of due) result.set(order.id, { total: order.total, currency: order.currency, items: [] });
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      title: orderItems.title,
      priceLabel: orderItems.priceLabel,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        due.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  for (const line of lines) {
    const title = line.priceLabel ? `${line.title} – ${line.priceLabel}` : line.title;
    const items = result.get(line.orderId)?.items;
    const same = items?.find((item) => item.title === title);
    if (same) same.quantity += line.quantity;
    else items?.push({ title, quantity: line.quantity });
  }
  return result;
}

export async function paymentDue(db: Db, order: OrderMoney): Promise<PaymentDue | undefined> {
  return (await paymentsDue(db, [order])).get(order.id);
}
