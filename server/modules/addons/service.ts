import { and, eq, inArray } from 'drizzle-orm';
import { VALIDATION } from '../../../common/i18n/validation';
import type { AddonRule, AddonRuleResponse } from '../../../common/tickets';
import type { Db, Transaction } from '../../db/client';
import { addonTickets, tickets } from '../../db/schema';
import { fieldError } from '../../http/app-error';

/**
 * Add-ons (decision 052): a product offered only with given tickets of its event, chosen per
 * attendee. Its range per attendee is on the product (`addon_min`, `addon_max`); the tickets
 * it goes with are rows of `addon_tickets`.
 */

/** The columns of `tickets` that hold a product's rule (both null when it is sold on its own). */
export function addonColumns(rule: AddonRule | null) {
  return { addonMin: rule?.min_per_ticket ?? null, addonMax: rule?.max_per_ticket ?? null };
}

/**
 * Makes the add-on's tickets those of `rule`: each must be a ticket (not a product) of the same
 * event, 422 on `addon.ticket_ids` otherwise. No rule removes them.
 */
export async function saveAddonTickets(
  tx: Transaction,
  { eventId, addonId, rule }: { eventId: number; addonId: number; rule: AddonRule | null },
): Promise<void> {
  await tx.delete(addonTickets).where(eq(addonTickets.addonId, addonId));
  if (!rule) return;
  const wanted = [...new Set(rule.ticket_ids)];
  const own = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.kind, 'TICKET'), inArray(tickets.id, wanted)));
  if (own.length !== wanted.length) throw fieldError('addon.ticket_ids', VALIDATION.addonTicketUnknown);
  await tx.insert(addonTickets).values(wanted.map((ticketId) => ({ addonId, ticketId })));
}

/** The rule of each add-on among `rows`, by product id; products sold on their own have none. */
export async function readAddonRules(
  db: Db,
  rows: readonly { id: number; addonMin: number | null; addonMax: number | null }[],
): Promise<Map<number, AddonRuleResponse>> {
  const addons = rows.filter((r) => r.addonMax !== null);
  const rules = new Map<number, AddonRuleResponse>();
  if (addons.length === 0) return rules;
  const links = await db
    .select()
    .from(addonTickets)
    .where(
      inArray(
        addonTickets.addonId,
        addons.map((r) => r.id),
      ),
    );
  for (const row of addons) {
    rules.set(row.id, {
      ticket_ids: links
        .filter((l) => l.addonId === row.id)
        .map((l) => l.ticketId)
        .sort((a, b) => a - b),
      min_per_ticket: row.addonMin ?? 0,
      max_per_ticket: row.addonMax ?? 1,
    });
  }
  return rules;
}
