import { sql } from 'drizzle-orm';
import type { ReportRow } from '../../../common/reports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { type ReportScope, soldWithin } from './counted';
import type { ReportRange } from './range';
import { col } from './shape';

export const CHARGE_COLUMNS = [
  col('charge_kind', 'text'),
  col('name', 'text'),
  col('rate', 'text'),
  col('base', 'money'),
  col('taxes', 'money'),
  col('fees', 'money'),
];

const n = (value: unknown) => Number(value ?? 0);

/**
 * The taxes and fees of the range's sales per charge (kind, name, calculation and rate) and
 * currency, from the charges each line keeps (`order_items.charges`): what each one came to and
 * what it was worked out on (the line after its discount; for a tax on the fees too, plus the
 * line's fees). A line priced before the charges were kept by name adds its taxes and fees to a
 * row without a name, so the rows add up to the sales' taxes and fees exactly (an order's are the sums of its lines'). Refunds are not
 * spread over the rates here (an invoice's credit notes do that, decision 053).
 */
export async function chargeRows(
  db: Db,
  { scope, range, withCurrency }: { scope: ReportScope; range: ReportRange; withCurrency: boolean },
): Promise<ReportRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with l as (
        select o.currency as cur, oi.subtotal, oi.fees, oi.charges
        from orders o join order_items oi on oi.order_id = o.id
        where ${soldWithin(scope, range)}
      ), c as (
        select l.cur, ch->>'kind' as kind, ch->>'name' as name, coalesce(ch->>'calculation', '') as calc,
          coalesce(ch->>'rate', '') as rate,
          case when ch->>'kind' = 'TAX' and coalesce((ch->>'appliesToFees')::boolean, false)
            then l.subtotal + l.fees else l.subtotal end as base,
          (ch->>'amount')::bigint as amount
        from l cross join lateral jsonb_array_elements(coalesce(l.charges, '[]'::jsonb)) ch
      ), named as (
        select cur, kind, name, calc, rate, sum(base) as base, sum(amount) as amount
        from c group by cur, kind, name, calc, rate
      ), whole as (
        select o.currency as cur, sum(o.fees) as fees, sum(o.taxes) as taxes
        from orders o where ${soldWithin(scope, range)} group by o.currency
      )
      select cur, kind, name, calc, rate, base, amount from named
      union all
      select w.cur, k.kind, null, '', '', null,
        (case k.kind when 'TAX' then w.taxes else w.fees end)
          - coalesce((select sum(amount) from named x where x.cur = w.cur and x.kind = k.kind), 0)
      from whole w cross join (values ('TAX'), ('FEE')) as k(kind)
      order by 1, 2 desc, 3 nulls last, 5`,
  );
  return rows
    .filter((r) => r.name !== null || n(r.amount) !== 0)
    .map((r) => {
      const amount = n(r.amount);
      const tax = r.kind === 'TAX';
      const rate = String(r.rate ?? '');
      return {
        ...(withCurrency ? { currency: String(r.cur) } : {}),
        charge_kind: String(r.kind),
        name: r.name === null ? null : String(r.name),
        // A percentage as "23 %"; a fixed amount per ticket as its minor units ("150").
        rate: rate === '' ? null : r.calc === 'PERCENTAGE' ? `${rate} %` : rate,
        base: r.base === null ? null : n(r.base),
        taxes: tax ? amount : 0,
        fees: tax ? 0 : amount,
      };
    });
}
