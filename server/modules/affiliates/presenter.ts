import type { AffiliateResponse } from '../../../common/affiliates';
import type { affiliates } from '../../db/schema';

export type AffiliateRow = typeof affiliates.$inferSelect;

/** What an affiliate's link brought: paid orders, their tickets and their total in minor units. */
export interface AffiliateFigures {
  orders: number;
  tickets: number;
  gross: number;
}

export const NO_FIGURES: AffiliateFigures = Object.freeze({ orders: 0, tickets: 0, gross: 0 });

export function toAffiliateResponse(
  row: AffiliateRow,
  figures: AffiliateFigures,
  currency: string,
): AffiliateResponse {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    email: row.email,
    status: row.status,
    orders: figures.orders,
    tickets: figures.tickets,
    gross_sales: figures.gross,
    currency,
    created_at: row.createdAt.toISOString(),
  };
}
