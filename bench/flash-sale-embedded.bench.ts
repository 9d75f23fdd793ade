import { loadavg } from 'node:os';
import {
  BUYERS,
  describeSale,
  figuresOf,
  runBuyers,
  SALE_ENV,
  STOCK,
  saleIsSound,
  seedSale,
  stockOf,
} from './flash';
import { printBench, startServer } from './support';

const TARGET_PER_SECOND = 250;

/**
 * The flash sale of `flash-sale` on the embedded database (PGlite, one connection in the
 * server's own thread): 200 keep-alive buyers, one ticket of 10,000, 1–4 seats an order.
 * No reference: there is no pool to compare with; the target is a plain rate.
 */
export async function run(): Promise<void> {
  const server = await startServer({ embedded: true, env: SALE_ENV });
  try {
    const sale = await seedSale(server.app);
    const base = {
      mode: 'http' as const,
      bases: [server.base],
      eventId: sale.eventId,
      accountId: sale.accountId,
    };
    console.log(
      `embedded database; ${BUYERS} buyers, one ticket of ${STOCK}; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await runBuyers({ ...base, buyers: 20, ticketId: sale.warmUpIds[0] ?? 0 });
    const result = await runBuyers({ ...base, buyers: BUYERS, ticketId: sale.ticketIds[0] ?? 0 });
    const ours = figuresOf(result);
    const stock = await stockOf(server.app.db, sale.ticketIds[0] ?? 0);
    console.log(`Tessera: ${describeSale(ours)}`);
    console.log(`sold ${stock.sold}, oversold ${stock.oversold}, counters agree: ${stock.countersAgree}`);
    printBench({
      name: 'flash-sale-embedded',
      value: ours.ordersPerSecond,
      unit: 'orders/s',
      target: `>= ${TARGET_PER_SECOND} orders/s, sold ${STOCK}, oversold 0`,
      ok: ours.ordersPerSecond >= TARGET_PER_SECOND && saleIsSound(stock),
      sold: stock.sold,
      oversold: stock.oversold,
      p50_ms: ours.p50,
      p99_ms: ours.p99,
      buyers: BUYERS,
      database: server.databaseKind,
      failures: ours.failures,
    });
  } finally {
    await server.close();
  }
}
