import { z } from 'zod';
import { PAID_ORDER_STATUSES } from './events';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { EXPORT_FORMATS } from './list-query';
import { email } from './validators';

/** An INACTIVE affiliate keeps its orders and figures, but its links no longer attribute sales. */
export const AFFILIATE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/**
 * The orders an affiliate is credited with: those whose money was received, the same statuses
 * the event dashboard counts (decision 021).
 */
export const AFFILIATE_COUNTED_STATUSES = PAID_ORDER_STATUSES;

/**
 * An affiliate's code, as in `?aff=CODE`: letters, digits, dashes and underscores, matched
 * without regard to case (stored upper-case, unique within the event).
 */
export const affiliateCode = () =>
  z
    .string()
    .trim()
    .min(LIMITS.affiliate.codeMin)
    .max(LIMITS.affiliate.codeMax)
    .regex(/^[A-Za-z0-9_-]+$/, { message: VALIDATION.promoCodeCharacters.id })
    .transform((v) => v.toUpperCase());

/** `POST /api/events/{id}/affiliates`, `PUT …/{affiliateId}` (a PUT replaces the whole affiliate). */
export const AffiliateRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.affiliate.nameMax),
    code: affiliateCode(),
    /** Whom to contact about the affiliate's sales; empty or left out for none. */
    email: z
      .union([z.literal(''), email()])
      .nullable()
      .optional()
      .transform((v) => v || null),
    status: z.enum(AFFILIATE_STATUSES).default('ACTIVE'),
  })
  .meta({ id: 'AffiliateRequest' });
export type AffiliateRequest = z.input<typeof AffiliateRequest>;

export const AffiliateResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    email: z.string().nullable(),
    status: z.enum(AFFILIATE_STATUSES),
    /** Paid orders (AFFILIATE_COUNTED_STATUSES) that came through the affiliate's link. */
    orders: z.number().int(),
    /** Tickets in those orders. */
    tickets: z.number().int(),
    /** The total of those orders, taxes and fees included, in minor units of `currency`. */
    gross_sales: z.number().int(),
    currency: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Affiliate' });
export type AffiliateResponse = z.infer<typeof AffiliateResponse>;

/** `GET /api/events/{id}/affiliates/export?format=csv|xlsx`: every affiliate with its figures. */
export const AffiliatesExportQuery = z.strictObject({ format: z.enum(EXPORT_FORMATS).default('csv') });
