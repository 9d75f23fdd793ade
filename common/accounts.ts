import { z } from 'zod';
import { currency, email, personName, timezone } from './validators';

export const ROLES = ['ADMIN', 'ORGANIZER'] as const;
export type Role = (typeof ROLES)[number];

export const AccountResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    support_email: z.string().nullable(),
    currency: z.string(),
    timezone: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Account' });
export type AccountResponse = z.infer<typeof AccountResponse>;

/** `PUT /api/accounts/current` (ADMIN) */
export const UpdateAccountRequest = z
  .strictObject({
    name: personName(),
    support_email: email().nullable().optional(),
    currency: currency(),
    timezone: timezone(),
  })
  .meta({ id: 'UpdateAccountRequest' });
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequest>;
