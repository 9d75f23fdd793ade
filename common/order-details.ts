import * as z from 'zod/mini';
import { AnswerInput } from './answers';
import { LIMITS } from './limits';
import { buyerEmail, buyerFirstName, buyerLastName } from './person-fields';

/**
 * The buyer's details of an order: the one schema the checkout form checks in the browser and
 * the API checks on the server. Written with `zod/mini`, whose functions a bundle takes one by
 * one, so that checkout downloads a fraction of zod (decision 033).
 */

/** A business detail: blank is as good as left out (`common/business-buyer.ts` has the rules). */
const businessText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));
const business = LIMITS.businessBuyer;

const answers = () => z._default(z.array(AnswerInput).check(z.maxLength(100)), []);

/** One person per ticket bought: who holds it, and their answers to per-attendee questions. */
export const AttendeeInput = z.strictObject({
  ticket_id: z.int().check(z.positive()),
  price_id: z.optional(z.int().check(z.positive())),
  first_name: buyerFirstName(),
  last_name: buyerLastName(),
  email: buyerEmail(),
  answers: answers(),
});

/** `PUT /api/public/events/{id}/orders/{shortId}`: the buyer, the attendees, the order's answers. */
export const OrderDetailsRequest = z
  .strictObject({
    first_name: buyerFirstName(),
    last_name: buyerLastName(),
    email: buyerEmail(),
    attendees: z.array(AttendeeInput).check(z.maxLength(1000)),
    answers: answers(),
    /**
     * A business buyer's details for the invoice, asked when the seller's invoice settings say
     * so (`buyer_business` of the order): required, optional, or ignored when off (issue 38).
     */
    company: businessText(business.companyMax),
    company_address: businessText(business.addressMax),
    /** The company's country, ISO 3166-1 ("DE"): the VAT number is checked against its format. */
    vat_country: businessText(2),
    /** With or without the country prefix; saved normalised with it ("DE123456789"). */
    vat_id: businessText(business.vatIdMax),
  })
  .register(z.globalRegistry, { id: 'OrderDetailsRequest' });
export type OrderDetailsRequest = z.input<typeof OrderDetailsRequest>;
