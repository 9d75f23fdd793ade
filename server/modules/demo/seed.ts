import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import type { Database } from '../../db/client';
import { accounts, accountUsers, events, organizers, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { hashPassword } from '../auth/passwords';
import { addFirstDate } from '../event-dates/service';
import { createDefaultQuestions } from '../questions/defaults';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoCheckIn } from './check-in';
import { DEMO_OFFLINE_PAYMENT, seedDemoOrders } from './orders';

export const DEMO_EMAIL = 'demo@tessera.local';

/**
 * On the first start of an empty database: a demo account with an organizer and one live
 * event, so a new install has something to look at. The password is random and printed
 * once; nothing is created when any account exists.
 */
export async function seedDemo(
  db: Database,
  now = new Date(),
): Promise<{ email: string; password: string } | null> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if (Number(n) > 0) return null;
  const password = randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const seeded = await inTransaction(db, async (tx) => {
    // Another instance may have seeded while we hashed.
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(accounts);
    if (Number(again?.n) > 0) return null;
    const [account] = await tx
      .insert(accounts)
      .values({ name: 'Tessera Demo', currency: 'EUR', timezone: 'Europe/Lisbon', supportEmail: DEMO_EMAIL })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        passwordHash,
        firstName: 'Demo',
        lastName: 'Organizer',
        emailConfirmedAt: now,
      })
      .returning();
    if (!account || !user) throw new Error('demo insert returned nothing');
    await tx
      .insert(accountUsers)
      .values({ accountId: account.id, userId: user.id, role: 'ADMIN', status: 'ACTIVE', isOwner: true });
    const [organizer] = await tx
      .insert(organizers)
      .values({
        accountId: account.id,
        name: 'Lisbon Night Sounds',
        email: DEMO_EMAIL,
        description: 'Small concerts in good rooms.',
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
      })
      .returning();
    if (!organizer) throw new Error('demo insert returned nothing');
    const start = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
    start.setUTCHours(20, 0, 0, 0);
    const [event] = await tx
      .insert(events)
      .values({
        accountId: account.id,
        organizerId: organizer.id,
        title: 'Jazz by the River',
        slug: 'jazz-by-the-river',
        description:
          '<p>An evening of <strong>live jazz</strong> on the terrace, with the river below and the city lights across.</p>',
        startDate: start,
        endDate: new Date(start.getTime() + 3 * 3600 * 1000),
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
        status: 'LIVE',
        location: {
          venue_name: 'Terraço do Rio',
          address_line_1: 'Cais do Sodré',
          city: 'Lisboa',
          country: 'Portugal',
        },
        settings: withSettingDefaults(DEMO_OFFLINE_PAYMENT),
      })
      .returning();
    if (!event) throw new Error('demo insert returned nothing');
    await addFirstDate(tx, event);
    await createDefaultQuestions(tx, account.id, event.id);
    await seedDemoCatalogue(tx, { accountId: account.id, eventId: event.id, start });
    return { eventId: event.id, accountId: account.id };
  });
  if (seeded === null) return null;
  await seedDemoOrders(db, seeded.eventId);
  await seedDemoCheckIn(db, seeded.accountId, seeded.eventId);
  return { email: DEMO_EMAIL, password };
}
