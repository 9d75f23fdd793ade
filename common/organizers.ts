import { z } from 'zod';
import { LIMITS } from './limits';
import { listQuerySchema } from './list-query';
import { PARTIAL_WRITE } from './partial-writes';
import { currency, email, personName, timezone } from './validators';

/** Who puts on the events: shown on event pages and used as their defaults. */
export const OrganizerResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    currency: z.string(),
    timezone: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Organizer' });
export type OrganizerResponse = z.infer<typeof OrganizerResponse>;

const website = () =>
  z
    .string()
    .trim()
    .max(500)
    .pipe(z.url({ protocol: /^https?$/ }));

/** `POST /api/organizers`; currency and time zone default to the account's. */
export const CreateOrganizerRequest = z
  .strictObject({
    name: personName(),
    email: email().nullable().optional(),
    description: z.string().trim().max(LIMITS.descriptionMax).nullable().optional(),
    website: website().nullable().optional(),
    currency: currency().optional(),
    timezone: timezone().optional(),
  })
  .meta({ id: 'CreateOrganizerRequest' });
export type CreateOrganizerRequest = z.input<typeof CreateOrganizerRequest>;

/** `PUT /api/organizers/{id}`: any subset of the fields (decision 013). */
export const UpdateOrganizerRequest = z
  .strictObject({
    name: personName().optional(),
    email: email().nullable().optional(),
    description: z.string().trim().max(LIMITS.descriptionMax).nullable().optional(),
    website: website().nullable().optional(),
    currency: currency().optional(),
    timezone: timezone().optional(),
  })
  .meta({ id: 'UpdateOrganizerRequest', description: PARTIAL_WRITE });
export type UpdateOrganizerRequest = z.input<typeof UpdateOrganizerRequest>;

export const OrganizersQuery = listQuerySchema({
  sortable: ['name', 'created_at'],
  defaultSort: 'name',
  filterable: {},
});
