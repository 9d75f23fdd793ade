import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { MAX_MINOR } from './money';
import { isValidRate, parseRate, percentOf } from './pricing';

/** NONE gives no discount: the code only unlocks tickets hidden without a promo code. */
export const DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED', 'NONE'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Codes are matched without regard to case; they are stored upper-case. */
export const promoCode = () =>
  z
    .string()
    .trim()
    .min(LIMITS.promoCode.min)
    .max(LIMITS.promoCode.max)
    .regex(/^[A-Za-z0-9_-]+$/, { message: VALIDATION.promoCodeCharacters.id })
    .transform((v) => v.toUpperCase());

/** `POST /api/events/{id}/promo-codes`, `PUT …/{codeId}` */
export const PromoCodeRequest = z
  .strictObject({
    code: promoCode(),
    discount_type: z.enum(DISCOUNT_TYPES),
    /**
     * PERCENTAGE: a decimal string such as "15" or "12.5"; FIXED: minor units off each ticket,
     * at most MAX_MINOR (no ticket costs more);
     * NONE: left out (stored as 0).
     */
    discount: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().replace(',', '.'))
      .optional(),
    expiry_date: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Empty means unlimited. */
    max_allowed_usages: z.int().min(1).max(10_000_000).nullable().optional(),
    /** Empty means every ticket of the event. */
    applicable_ticket_ids: z.array(z.int().positive()).max(500).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.discount_type === 'NONE') return;
    const discount = v.discount ?? '';
    const ok =
      v.discount_type === 'PERCENTAGE'
        ? isValidRate(discount) && parseRate(discount).numerator <= parseRate(discount).denominator * 100n
        : /^\d{1,9}$/.test(discount) && Number(discount) <= MAX_MINOR;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['discount'], message: VALIDATION.invalidDiscount.id });
  })
  .meta({ id: 'PromoCodeRequest' });
export type PromoCodeRequest = z.input<typeof PromoCodeRequest>;

export const PromoCodeResponse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    discount_type: z.enum(DISCOUNT_TYPES),
    discount: z.string(),
    expiry_date: z.iso.datetime().nullable(),
    max_allowed_usages: z.number().int().nullable(),
    times_used: z
      .number()
      .int()
      .meta({ description: 'Uses by orders that reached checkout (cancelled orders give theirs back).' }),
    times_reserved: z
      .number()
      .int()
      .meta({
        description:
          'Uses held by checkouts in progress: they count against max_allowed_usages until the ' +
          'checkout is finished (then they are in times_used) or its reservation ends.',
      }),
    applicable_ticket_ids: z.array(z.number().int()),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCodeResponse = z.infer<typeof PromoCodeResponse>;

/** `GET /api/public/events/{id}/promo-codes/{code}` */
export const PromoCodeValidity = z.object({ valid: z.boolean() }).meta({ id: 'PromoCodeValidity' });

/** Whether a code can be used now: not expired, uses left. */
export function isPromoCodeUsable(
  code: { expiresAt: Date | null; usageLimit: number | null; timesUsed: number },
  now = new Date(),
): boolean {
  if (code.expiresAt && now > code.expiresAt) return false;
  return code.usageLimit === null || code.timesUsed < code.usageLimit;
}

/**
 * What a code takes off one ticket, in minor units: never below zero, nothing on FREE or
 * DONATION tickets, nothing for NONE (such a code only unlocks hidden tickets).
 */
export function discountPerUnit(
  code: { discountType: DiscountType; discount: string },
  ticket: { type: 'FREE' | 'PAID' | 'DONATION' | 'TIERED'; unitPrice: number },
): number {
  if (ticket.type === 'FREE' || ticket.type === 'DONATION' || ticket.unitPrice <= 0) return 0;
  if (code.discountType === 'NONE') return 0;
  const off =
    code.discountType === 'PERCENTAGE' ? percentOf(ticket.unitPrice, code.discount) : Number(code.discount);
  return Math.min(off, ticket.unitPrice);
}
