import type { I18n, MessageDescriptor } from '@lingui/core';
import type { z } from 'zod';
import { SEATING_VALIDATION } from './seating-validation';
import { translate } from './translate';

/**
 * Validation messages shared by the server (422 field errors) and the web forms.
 * Schemas in `common/` that need a message of their own pass one of these ids as the
 * refinement's message; `issueMessage` turns any zod issue into translated text.
 */
export const VALIDATION = {
  required: /*i18n*/ { id: 'validation.required', message: 'This field is required.' },
  invalid: /*i18n*/ { id: 'validation.invalid', message: 'This value is not valid.' },
  invalidType: /*i18n*/ { id: 'validation.invalid_type', message: 'Expected a {expected}.' },
  tooShort: /*i18n*/ {
    id: 'validation.too_short',
    message: '{minimum, plural, one {Enter at least # character.} other {Enter at least # characters.}}',
  },
  tooLong: /*i18n*/ {
    id: 'validation.too_long',
    message: '{maximum, plural, one {Enter at most # character.} other {Enter at most # characters.}}',
  },
  tooSmall: /*i18n*/ { id: 'validation.too_small', message: 'Must be at least {minimum}.' },
  tooSmallExclusive: /*i18n*/ {
    id: 'validation.too_small_exclusive',
    message: 'Must be more than {minimum}.',
  },
  tooBig: /*i18n*/ { id: 'validation.too_big', message: 'Must be at most {maximum}.' },
  tooBigExclusive: /*i18n*/ { id: 'validation.too_big_exclusive', message: 'Must be less than {maximum}.' },
  tooFewItems: /*i18n*/ {
    id: 'validation.too_few_items',
    message: '{minimum, plural, one {Choose at least # item.} other {Choose at least # items.}}',
  },
  tooManyItems: /*i18n*/ {
    id: 'validation.too_many_items',
    message: '{maximum, plural, one {Choose at most # item.} other {Choose at most # items.}}',
  },
  notInteger: /*i18n*/ { id: 'validation.not_integer', message: 'Enter a whole number.' },
  invalidEmail: /*i18n*/ { id: 'validation.invalid_email', message: 'Enter a valid e-mail address.' },
  invalidUrl: /*i18n*/ { id: 'validation.invalid_url', message: 'Enter a valid web address.' },
  webhookPrivateAddress: /*i18n*/ {
    id: 'validation.webhook_private_address',
    message:
      'This address leads to {address}, a private, loopback, link-local or otherwise reserved address, which webhooks may not reach from this server. Use a public address, or ask whoever runs this Tessera server to set WEBHOOKS_ALLOW_PRIVATE=true.',
  },
  invalidColor: /*i18n*/ {
    id: 'validation.invalid_color',
    message: 'Enter a colour as a hex code such as #ffffff.',
  },
  invalidDate: /*i18n*/ { id: 'validation.invalid_date', message: 'Enter a valid date and time.' },
  unstorableText: /*i18n*/ {
    id: 'validation.unstorable_text',
    message:
      'This text contains a character that cannot be saved. Type the text again rather than pasting it.',
  },
  invalidChoice: /*i18n*/ { id: 'validation.invalid_choice', message: 'Choose one of: {options}.' },
  invalidTimezone: /*i18n*/ { id: 'validation.invalid_timezone', message: 'Choose a valid time zone.' },
  invalidCurrency: /*i18n*/ { id: 'validation.invalid_currency', message: 'Choose a valid currency.' },
  passwordsMustMatch: /*i18n*/ {
    id: 'validation.passwords_must_match',
    message: 'The passwords do not match.',
  },
  termsRequired: /*i18n*/ {
    id: 'validation.terms_required',
    message: 'Please accept the terms to continue.',
  },
  emailTaken: /*i18n*/ {
    id: 'validation.email_taken',
    message: 'A Tessera login already uses this e-mail address. Log in instead, or use another address.',
  },
  currentPasswordWrong: /*i18n*/ {
    id: 'validation.current_password_wrong',
    message: 'The current password is not correct.',
  },
  currentPasswordRequired: /*i18n*/ {
    id: 'validation.current_password_required',
    message: 'Enter your current password to change this.',
  },
  endBeforeStart: /*i18n*/ { id: 'validation.end_before_start', message: 'The end must be after the start.' },
  untilBeforeFrom: /*i18n*/ {
    id: 'validation.until_before_from',
    message: 'The last day must be on or after the first day.',
  },
  tooManyDates: /*i18n*/ {
    id: 'validation.too_many_dates',
    message: 'This makes more than 1,000 dates. Choose a shorter period or fewer days.',
  },
  noDates: /*i18n*/ { id: 'validation.no_dates', message: 'These choices make no date.' },
  chooseDate: /*i18n*/ { id: 'validation.choose_date', message: 'Choose a date.' },
  currencyOfEvent: /*i18n*/ {
    id: 'validation.currency_of_event',
    message: 'Prices of a date are in the event’s currency.',
  },
  unknownDate: /*i18n*/ { id: 'validation.unknown_date', message: 'This date is not one of the event’s.' },
  unknownQuestion: /*i18n*/ {
    id: 'validation.unknown_question',
    message: 'This question is not one of the event’s.',
  },
  dateNotOnSale: /*i18n*/ {
    id: 'validation.date_not_on_sale',
    message: 'This date is not on sale. Choose another one.',
  },
  moveTargetRequired: /*i18n*/ {
    id: 'validation.move_target_required',
    message: 'Choose the date the orders move to.',
  },
  moveTargetSame: /*i18n*/ {
    id: 'validation.move_target_same',
    message: 'Choose another date than the one you cancel.',
  },
  cancelDateWithOrders: /*i18n*/ {
    id: 'validation.cancel_date_with_orders',
    message:
      'This date has orders or people on its waiting list. Use “Cancel date”, which refunds the orders and tells everyone.',
  },
  seriesMoveNotOffered: /*i18n*/ {
    id: 'validation.series_move_not_offered',
    message: 'The orders of several dates can only be refunded, not moved.',
  },
  dateInPast: /*i18n*/ {
    id: 'validation.date_in_past',
    message: 'A date on sale must start in the future.',
  },
  imageTooLarge: /*i18n*/ { id: 'validation.image_too_large', message: 'The image must be 5 MB or smaller.' },
  imageInvalid: /*i18n*/ {
    id: 'validation.image_invalid',
    message: 'This file is not an image we can read. Use a JPEG, PNG, WebP or GIF file.',
  },
  imageTooSmall: /*i18n*/ {
    id: 'validation.image_too_small',
    message: 'The image must be at least {minWidth} × {minHeight} pixels.',
  },
  imageTooBig: /*i18n*/ {
    id: 'validation.image_too_big',
    message: 'The image must be at most {maxWidth} × {maxHeight} pixels.',
  },
  galleryFull: /*i18n*/ {
    id: 'validation.gallery_full',
    message: 'The gallery holds at most {maximum} images. Remove one before adding another.',
  },
  sectionTwice: /*i18n*/ {
    id: 'validation.section_twice',
    message: 'Each section can be listed only once.',
  },
  sectionMissing: /*i18n*/ {
    id: 'validation.section_missing',
    message: 'List every section of the page once; hide the ones not to show.',
  },
  invalidRate: /*i18n*/ {
    id: 'validation.invalid_rate',
    message: 'Enter a percentage between 0 and 100, such as 23.5.',
  },
  maxBelowMin: /*i18n*/ {
    id: 'validation.max_below_min',
    message: 'The maximum cannot be lower than the minimum.',
  },
  priceRequired: /*i18n*/ {
    id: 'validation.price_required',
    message: 'A paid ticket needs a price above zero.',
  },
  tierRequired: /*i18n*/ { id: 'validation.tier_required', message: 'Add at least one price tier.' },
  quantityBelowTaken: /*i18n*/ {
    id: 'validation.quantity_below_taken',
    message: 'The quantity cannot be lower than what is already sold or reserved.',
  },
  unknownTaxOrFee: /*i18n*/ {
    id: 'validation.unknown_tax_or_fee',
    message: 'Choose taxes and fees of this account.',
  },
  unknownTier: /*i18n*/ {
    id: 'validation.unknown_tier',
    message: 'This price tier does not belong to the ticket.',
  },
  promoCodeCharacters: /*i18n*/ {
    id: 'validation.promo_code_characters',
    message: 'Use letters, digits, dashes and underscores only.',
  },
  invalidDiscount: /*i18n*/ {
    id: 'validation.invalid_discount',
    message: 'Enter a percentage from 0 to 100, or a whole amount in cents for a fixed discount.',
  },
  promoCodeTaken: /*i18n*/ {
    id: 'validation.promo_code_taken',
    message: 'This event already has this code.',
  },
  unknownTicket: /*i18n*/ { id: 'validation.unknown_ticket', message: 'Choose tickets of this event.' },
  unknownCategory: /*i18n*/ {
    id: 'validation.unknown_category',
    message: 'Choose a category of this event.',
  },
  redeemableProductOnly: /*i18n*/ {
    id: 'validation.redeemable_product_only',
    message: 'Only a product can be redeemable; every ticket is scanned at the door already.',
  },
  kindLocked: /*i18n*/ {
    id: 'validation.kind_locked',
    message: 'It has been ordered: it cannot change between ticket and product any more.',
  },
  variantRequired: /*i18n*/ { id: 'validation.variant_required', message: 'Add at least one variant.' },
  addonProductOnly: /*i18n*/ {
    id: 'validation.addon_product_only',
    message: 'Only a product can be an add-on of tickets.',
  },
  addonTicketUnknown: /*i18n*/ {
    id: 'validation.addon_ticket_unknown',
    message: 'Choose tickets of this event.',
  },
  addonOnlyWithTicket: /*i18n*/ {
    id: 'validation.addon_only_with_ticket',
    message: 'This is sold only as an add-on of a ticket: choose it for an attendee.',
  },
  addonNotForTicket: /*i18n*/ {
    id: 'validation.addon_not_for_ticket',
    message: 'This add-on cannot be added to that ticket.',
  },
  addonSeatUnknown: /*i18n*/ {
    id: 'validation.addon_seat_unknown',
    message: 'This order has no such attendee for the add-on.',
  },
  addonAboveMax: /*i18n*/ {
    id: 'validation.addon_above_max',
    message: 'At most {max} of this add-on per ticket.',
  },
  addonBelowMin: /*i18n*/ {
    id: 'validation.addon_below_min',
    message: 'Each ticket needs at least {min} of this add-on.',
  },
  noTicketSelected: /*i18n*/ { id: 'validation.no_ticket_selected', message: 'Select at least one ticket.' },
  belowMinPerOrder: /*i18n*/ {
    id: 'validation.below_min_per_order',
    message: 'Order at least {min} of this ticket.',
  },
  aboveMaxPerOrder: /*i18n*/ {
    id: 'validation.above_max_per_order',
    message: 'You can order at most {max} of this ticket.',
  },
  ticketNotOnSale: /*i18n*/ { id: 'validation.ticket_not_on_sale', message: 'This ticket is not on sale.' },
  ticketNeedsPromoCode: /*i18n*/ {
    id: 'validation.ticket_needs_promo_code',
    message: 'This ticket is only available with a promo code.',
  },
  donationBelowMinimum: /*i18n*/ {
    id: 'validation.donation_below_minimum',
    message: 'The amount is below the minimum price of this ticket.',
  },
  tierChoiceRequired: /*i18n*/ {
    id: 'validation.tier_choice_required',
    message: 'Choose a price of this ticket.',
  },
  attendeesMismatch: /*i18n*/ {
    id: 'validation.attendees_mismatch',
    message: 'Give one attendee for each ticket in the order.',
  },
  refundTooLarge: /*i18n*/ {
    id: 'validation.refund_too_large',
    message: 'This is more than what is left to refund on this order.',
  },
  offlinePaymentUnavailable: /*i18n*/ {
    id: 'validation.offline_payment_unavailable',
    message: 'Paying offline is not available for this event.',
  },
  promoCodeInvalid: /*i18n*/ {
    id: 'validation.promo_code_invalid',
    message: 'This promo code is invalid or not recognized.',
  },
  waitlistOfferOneTicket: /*i18n*/ {
    id: 'validation.waitlist_offer_one_ticket',
    message: 'An order with a waiting-list offer is for exactly one ticket: the one offered.',
  },
  addressIncomplete: /*i18n*/ {
    id: 'validation.address_incomplete',
    message: 'Fill in address line 1, city and country.',
  },
  addressIncompleteOrEmpty: /*i18n*/ {
    id: 'validation.address_incomplete_or_empty',
    message: 'Fill in address line 1, city and country, or leave the whole address empty.',
  },
  optionRequired: /*i18n*/ { id: 'validation.option_required', message: 'Add at least one option.' },
  optionsUnique: /*i18n*/ { id: 'validation.options_unique', message: 'Each option must be different.' },
  unknownField: /*i18n*/ { id: 'validation.unknown_field', message: 'This field is not accepted here.' },
  unknownParameter: /*i18n*/ {
    id: 'validation.unknown_parameter',
    message: 'This query parameter is not accepted here.',
  },
  filterNotAllowed: /*i18n*/ {
    id: 'validation.filter_not_allowed',
    message: 'This list cannot be filtered by that field. Allowed: {fields}.',
  },
  filterOperatorNotAllowed: /*i18n*/ {
    id: 'validation.filter_operator_not_allowed',
    message: 'Unknown filter operator. Allowed: {operators}.',
  },
  dateInFuture: /*i18n*/ { id: 'validation.date_in_future', message: 'Choose a time in the future.' },
  invoiceNumberTaken: /*i18n*/ {
    id: 'validation.invoice_number_taken',
    message: 'Numbers up to {last} have been given. The next number must be {next} or higher.',
  },
  invoicePrefixForOwnSequence: /*i18n*/ {
    id: 'validation.invoice_prefix_for_own_sequence',
    message: 'An event with its own number series needs a prefix of its own, different from the account’s.',
  },
  vatNumberFormat: /*i18n*/ {
    id: 'validation.vat_number_format',
    message:
      "This is not a VAT number of the chosen country. Enter it in that country's format, such as {example}.",
  },
  taxNumberFormat: /*i18n*/ {
    id: 'validation.tax_number_format',
    message: 'Enter the tax number as 2 to 20 letters and digits.',
  },
  invalidCountry: /*i18n*/ { id: 'validation.invalid_country', message: 'Choose a country from the list.' },
  messageNotPromotional: /*i18n*/ {
    id: 'validation.message_not_promotional',
    message: 'Confirm that this message is about the event and is not promotional.',
  },
  ...SEATING_VALIDATION,
} as const satisfies Record<string, MessageDescriptor>;

const byId = new Map<string, MessageDescriptor>(Object.values(VALIDATION).map((d) => [d.id, d]));

function descriptorFor(id: string): MessageDescriptor | undefined {
  return byId.get(id);
}

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Turns one zod issue into a message in the locale of `i18n`. */
export function issueMessage(issue: Issue, i18n: I18n): string {
  const own = issue.message ? descriptorFor(issue.message) : undefined;
  if (own) return translate(i18n, own, 'params' in issue ? issue.params : undefined);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return translate(i18n, VALIDATION.required);
      if (issue.expected === 'int') return translate(i18n, VALIDATION.notInteger);
      if (issue.expected === 'date') return translate(i18n, VALIDATION.invalidDate);
      return translate(i18n, VALIDATION.invalidType, { expected: issue.expected });
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1 && issue.inclusive !== false
          ? translate(i18n, VALIDATION.required)
          : translate(i18n, VALIDATION.tooShort, { minimum });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return translate(i18n, VALIDATION.tooFewItems, { minimum });
      return issue.inclusive === false
        ? translate(i18n, VALIDATION.tooSmallExclusive, { minimum })
        : translate(i18n, VALIDATION.tooSmall, { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return translate(i18n, VALIDATION.tooLong, { maximum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return translate(i18n, VALIDATION.tooManyItems, { maximum });
      return issue.inclusive === false
        ? translate(i18n, VALIDATION.tooBigExclusive, { maximum })
        : translate(i18n, VALIDATION.tooBig, { maximum });
    }
    case 'invalid_format':
      if (issue.format === 'email') return translate(i18n, VALIDATION.invalidEmail);
      if (issue.format === 'url') return translate(i18n, VALIDATION.invalidUrl);
      if (issue.format === 'datetime' || issue.format === 'date')
        return translate(i18n, VALIDATION.invalidDate);
      return translate(i18n, VALIDATION.invalid);
    case 'invalid_value':
      return translate(i18n, VALIDATION.invalidChoice, { options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return translate(i18n, VALIDATION.unknownField);
    default:
      return translate(i18n, VALIDATION.invalid);
  }
}

/**
 * Groups issues by field path (`tickets.0.quantity`), as the API's `errors` object does.
 * `unrecognized_keys` issues are reported under each unknown key.
 */
export function fieldErrors(issues: readonly Issue[], i18n: I18n, prefix?: string): Record<string, string[]> {
  // A Map, not an object: a field may be called `constructor` or `__proto__`.
  const result = new Map<string, string[]>();
  const add = (path: PropertyKey[], message: string) => {
    const parts = prefix ? [prefix, ...path] : path;
    const key = parts.map(String).join('.') || '_';
    const list = result.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    result.set(key, list);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], issueMessage(issue, i18n));
    } else {
      add(issue.path, issueMessage(issue, i18n));
    }
  }
  return Object.fromEntries(result);
}
