import { layoutSeats, type SeatingPlan, SeatingPlan as SeatingPlanSchema } from '../../common/seating-plan';
import type { App } from '../app';
import { seatingPlans } from '../db/schema';
import { setEventSeating } from '../modules/seating/service';
import type { Owner } from './builders';

/**
 * Seating plans for tests (issue 42): a hall of straight rows, each `seatsPerRow` seats in
 * category `cat-{n}` of the row's section, keys `{section}-{row}-{seat}`, and an aisle after the
 * seat `aisleAfter` of each row when given.
 */
export function hallPlan({
  sections = 1,
  rows = 2,
  seatsPerRow = 10,
  aisleAfter,
}: {
  sections?: number;
  rows?: number;
  seatsPerRow?: number;
  aisleAfter?: number;
} = {}): SeatingPlan {
  const spacing = 24;
  const width = seatsPerRow * spacing + 40;
  const plan = {
    format: 'tessera.seating-plan',
    version: 1,
    name: 'Test hall',
    width: Math.max(100, width * sections),
    height: Math.max(100, rows * 30 + 40),
    categories: Array.from({ length: sections }, (_, s) => ({
      key: `cat-${s + 1}`,
      name: `Category ${s + 1}`,
      color: '#1c5d99',
    })),
    sections: Array.from({ length: sections }, (_, s) => ({
      key: `S${s + 1}`,
      name: `Section ${s + 1}`,
      rows: Array.from({ length: rows }, (_, r) => {
        const layout = {
          x: 20 + s * width,
          y: 20 + r * 30,
          count: seatsPerRow,
          spacing,
          angle: 0,
          curve: 0,
          numbering: 'ltr' as const,
          start: 1,
          step: 1,
          prefix: '',
          category: `cat-${s + 1}`,
        };
        const seats = layoutSeats(layout, (i) => `S${s + 1}-${r + 1}-${i + 1}`).map((seat, i) => ({
          ...seat,
          aisle_after: aisleAfter !== undefined && i + 1 === aisleAfter,
        }));
        return { key: `S${s + 1}-${r + 1}`, label: String(r + 1), kind: 'row' as const, layout, seats };
      }),
    })),
    shapes: [{ kind: 'stage' as const, label: 'Stage', x: 10, y: 0, width: 80, height: 10 }],
  };
  return SeatingPlanSchema.parse(plan);
}

/** The account's plan, written as the plans' API would. */
export async function makeSeatingPlan(app: App, owner: Owner, plan: SeatingPlan): Promise<number> {
  const [row] = await app.db
    .insert(seatingPlans)
    .values({ accountId: owner.accountId, name: plan.name, plan, seatCount: countOf(plan) })
    .returning({ id: seatingPlans.id });
  if (!row) throw new Error('no plan written');
  return row.id;
}

const countOf = (plan: SeatingPlan) =>
  plan.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);

/** Puts a plan on an event, category `cat-{n}` sold by the n-th ticket. */
export async function seatEvent(
  app: App,
  owner: Owner,
  { eventId, plan, ticketIds }: { eventId: number; plan: SeatingPlan; ticketIds: number[] },
) {
  const planId = await makeSeatingPlan(app, owner, plan);
  return setEventSeating({
    db: app.db,
    auth: owner.auth,
    eventId,
    input: {
      plan_id: planId,
      categories: ticketIds.map((ticket_id, i) => ({ category: `cat-${i + 1}`, ticket_id })),
    },
  });
}
