import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { isValidRate, parseRate } from './pricing';

export const TAX_OR_FEE_TYPES = ['TAX', 'FEE'] as const;
export const CALCULATION_TYPES = ['PERCENTAGE', 'FIXED'] as const;

const percentage = () =>
  z
    .union([z.string(), z.number()])
    // A decimal comma (23,5) is read like a point.
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => isValidRate(v) && parseRate(v).numerator <= parseRate(v).denominator * 100n, {
      message: VALIDATION.invalidRate.id,
    });

/** `POST /api/taxes-and-fees`, `PUT …/{id}`: a percentage (e.g. 23.5) or a fixed amount in minor units (250 = 2.50). */
export const TaxOrFeeRequest = z
  .discriminatedUnion('calculation_type', [
    z.strictObject({
      name: z.string().trim().min(1).max(LIMITS.nameMax),
      type: z.enum(TAX_OR_FEE_TYPES),
      calculation_type: z.literal('PERCENTAGE'),
      rate: percentage(),
      is_default: z.boolean().default(false),
    }),
    z.strictObject({
      name: z.string().trim().min(1).max(LIMITS.nameMax),
      type: z.enum(TAX_OR_FEE_TYPES),
      calculation_type: z.literal('FIXED'),
      /** Minor units per ticket (250 = 2.50). */
      rate: z.int().min(0).max(100_000_000),
      is_default: z.boolean().default(false),
    }),
  ])
  .meta({ id: 'TaxOrFeeRequest' });
export type TaxOrFeeRequest = z.input<typeof TaxOrFeeRequest>;

export const TaxOrFeeResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(TAX_OR_FEE_TYPES),
    calculation_type: z.enum(CALCULATION_TYPES),
    /**
     * An exact decimal string: PERCENTAGE a percentage such as "23.5", FIXED whole minor
     * units per ticket such as "250" (= 2.50).
     */
    rate: z.string(),
    is_default: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'TaxOrFee' });
export type TaxOrFeeResponse = z.infer<typeof TaxOrFeeResponse>;
