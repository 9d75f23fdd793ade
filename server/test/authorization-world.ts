import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AffiliateRequest } from '../../common/affiliates';
import { CapacityAssignmentRequest } from '../../common/capacity';
import { CheckInRequest } from '../../common/check-in';
import { EventDateRule } from '../../common/event-dates';
import { CreateMessageRequest } from '../../common/messages';
import { PromoCodeRequest } from '../../common/promo-codes';
import { SeatingPlan } from '../../common/seating-plan';
import { gridPlan } from '../../common/seating-plan-edit';
import { TaxOrFeeRequest } from '../../common/taxes-fees';
import { CreateWebhookRequest } from '../../common/webhooks';
import type { App } from '../app';
import {
  attendees,
  cardTransactions,
  catalogueCategories,
  eventDates,
  orders,
  waitlistEntries,
} from '../db/schema';
import { createAffiliate } from '../modules/affiliates/service';
import { createCapacityAssignment } from '../modules/capacity/service';
import { checkInAttendee } from '../modules/check-in/scan';
import { addRuleDates } from '../modules/event-dates/service';
import { uploadEventImage } from '../modules/images/service';
import { ensureInvoice } from '../modules/invoices/service';
import { updateInvoiceSettings } from '../modules/invoices/settings';
import { createMessage } from '../modules/messages/service';
import { addOrderNote } from '../modules/orders/admin-actions';
import { createPromoCode } from '../modules/promo-codes/service';
import { createSeatingPlan } from '../modules/seating-plans/service';
import { createTaxOrFee } from '../modules/taxes-fees/service';
import { createWebhook, sendTestWebhook } from '../modules/webhooks/service';
import { makeDraftWithDates } from './authorization-draft';
import { makeApiKeys } from './authorization-keys';
import { makeLoginThings } from './authorization-logins';
import { makeOtherAccount } from './authorization-other';
import type { World } from './authorization-rules';
import {
  makeAccount,
  makeCheckInList,
  makeLiveEvent,
  makeMember,
  makeOrder,
  makeOrganizer,
  makeQuestion,
  type Owner,
} from './builders';
import { firstDateOf } from './stock';
import { imageUpload, pngImage } from './uploads';

// The sweep's world, built here; the draft's dates, API keys and second account in authorization-*.ts.

/** Two accounts, for the authorization sweep: the first has one of everything, the second a little. */
export interface AuthorizationWorld {
  /** The first account's ids, for the routes' paths and bodies. */
  a: World;
  owner: Owner;
  /** A member of the first account with the ORGANIZER role. */
  organizer: Owner;
  /** The owner of the second account. */
  other: Owner;
  /** A session of an ADMIN of the first account that logged out. */
  loggedOutToken: string;
  /** API keys (decision 025): the first account's, with each role, and the second account's ADMIN key. */
  keys: { admin: string; organizer: string; other: string; revoked: string; expired: string };
  /** What only the first account's members may read: never in another account's or a public answer. */
  secrets: string[];
  /** The order in the public links: only its own pages may show these. */
  orderSecrets: string[];
  /** What the first account shows the public: never in another account's answers either. */
  publicNames: string[];
  /** What only the second account's members may read. */
  otherSecrets: string[];
  /** The second account's live event and its door staff's link. */
  otherEventId: number;
  otherListShortId: string;
}

/** The smallest cover image the upload accepts. */
export const cover = () => pngImage(600, 300, '#225577');

/** The first account's invoice settings: on, so its first order has an invoice. */
const WORLD_SELLER = {
  enabled: true,
  legal_name: 'World Events Lda',
  address: 'Rua do Mundo 1, Lisboa',
  tax_id: null,
  prefix: 'W-',
  payment_terms_days: 14,
  notes: null,
  footer: null,
  attach_to_confirmation: false,
  buyer_business: 'OFF',
} as const;

/** A multipart upload of a cover image, as the organizer's form sends it. */
export const coverUpload = (image: Buffer) =>
  imageUpload({
    type: 'EVENT_COVER',
    image: { body: image, filename: 'cover.png', contentType: 'image/png' },
  });

async function orderRows(app: App, shortId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.shortId, shortId));
  if (!order) throw new Error(`no order ${shortId}`);
  const people = await app.db.select().from(attendees).where(eq(attendees.orderId, order.id));
  const [first] = people;
  if (!first) throw new Error(`order ${shortId} has no attendee`);
  return { order, attendee: first, attendeeShortIds: people.map((p) => p.shortId) };
}

export async function makeAuthorizationWorld(app: App): Promise<AuthorizationWorld> {
  // Every name is unique to this run, so finding one in an answer means it came from here.
  const tag = randomBytes(4).toString('hex');
  const owner = await makeAccount(app, { email: `owner.${tag}@example.com` });
  const organizer = await makeMember(app, owner, { role: 'ORGANIZER' });
  const invited = await makeMember(app, owner, { role: 'ADMIN', accept: false });
  const leaving = await makeMember(app, owner, { role: 'ADMIN' });
  const logout = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${leaving.token}` },
  });
  if (logout.statusCode !== 204) throw new Error(`logout answered ${logout.statusCode}`);

  const host = await makeOrganizer(app, owner, {
    name: `Harbour Hall ${tag}`,
    email: `bookings.${tag}@example.com`,
  });
  const tax = await createTaxOrFee(
    app.db,
    owner.auth,
    TaxOrFeeRequest.parse({ name: `Levy ${tag}`, type: 'FEE', calculation_type: 'FIXED', rate: 0 }),
  );
  const hall = SeatingPlan.parse(gridPlan({ name: `Hall ${tag}`, sections: 1, rows: 1, seats: 2 }));
  const seatingPlan = await createSeatingPlan(app.db, owner.auth, hall);
  const online = `Join at https://meet.example.com/${tag}`;
  const thanks = `See you at the gate ${tag}`;
  const { event, tickets } = await makeLiveEvent(app, owner, {
    title: `Harbour Nights ${tag}`,
    organizer_id: host.id,
    online_event_details: online,
    settings: { post_checkout_message: thanks },
    tickets: [
      { title: `Deck ${tag}`, type: 'FREE', quantity_available: 100 },
      { title: `Crew only ${tag}`, type: 'FREE', is_hidden: true },
    ],
  });
  const [ticket, hidden] = tickets;
  if (!ticket || !hidden) throw new Error('tickets missing');
  const [category] = await app.db
    .insert(catalogueCategories)
    .values({ accountId: owner.auth.accountId, eventId: event.id, name: `Bar ${tag}` })
    .returning();
  const draft = await makeDraftWithDates(app, { owner, organizerId: host.id, tag });
  const question = await makeQuestion(app, owner, { eventId: event.id, title: `Diet ${tag}` });
  const hiddenQuestion = await makeQuestion(app, owner, {
    eventId: event.id,
    title: `Staff notes ${tag}`,
    is_hidden: true,
  });
  const code = `VIP${tag}`.toUpperCase();
  const promo = await createPromoCode({
    db: app.db,
    auth: owner.auth,
    eventId: event.id,
    input: PromoCodeRequest.parse({ code, discount_type: 'PERCENTAGE', discount: '10' }),
  });
  const affiliate = await createAffiliate({
    db: app.db,
    auth: owner.auth,
    eventId: event.id,
    input: AffiliateRequest.parse({
      name: `Scout ${tag}`,
      code: `SCOUT${tag}`,
      email: `scout.${tag}@example.com`,
    }),
  });
  const [firstDate] = await app.db.select().from(eventDates).where(eq(eventDates.eventId, event.id));
  if (!firstDate) throw new Error('the event has no date');
  // Dates a rule made, hidden: buyers still order the event's one date on sale without naming it.
  const ruled = await addRuleDates({
    db: app.db,
    auth: owner.auth,
    eventId: event.id,
    rule: EventDateRule.parse({
      frequency: 'WEEKLY',
      from: '2031-10-07',
      until: '2031-10-21',
      start_time: '19:00',
      status: 'HIDDEN',
    }),
  });
  const ruleId = ruled[0]?.rule_id;
  if (!ruleId) throw new Error('the rule made no date');
  const capacity = await createCapacityAssignment({
    db: app.db,
    auth: owner.auth,
    eventId: event.id,
    input: CapacityAssignmentRequest.parse({
      name: `Deck space ${tag}`,
      capacity: 200,
      ticket_ids: [ticket.id],
    }),
  });
  const image = await uploadEventImage({
    db: app.db,
    storage: app.storage,
    auth: owner.auth,
    eventId: event.id,
    upload: { body: await cover(), type: 'EVENT_COVER' },
  });

  const line = [{ ticket_id: ticket.id, quantity: 1 }];
  const buyers = [`olga.${tag}@example.com`, `petra.${tag}@example.com`] as const;
  // The orders have invoices (decision 053): the account issues them from the start.
  await updateInvoiceSettings({ db: app.db, auth: owner.auth, input: WORLD_SELLER });
  const first = await makeOrder(app, { eventId: event.id, lines: line, email: buyers[0] });
  const second = await makeOrder(app, { eventId: event.id, lines: line, email: buyers[1] });
  const mine = await orderRows(app, first.short_id);
  const invoice = await ensureInvoice(app.db, mine.order.id);
  if (!invoice) throw new Error('the world’s order got no invoice');
  const theirs = await orderRows(app, second.short_id);
  const note = `Refund by hand ${tag}`;
  await addOrderNote({ db: app.db, auth: owner.auth, eventId: event.id, orderId: mine.order.id, note });
  const list = await makeCheckInList(app, owner, { eventId: event.id, ticket_ids: [ticket.id] });
  const scan = await checkInAttendee({
    db: app.db,
    shortId: list.short_id,
    input: CheckInRequest.parse({ attendee_id: theirs.attendee.id }),
  });
  const checkInId = scan.body.check_in?.id;
  if (!checkInId) throw new Error(`check-in answered ${scan.body.outcome}`);

  const notice = `Private notice ${tag}`;
  const message = await createMessage({
    db: app.db,
    auth: owner.auth,
    eventId: event.id,
    input: CreateMessageRequest.parse({
      subject: notice,
      body: '<p>The gate moves.</p>',
      scope: { type: 'ALL_ATTENDEES' },
      scheduled_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      acknowledged_not_promotional: true,
    }),
    limits: app.config.messages,
  });

  const rival = await makeOtherAccount(app, tag);
  const other = rival.owner;
  const keys = await makeApiKeys(app, { owner, other, tag });
  const webhook = await createWebhook(
    app.db,
    { auth: owner.auth, policy: app.config.webhooks },
    CreateWebhookRequest.parse({
      url: 'https://hooks.example.com/tessera',
      event_types: ['order.completed'],
    }),
  );
  const webhookDelivery = await sendTestWebhook(app.db, owner.auth, webhook.id);
  // A card payment as the Stripe flow books it (decision 028), so the month has a statement.
  const chargeId = `ch_world_${tag}`;
  const paidAt = new Date();
  await app.db.insert(cardTransactions).values({
    accountId: owner.auth.accountId,
    orderId: mine.order.id,
    kind: 'PAYMENT',
    amount: 2500,
    currency: 'EUR',
    platformFee: 63,
    stripeFee: 63,
    stripePaymentIntentId: `pi_world_${tag}`,
    stripeObjectId: chargeId,
    createdAt: paidAt,
  });

  // Someone on the event's waiting list (decision 030), with the link token of their e-mails.
  const waitlistToken = `wl${tag}`.padEnd(22, 'w');
  const [waitlistEntry] = await app.db
    .insert(waitlistEntries)
    .values({
      accountId: owner.auth.accountId,
      eventId: event.id,
      dateId: await firstDateOf(app.db, event.id),
      ticketId: ticket.id,
      token: waitlistToken,
      name: `Wanda ${tag}`,
      email: `wanda.${tag}@example.com`,
      locale: 'en',
    })
    .returning();
  if (!waitlistEntry) throw new Error('waitlist entry insert returned nothing');

  const login = await makeLoginThings(app, { owner, tag });

  return {
    a: {
      ownerId: owner.userId,
      organizerUserId: organizer.userId,
      invitedUserId: invited.userId,
      organizerId: host.id,
      eventId: event.id,
      draftEventId: draft.id,
      cancelledDateId: draft.cancelledDateId,
      spareDateId: draft.spareDateId,
      ticketId: ticket.id,
      hiddenTicketId: hidden.id,
      categoryId: category?.id ?? 0,
      promoCodeId: promo.id,
      promoCode: code,
      affiliateId: affiliate.id,
      capacityId: capacity.id,
      dateId: firstDate.id,
      ruleId,
      questionId: question.id,
      taxId: tax.id,
      seatingPlanId: seatingPlan.id,
      imageId: image.id,
      orderId: mine.order.id,
      invoiceId: invoice.id,
      orderShortId: mine.order.shortId,
      orderEmail: buyers[0],
      attendeeId: mine.attendee.id,
      attendeeShortId: mine.attendee.shortId,
      listId: list.id,
      listShortId: list.short_id,
      checkInId,
      messageId: message.id,
      apiKeyId: keys.admin.id,
      webhookId: webhook.id,
      webhookDeliveryId: webhookDelivery.id,
      billingMonth: paidAt.toISOString().slice(0, 7),
      waitlistEntryId: waitlistEntry.id,
      waitlistToken,
      passkeyId: login.passkeyId,
      sessionId: login.sessionId,
    },
    owner,
    organizer,
    other,
    loggedOutToken: leaving.token,
    keys: {
      admin: keys.admin.key,
      organizer: keys.organizer.key,
      other: keys.other.key,
      revoked: keys.revoked.key,
      expired: keys.expired.key,
    },
    secrets: [
      keys.admin.key,
      keys.organizer.key,
      `Zapier ${tag}`,
      owner.email,
      login.passkeyName,
      organizer.email,
      invited.email,
      leaving.email,
      `bookings.${tag}@example.com`,
      owner.token,
      organizer.token,
      draft.title,
      hidden.title,
      hiddenQuestion.title,
      code,
      affiliate.name,
      affiliate.code,
      `scout.${tag}@example.com`,
      note,
      notice,
      `Levy ${tag}`,
      `Deck space ${tag}`,
      buyers[1],
      second.short_id,
      ...theirs.attendeeShortIds,
      chargeId,
    ],
    orderSecrets: [
      buyers[0],
      first.short_id,
      ...mine.attendeeShortIds,
      online,
      thanks,
      `Wanda ${tag}`,
      `wanda.${tag}@example.com`,
      waitlistToken,
    ],
    publicNames: [event.title, host.name, ticket.title, question.title],
    otherSecrets: [other.email, other.token, rival.buyerEmail, keys.other.key, `Rival sync ${tag}`],
    otherEventId: rival.eventId,
    otherListShortId: rival.listShortId,
  };
}
