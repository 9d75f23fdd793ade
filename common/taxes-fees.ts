import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { MAX_MINOR } from './money';
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

/**
 * A tax computed on the ticket price plus the fees, rather than on the price alone (decision
 * 004). Only a PERCENTAGE tax uses it; a fee never has it.
 */
const appliesToFees = () => z.boolean().default(false);

/** `POST /api/taxes-and-fees`, `PUT …/{id}`: a percentage (e.g. 23.5) or a fixed amount in minor units (250 = 2.50). */
export const TaxOrFeeRequest = z
  .discriminatedUnion('calculation_type', [
    z.strictObject({
      name: z.string().trim().min(1).max(LIMITS.nameMax),
      type: z.enum(TAX_OR_FEE_TYPES),
      calculation_type: z.literal('PERCENTAGE'),
      rate: percentage(),
      is_default: z.boolean().default(false),
      applies_to_fees: appliesToFees(),
    }),
    z.strictObject({
      name: z.string().trim().min(1).max(LIMITS.nameMax),
      type: z.enum(TAX_OR_FEE_TYPES),
      calculation_type: z.literal('FIXED'),
      /** Minor units per ticket (250 = 2.50). */
      rate: z.int().min(0).max(MAX_MINOR),
      is_default: z.boolean().default(false),
      applies_to_fees: appliesToFees(),
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
    /** A tax computed on the price plus the fees; always false for a fee. */
    applies_to_fees: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'TaxOrFee' });
export type TaxOrFeeResponse = z.infer<typeof TaxOrFeeResponse>;
