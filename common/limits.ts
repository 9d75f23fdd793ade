/** Business constants and limits, in one place (docs/architecture.md#data-rules). */
export const LIMITS = {
  defaultPage: 1,
  defaultPageSize: 20,
  maxPageSize: 100,
  maxSearchQueryLength: 200,
  maxJsonBodyBytes: 1024 * 1024,
  maxUploadBytes: 6 * 1024 * 1024,
  maxImageBytes: 5 * 1024 * 1024,
  promoCode: { min: 3, max: 50 },
  /** An affiliate's code in `?aff=CODE` links, and its name (decision 021). */
  affiliate: { codeMin: 2, codeMax: 40, nameMax: 100 },
  /** API keys: the name shown in the list, and how many unrevoked keys an account may hold. */
  apiKey: { nameMax: 100, maxActive: 50 },
  webhook: { urlMax: 2000, descriptionMax: 200 },
  firstName: { min: 1, max: 50 },
  nameMax: 149,
  /** The event page's own label for its "Get tickets" button. */
  continueButtonMax: 50,
  descriptionMax: 49_999,
  /** Messages to attendees: the subject, the body's HTML as the editor writes it, a listed scope. */
  message: { subjectMax: 200, bodyMax: 50_000, maxListedAttendees: 1000 },
  passwordMin: 8,
  /** A business buyer's company name, its postal address and its VAT number (issue 38). */
  businessBuyer: { companyMax: 200, addressMax: 500, vatIdMax: 40 },
  queryFreshMs: 60_000,
  notifications: { autoCloseMs: 4000, limit: 5, position: 'bottom-right', width: 440 },
} as const;

/**
 * The dates the public event page carries in its first HTML (`limit=` of its first window); the
 * buyer loads the later ones on demand (a list's "Show more dates", the calendar's next months).
 * 40: more than a month of a daily event, so the calendar's first month is whole, and a page of
 * about the size of a one-date event's (a 500-date page carried every date and rendered at 0.52
 * of a bare server's rate against 0.62 for one date, issue 36's bench). A count, not a span of
 * time: a span holds any number of dates (several a day), a count keeps the page's size bounded.
 */
export const FIRST_DATES = 40;
