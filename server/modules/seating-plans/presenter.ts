import type { SeatingPlanResponse, SeatingPlanSummary } from '../../../common/seating';
import type { seatingPlans } from '../../db/schema';

type PlanRow = typeof seatingPlans.$inferSelect;
export type PlanSummaryRow = Omit<PlanRow, 'plan' | 'accountId'> & { eventCount: number };

export function toSeatingPlanSummary(row: PlanSummaryRow): SeatingPlanSummary {
  return {
    id: row.id,
    name: row.name,
    seat_count: row.seatCount,
    event_count: row.eventCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toSeatingPlanResponse(row: PlanSummaryRow & Pick<PlanRow, 'plan'>): SeatingPlanResponse {
  return { ...toSeatingPlanSummary(row), plan: row.plan };
}
