import type { I18n } from '@lingui/core';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrdersExportQuery } from '../../../common/admin-orders';
import type { AnswerValue } from '../../../common/answers';
import { toMajorText } from '../../../common/money';
import type { Db } from '../../db/client';
import { orders, questionAnswers, questions } from '../../db/schema';
import { answerCell, type Cell, type Table } from '../../exports/table';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../events/service';
import { orderConditions } from './admin-view';
import { shownStatus } from './open-checkouts';

const BATCH = 1000;

const COLUMNS = [
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.order_status', message: 'Order status' },
  /*i18n*/ { id: 'export.first_name', message: 'First name' },
  /*i18n*/ { id: 'export.last_name', message: 'Last name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.currency', message: 'Currency' },
  /*i18n*/ { id: 'export.subtotal', message: 'Subtotal' },
  /*i18n*/ { id: 'export.fees', message: 'Fees' },
  /*i18n*/ { id: 'export.taxes', message: 'Taxes' },
  /*i18n*/ { id: 'export.total', message: 'Total' },
  /*i18n*/ { id: 'export.refunded', message: 'Refunded' },
  /*i18n*/ { id: 'export.payment', message: 'Payment' },
  /*i18n*/ { id: 'export.promo_code', message: 'Promo code' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
];

/**
 * `GET /api/events/{id}/orders/export`: the orders the list shows with the same search and
 * filters, amounts as plain decimals in the order's currency, then one column per question asked
 * of the whole order. Read in id order, a batch at a time (see the attendee export).
 */
export async function orderExport(
  db: Db,
  auth: AuthContext,
  eventId: number,
  query: z.output<typeof OrdersExportQuery>,
  i18n: I18n,
): Promise<Table> {
  await getEvent(db, auth.accountId, eventId);
  const asked = await db
    .select({ id: questions.id, title: questions.title })
    .from(questions)
    .where(
      and(eq(questions.eventId, eventId), eq(questions.scope, 'PER_ORDER'), isNull(questions.defaultKey)),
    )
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  const now = new Date();
  const where = orderConditions(eventId, query, now);
  // Exact decimal text without symbol or grouping, which spreadsheets read as numbers.
  const amount = toMajorText;

  async function* batches(): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(orders)
        .where(and(where, gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(BATCH);
      const last = rows.at(-1);
      if (!last) return;
      after = last.id;
      const answers = new Map<string, AnswerValue>();
      if (asked.length > 0) {
        const found = await db
          .select()
          .from(questionAnswers)
          .where(
            and(
              inArray(
                questionAnswers.orderId,
                rows.map((r) => r.id),
              ),
              isNull(questionAnswers.attendeeId),
            ),
          );
        for (const a of found) answers.set(`${a.orderId}:${a.questionId}`, a.answer);
      }
      yield rows.map((o) => [
        o.reference,
        shownStatus(o, now),
        o.firstName,
        o.lastName,
        o.email,
        o.currency,
        amount(o.subtotal, o.currency),
        amount(o.fees, o.currency),
        amount(o.taxes, o.currency),
        amount(o.total, o.currency),
        amount(o.refundedTotal, o.currency),
        o.paymentProvider,
        o.promoCode,
        o.createdAt.toISOString(),
        ...asked.map((q) => answerCell(answers.get(`${o.id}:${q.id}`))),
      ]);
      if (rows.length < BATCH) return;
    }
  }

  return { columns: [...COLUMNS.map((c) => i18n._(c)), ...asked.map((q) => q.title)], batches: batches() };
}
