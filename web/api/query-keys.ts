/**
 * Query keys, one factory per area. Keys are arrays from general to specific so that
 * `invalidateQueries({ queryKey: queryKeys.publicEvents.all })` reaches every detail below it.
 */
export const queryKeys = {
  publicEvents: {
    all: ['public', 'events'] as const,
    detail: (eventId: string, promoCode?: string) =>
      [...queryKeys.publicEvents.all, eventId, { promoCode: promoCode ?? null }] as const,
    /** The tickets of one date: the one in the address (`?date=`, as written there), or the next on sale. */
    tickets: (eventId: string, promoCode?: string, dateId?: string) =>
      [
        ...queryKeys.publicEvents.all,
        eventId,
        'tickets',
        { promoCode: promoCode ?? null, dateId: dateId ?? null },
      ] as const,
    /**
     * One window of the dates a buyer may choose from (issue 36): the first (neither), the one
     * starting at an instant (`from`, a previous window's `next_from`), or at a date (`dateId`).
     */
    dates: (eventId: string, window: { from?: string; dateId?: number } = {}) =>
      [
        ...queryKeys.publicEvents.all,
        eventId,
        'dates',
        { from: window.from ?? null, dateId: window.dateId ?? null },
      ] as const,
  },
  /** The buyer's checkout: one order (by its short id) and the questions it asks. */
  checkout: {
    order: (eventId: string, shortId: string) => ['public', 'orders', eventId, shortId] as const,
    questions: (eventId: string) => ['public', 'events', eventId, 'questions'] as const,
  },
  /** The buyer's printable pages (a missing order or ticket is `null` here, an error in checkout). */
  orderPages: {
    order: (eventId: string, shortId: string) => ['public', 'orders', eventId, shortId, 'print'] as const,
    ticket: (eventId: string, attendeeShortId: string) =>
      ['public', 'tickets', eventId, attendeeShortId] as const,
  },
  events: {
    all: ['events'] as const,
    lists: ['events', 'list'] as const,
    list: (params: Record<string, string | number | boolean | undefined>) =>
      [...queryKeys.events.lists, params] as const,
    detail: (eventId: number) => [...queryKeys.events.all, 'detail', eventId] as const,
    images: (eventId: number) => [...queryKeys.events.all, 'detail', eventId, 'images'] as const,
    stats: (eventId: number) => [...queryKeys.events.all, 'detail', eventId, 'stats'] as const,
  },
  organizers: {
    all: ['organizers'] as const,
    list: ['organizers', 'list'] as const,
    detail: (organizerId: number) => ['organizers', 'detail', organizerId] as const,
    images: (organizerId: number) => ['organizers', 'images', organizerId] as const,
  },
  tickets: {
    all: ['tickets'] as const,
    list: (eventId: number) => ['tickets', 'list', eventId] as const,
  },
  /** An event's catalogue categories (decision 051). */
  categories: (eventId: number) => ['categories', eventId] as const,
  /** The account's API keys (`GET api-keys`). */
  apiKeys: ['api-keys'] as const,
  /** The account's webhook endpoints; each one's delivery log under its detail. */
  webhooks: {
    all: ['webhooks'] as const,
    list: ['webhooks', 'list'] as const,
    detail: (webhookId: number) => ['webhooks', 'detail', webhookId] as const,
    deliveries: (webhookId: number, page: number) =>
      [...queryKeys.webhooks.detail(webhookId), 'deliveries', { page }] as const,
  },
  /** The account's taxes and fees (`GET taxes-and-fees`). */
  taxesAndFees: ['taxes-and-fees'] as const,
  /** The account's seating plans (`GET seating-plans`), and one whole (`GET seating-plans/{id}`). */
  seatingPlans: ['seating-plans'] as const,
  seatingPlan: (id: number) => ['seating-plans', id] as const,
  /** The questions of an event, under its detail so that event invalidation reaches them. */
  questions: {
    list: (eventId: number) => [...queryKeys.events.detail(eventId), 'questions'] as const,
  },
  /** The promo codes of an event, under its detail so that event invalidation reaches them. */
  promoCodes: {
    list: (eventId: number) => [...queryKeys.events.detail(eventId), 'promo-codes'] as const,
  },
  /** The affiliates of an event with their figures, under its detail so that event invalidation reaches them. */
  affiliates: {
    list: (eventId: number) => [...queryKeys.events.detail(eventId), 'affiliates'] as const,
  },
  /** The waiting list of an event, under its detail so that event invalidation reaches it. */
  waitlist: {
    all: (eventId: number) => [...queryKeys.events.detail(eventId), 'waitlist'] as const,
    list: (eventId: number, params: Record<string, string | number | undefined>) =>
      [...queryKeys.waitlist.all(eventId), params] as const,
  },
  /** The attendees of an event, under its detail so that event invalidation reaches them. */
  attendees: {
    all: (eventId: number) => [...queryKeys.events.detail(eventId), 'attendees'] as const,
    list: (eventId: number, params: Record<string, string | number | undefined>) =>
      [...queryKeys.attendees.all(eventId), 'list', params] as const,
    detail: (eventId: number, attendeeId: number) =>
      [...queryKeys.attendees.all(eventId), 'detail', attendeeId] as const,
  },
  /** The organizer's orders of an event, under its detail so that event invalidation reaches them. */
  adminOrders: {
    all: (eventId: number) => [...queryKeys.events.detail(eventId), 'orders'] as const,
    list: (eventId: number, params: Record<string, string | number | undefined>) =>
      [...queryKeys.adminOrders.all(eventId), 'list', params] as const,
    detail: (eventId: number, orderId: number) =>
      [...queryKeys.adminOrders.all(eventId), 'detail', orderId] as const,
  },
  /** The messages an event's organizer sent, under its detail so that event invalidation reaches them. */
  messages: {
    all: (eventId: number) => [...queryKeys.events.detail(eventId), 'messages'] as const,
    list: (eventId: number, params: Record<string, string | number | undefined>) =>
      [...queryKeys.messages.all(eventId), 'list', params] as const,
    detail: (eventId: number, messageId: number) =>
      [...queryKeys.messages.all(eventId), 'detail', messageId] as const,
    recipients: (eventId: number, messageId: number, params: Record<string, string | number | undefined>) =>
      [...queryKeys.messages.detail(eventId, messageId), 'recipients', params] as const,
  },
  /** The check-in lists of an event and their counts, under its detail. */
  checkInLists: {
    all: (eventId: number) => [...queryKeys.events.detail(eventId), 'check-in'] as const,
    list: (eventId: number) => [...queryKeys.checkInLists.all(eventId), 'lists'] as const,
    stats: (eventId: number) => [...queryKeys.checkInLists.all(eventId), 'stats'] as const,
  },
  /** A check-in list as door staff see it (public, by its link). */
  staffCheckIn: {
    list: (shortId: string) => ['public', 'check-in', shortId] as const,
    attendees: (shortId: string, query: string) =>
      ['public', 'check-in', shortId, 'attendees', query] as const,
  },
  /** The dates of an event (issue 36), under its detail. */
  eventDates: {
    list: (eventId: number) => [...queryKeys.events.detail(eventId), 'dates'] as const,
    cancellation: (eventId: number, dateId: number) =>
      [...queryKeys.events.detail(eventId), 'dates', dateId, 'cancellation'] as const,
    /** The tickets of one date: their own quantity, price and sale window there. */
    tickets: (eventId: number, dateId: number) =>
      [...queryKeys.events.detail(eventId), 'dates', dateId, 'tickets'] as const,
  },
  capacityAssignments: {
    list: (eventId: number) => [...queryKeys.events.detail(eventId), 'capacity-assignments'] as const,
  },
  /** The tickets of an event as the forms that apply to some of them offer them (`ticketChoicesQuery`). */
  ticketChoices: (eventId: number) => [...queryKeys.events.detail(eventId), 'tickets', 'choices'] as const,
  eventDefaults: ['accounts', 'current', 'event-defaults'] as const,
  /** The seller's invoice settings (`GET accounts/current/invoice-settings`, decision 053). */
  invoiceSettings: ['accounts', 'current', 'invoice-settings'] as const,
  /** Invoices and credit notes: an order's (under its detail), and the lists of an event or the account. */
  invoices: {
    order: (eventId: number, orderId: number) =>
      [...queryKeys.adminOrders.detail(eventId, orderId), 'invoices'] as const,
    all: ['invoices'] as const,
    list: (eventId: number | null, params: Record<string, string | number | undefined>) =>
      ['invoices', 'list', eventId ?? 'account', params] as const,
  },
  /** The account's card payment connection (`GET accounts/payment`). */
  paymentConnection: ['accounts', 'payment'] as const,
  /** What the platform charged the account, per month (`GET accounts/billing`). */
  billing: ['accounts', 'billing'] as const,
  /** Reports of an event or of the account over a range (`GET …/reports/{report}`). */
  reports: {
    event: (eventId: number, report: string, range: { from: string; to: string }) =>
      [...queryKeys.events.detail(eventId), 'reports', report, range.from, range.to] as const,
    account: (report: string, range: { from: string; to: string }) =>
      ['accounts', 'current', 'reports', report, range.from, range.to] as const,
  },
  /** The logged-in user and the account of the session (`GET users/me`). */
  me: ['users', 'me'] as const,
  /** The user's passkeys and sessions (decision 066). */
  security: {
    passkeys: ['users', 'me', 'passkeys'] as const,
    sessions: ['users', 'me', 'sessions'] as const,
  },
  users: {
    lists: ['users', 'list'] as const,
    list: (params: Record<string, string | number | undefined>) =>
      [...queryKeys.users.lists, params] as const,
  },
  account: ['accounts', 'current'] as const,
  accountDeletion: ['accounts', 'current', 'deletion'] as const,
  auth: {
    resetLink: (token: string) => ['auth', 'reset-link', token] as const,
    invitation: (token: string) => ['auth', 'invitation', token] as const,
  },
};
