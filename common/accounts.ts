import { z } from 'zod';
import { PARTIAL_WRITE } from './partial-writes';
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

/** `PUT /api/accounts/current` (ADMIN): any subset of the fields (decision 013). */
export const UpdateAccountRequest = z
  .strictObject({
    name: personName().optional(),
    support_email: email().nullable().optional(),
    currency: currency().optional(),
    timezone: timezone().optional(),
  })
  .meta({ id: 'UpdateAccountRequest', description: PARTIAL_WRITE });
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequest>;
