import { and, desc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../common/accounts';
import { AffiliateRequest } from '../../common/affiliates';
import { AcceptInvitationRequest, RegisterRequest } from '../../common/auth';
import { CapacityAssignmentRequest } from '../../common/capacity';
import { CheckInListRequest } from '../../common/check-in';
import { CreateEventRequest, type EventStatus } from '../../common/events';
import type { Locale } from '../../common/i18n/locales';
import type { ImageType } from '../../common/images';
import { OrderDetailsRequest } from '../../common/order-details';
import { CompleteOrderRequest, CreateOrderRequest, type PublicOrderResponse } from '../../common/orders';
import { CreateOrganizerRequest } from '../../common/organizers';
import { PromoCodeRequest } from '../../common/promo-codes';
import { QuestionRequest } from '../../common/questions';
import { TaxOrFeeRequest } from '../../common/taxes-fees';
import { TicketRequest } from '../../common/tickets';
import { InviteUserRequest } from '../../common/users';
import type { App } from '../app';
import type { Db } from '../db/client';
import { jobs, users } from '../db/schema';
import type { AuthContext } from '../http/auth';
import { createAffiliate } from '../modules/affiliates/service';
import { registerAccount } from '../modules/auth/service';
import { createCapacityAssignment } from '../modules/capacity/service';
import { createCheckInList } from '../modules/check-in/lists';
import { createEvent, updateEventStatus } from '../modules/events/service';
import { uploadEventImage } from '../modules/images/service';
import { completeOrder, saveOrderDetails } from '../modules/orders/details';
import { getPublicOrder } from '../modules/orders/public-view';
import { createOrder } from '../modules/orders/service';
import { createOrganizer } from '../modules/organizers/service';
import { createPromoCode } from '../modules/promo-codes/service';
import { createQuestion } from '../modules/questions/service';
import { createTaxOrFee } from '../modules/taxes-fees/service';
import { createTicket } from '../modules/tickets/service';
import { acceptInvitation, inviteUser } from '../modules/users/invitations';

/**
 * Test data builders. Each writes through the services the API uses (so the data is what a
 * user would have made), takes only the fields a test cares about and fills the rest with
 * valid defaults. Tests then check behaviour over HTTP with the owner's `token`.
 *
 *   const owner = await makeAccount(app);
 *   const { event, tickets } = await makeLiveEvent(app, owner, { tickets: [{ title: 'Seat', type: 'FREE' }] });
 *   const order = await makeOrder(app, { eventId: event.id, lines: [{ ticket_id: tickets[0].id, quantity: 2 }] });
 */

let sequence = 0;
const next = () => ++sequence;

export interface Owner {
  token: string;
  userId: number;
  accountId: number;
  email: string;
  /** What a request of this user carries after authentication, for calling services directly. */
  auth: AuthContext;
}

/** A registered account and its owner (ADMIN), e-mail confirmed unless `confirmed: false`. */
export async function makeAccount(
  app: App,
  input: Partial<RegisterRequest> & { confirmed?: boolean } = {},
): Promise<Owner> {
  const { confirmed = true, ...fields } = input;
  const password = fields.password ?? 'correct horse battery';
  const request = RegisterRequest.parse({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `owner${next()}.${Date.now()}@example.com`,
    accept_terms: true,
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
    ...fields,
    password,
    password_confirmation: password,
  });
  const session = await registerAccount(app.db, request, {
    locale: 'en',
    client: {},
    links: { appUrl: app.config.appUrl },
  });
  if (confirmed) {
    await app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, session.user.id));
  }
  return {
    token: session.token,
    userId: session.user.id,
    accountId: session.account.id,
    email: request.email,
    auth: {
      userId: session.user.id,
      accountId: session.account.id,
      role: 'ADMIN',
      isOwner: true,
      sessionId: 0,
      apiKeyId: null,
      emailConfirmed: confirmed,
    },
  };
}

/**
 * Someone the owner invited into the account with a role. They accept the invitation with the
 * link of its mail (still queued), as they would from their mailbox, unless `accept: false`
 * leaves the invitation pending; `token` is then empty.
 */
export async function makeMember(
  app: App,
  owner: Owner,
  input: { role: Role; accept?: boolean; first_name?: string },
): Promise<Owner> {
  const { role, accept = true, first_name = 'Grace' } = input;
  const email = `member${next()}.${Date.now()}@example.com`;
  const user = await inviteUser({
    db: app.db,
    auth: owner.auth,
    input: InviteUserRequest.parse({ email, first_name, last_name: 'Hopper', role }),
    links: { appUrl: app.config.appUrl },
    locale: 'en',
  });
  const member = {
    token: '',
    userId: user.id,
    accountId: owner.accountId,
    email,
    auth: {
      userId: user.id,
      accountId: owner.accountId,
      role,
      isOwner: false,
      sessionId: 0,
      apiKeyId: null,
      emailConfirmed: true,
    },
  };
  if (!accept) return { ...member, auth: { ...member.auth, emailConfirmed: false } };
  const [mail] = await app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(sql`${jobs.payload}->>'template' = 'invitation'`, sql`${jobs.payload}->>'to' = ${email}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  const url = String((mail?.payload.data as { url?: unknown } | undefined)?.url ?? '');
  const token = url.slice(url.lastIndexOf('/') + 1);
  const password = 'correct horse battery';
  const session = await acceptInvitation({
    db: app.db,
    token,
    input: AcceptInvitationRequest.parse({
      first_name,
      last_name: 'Hopper',
      password,
      password_confirmation: password,
      accept_terms: true,
    }),
    client: {},
  });
  return { ...member, token: session.token };
}

/**
 * A builder's write went to the services, not through HTTP, so the app's write hook did not see
 * it: drop what the app keeps of public reads and sale catalogues, as that hook would.
 */
export async function written<T>(app: App, write: Promise<T>): Promise<T> {
  const made = await write;
  app.publicReads.forget();
  app.saleCatalogues.forget();
  return made;
}

export async function makeOrganizer(app: App, owner: Owner, input: Partial<CreateOrganizerRequest> = {}) {
  return written(
    app,
    createOrganizer(app.db, owner.auth, CreateOrganizerRequest.parse({ name: 'Org', ...input })),
  );
}

/** A draft event (with its default questions); a new organizer unless `organizer_id` is given. */
export async function makeEvent(app: App, owner: Owner, input: Partial<CreateEventRequest> = {}) {
  const organizerId = input.organizer_id ?? (await makeOrganizer(app, owner)).id;
  const request = CreateEventRequest.parse({
    title: 'Event',
    start_date: '2031-01-01T20:00:00Z',
    ...input,
    organizer_id: organizerId,
  });
  return written(app, createEvent(app.db, owner.auth, request));
}

export function setEventStatus(app: App, owner: Owner, event: { id: number; status?: EventStatus }) {
  return written(
    app,
    updateEventStatus({ db: app.db, auth: owner.auth, id: event.id, status: event.status ?? 'LIVE' }),
  );
}

/** A ticket of the event: FREE and unlimited unless told otherwise. */
export function makeTicket(app: App, owner: Owner, ticket: Partial<TicketRequest> & { eventId: number }) {
  const { eventId, ...fields } = ticket;
  const input = TicketRequest.parse({ title: `Ticket ${next()}`, type: 'FREE', ...fields });
  return written(app, createTicket({ db: app.db, auth: owner.auth, eventId, input }));
}

export function makeQuestion(
  app: App,
  owner: Owner,
  question: Partial<QuestionRequest> & { eventId: number },
) {
  const { eventId, ...fields } = question;
  const input = QuestionRequest.parse({ title: `Question ${next()}`, type: 'SINGLE_LINE', ...fields });
  return createQuestion({ db: app.db, auth: owner.auth, eventId, input });
}

/** An event on sale: created, given its tickets, then made LIVE. */
export async function makeLiveEvent(
  app: App,
  owner: Owner,
  input: Partial<CreateEventRequest> & { tickets?: Partial<TicketRequest>[] } = {},
) {
  const { tickets = [{ title: 'General admission', type: 'FREE' }], ...fields } = input;
  const draft = await makeEvent(app, owner, fields);
  const made = [];
  for (const ticket of tickets) made.push(await makeTicket(app, owner, { eventId: draft.id, ...ticket }));
  const event = await setEventStatus(app, owner, { id: draft.id, status: 'LIVE' });
  return { event, tickets: made };
}

export interface OrderPlan {
  eventId: number;
  /** `product`: a product's line, which makes no attendee (decision 051); add-ons' lines are products. */
  lines: {
    ticket_id: number;
    quantity: number;
    price_id?: number;
    price?: number;
    product?: boolean;
    addon_for?: { ticket_id: number; price_id?: number; seat: number };
    /** A seated ticket's seats, by key (issue 42); left out: the best side by side. */
    seats?: string[];
  }[];
  /** The date (issue 36); the event's one date when left out. */
  date_id?: number;
  promo_code?: string;
  /** The code of the affiliate link the buyer followed (`?aff=`). */
  affiliate_code?: string;
  /** The token of a waiting-list offer the order takes (decision 030). */
  waitlist_offer?: string;
  /** The buyer's first name; the e-mail follows from it unless given. */
  buyer?: string;
  email?: string;
  /** One first name per attendee, in line order; the buyer's name when left out. */
  attendees?: string[];
  /** One e-mail per attendee, in line order; the buyer's e-mail when left out. */
  emails?: string[];
  answers?: { question_id: number; answer: unknown }[];
  /** `reserved` stops after reserving, `details` after the buyer's details; `offline` pays offline. */
  until?: 'reserved' | 'details' | 'complete' | 'offline';
  /** The buyer's language (English unless given): the order's mails and PDF use it. */
  locale?: Locale;
}

/** An order through public checkout (reserve, details, complete), as a buyer would place it. */
export async function makeOrder(app: App, plan: OrderPlan): Promise<PublicOrderResponse> {
  const { eventId, until = 'complete' } = plan;
  const request = CreateOrderRequest.parse({
    tickets: plan.lines.map(({ product: _, ...line }) => line),
    date_id: plan.date_id,
    promo_code: plan.promo_code,
    affiliate_code: plan.affiliate_code,
    waitlist_offer: plan.waitlist_offer,
  });
  const { order } = await createOrder({ db: app.db, eventId, input: request, locale: plan.locale ?? 'en' });
  if (until === 'reserved') return order;
  const buyer = plan.buyer ?? `Buyer${next()}`;
  const email = plan.email ?? `${buyer.toLowerCase()}@example.com`;
  const names = [...(plan.attendees ?? [])];
  const emails = [...(plan.emails ?? [])];
  const attendees = plan.lines.flatMap((line) =>
    Array.from({ length: line.product ? 0 : line.quantity }, () => ({
      ticket_id: line.ticket_id,
      ...(line.price_id ? { price_id: line.price_id } : {}),
      first_name: names.shift() ?? buyer,
      last_name: 'Silva',
      email: emails.shift() ?? email,
    })),
  );
  const details = OrderDetailsRequest.parse({
    first_name: buyer,
    last_name: 'Silva',
    email,
    attendees,
    answers: plan.answers ?? [],
  });
  await saveOrderDetails({ db: app.db, eventId, shortId: order.short_id, input: details });
  if (until !== 'details') {
    await completeOrder({
      db: app.db,
      eventId,
      shortId: order.short_id,
      input: CompleteOrderRequest.parse(until === 'offline' ? { payment_provider: 'OFFLINE' } : {}),
      links: { appUrl: app.config.appUrl },
    });
  }
  return getPublicOrder(app.db, eventId, order.short_id);
}

/** A check-in list for the given tickets. */
export function makeCheckInList(
  app: App,
  owner: Owner,
  list: Partial<CheckInListRequest> & { eventId: number; ticket_ids: number[] },
) {
  const { eventId, ...fields } = list;
  const input = CheckInListRequest.parse({ name: `Door ${next()}`, ...fields });
  return createCheckInList({ db: app.db, auth: owner.auth, eventId, input });
}

export type JobOverrides = Partial<typeof jobs.$inferInsert>;

/** A queued job row, for tests of the queue itself. */
export async function makeJob(db: Db, overrides: JobOverrides = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ type: `job_${next()}`, ...overrides })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function makeJobs(db: Db, count: number, overrides: (i: number) => JobOverrides = () => ({})) {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await makeJob(db, overrides(i)));
  return rows;
}

/** A tax or fee of the owner's account, to attach to tickets by id. */
export function makeTaxOrFee(app: App, owner: Owner, input: TaxOrFeeRequest) {
  return written(app, createTaxOrFee(app.db, owner.auth, TaxOrFeeRequest.parse(input)));
}

/** A promo code of the event: 10% off every ticket unless told otherwise. */
export function makePromoCode(
  app: App,
  owner: Owner,
  promo: Partial<PromoCodeRequest> & { eventId: number },
) {
  const { eventId, ...fields } = promo;
  const input = PromoCodeRequest.parse({
    code: `CODE${next()}`,
    discount_type: 'PERCENTAGE',
    discount: '10',
    ...fields,
  });
  return written(app, createPromoCode({ db: app.db, auth: owner.auth, eventId, input }));
}

/** An ACTIVE affiliate of the event with a fresh code unless told otherwise. */
export function makeAffiliate(
  app: App,
  owner: Owner,
  affiliate: Partial<AffiliateRequest> & { eventId: number },
) {
  const { eventId, ...fields } = affiliate;
  const n = next();
  const input = AffiliateRequest.parse({ name: `Affiliate ${n}`, code: `AFF${n}`, ...fields });
  return written(app, createAffiliate({ db: app.db, auth: owner.auth, eventId, input }));
}

/** A capacity assignment sharing one limit between tickets of the event. */
export function makeCapacityAssignment(
  app: App,
  owner: Owner,
  assignment: Partial<CapacityAssignmentRequest> & { eventId: number; ticket_ids: number[] },
) {
  const { eventId, ...fields } = assignment;
  const input = CapacityAssignmentRequest.parse({ name: `Room ${next()}`, ...fields });
  return written(app, createCapacityAssignment({ db: app.db, auth: owner.auth, eventId, input }));
}

/** An image of the event (its cover or logo), uploaded as the settings page uploads it. */
export function makeEventImage(
  app: App,
  owner: Owner,
  image: { eventId: number; type: ImageType; body: Buffer },
) {
  return uploadEventImage({
    db: app.db,
    storage: app.storage,
    auth: owner.auth,
    eventId: image.eventId,
    upload: { body: image.body, type: image.type },
  });
}
