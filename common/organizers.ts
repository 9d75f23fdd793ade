import { z } from 'zod';
import { LIMITS } from './limits';
import { listQuerySchema } from './list-query';
import { OrganizerDesign, OrganizerDesignPatch, PublicOrganizerImage } from './organizer-design';
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
    /** The homepage's address, `/o/{slug}` (decision 058); null: no homepage yet. */
    slug: z.string().nullable(),
    social_links: z.array(z.string()),
    currency: z.string(),
    timezone: z.string(),
    /** The homepage's colours and font (decision 061), defaults filled in. */
    design: OrganizerDesign,
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

/**
 * The address of an organizer's homepage: letters, digits and single hyphens between them, 3 to
 * 60 characters. Unique whatever the case (decision 058).
 */
export const ORGANIZER_SLUG_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
export const organizerSlug = () => z.string().trim().min(3).max(60).regex(ORGANIZER_SLUG_PATTERN);

/** Up to 8 links to the organizer's social profiles. */
const socialLinks = () => z.array(website()).max(8);

/** `POST /api/organizers`; currency and time zone default to the account's. */
export const CreateOrganizerRequest = z
  .strictObject({
    name: personName(),
    email: email().nullable().optional(),
    description: z.string().trim().max(LIMITS.descriptionMax).nullable().optional(),
    website: website().nullable().optional(),
    slug: organizerSlug().nullable().optional(),
    social_links: socialLinks().optional(),
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
    slug: organizerSlug().nullable().optional(),
    social_links: socialLinks().optional(),
    currency: currency().optional(),
    timezone: timezone().optional(),
    /** Merged into the design field by field. */
    design: OrganizerDesignPatch.optional(),
  })
  .meta({ id: 'UpdateOrganizerRequest', description: PARTIAL_WRITE });
export type UpdateOrganizerRequest = z.input<typeof UpdateOrganizerRequest>;

export const OrganizersQuery = listQuerySchema({
  sortable: ['name', 'created_at'],
  defaultSort: 'name',
  filterable: {},
});

/** What the homepage lists of one event (decision 058). */
export const PublicOrganizerEvent = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** The event page's path. */
    path: z.string(),
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime().nullable(),
    timezone: z.string(),
    /** The next dates a buyer may choose (up to 3); empty for a past event. */
    next_dates: z.array(z.iso.datetime()),
    cover_url: z.string().nullable(),
    currency: z.string(),
    /** Lowest and highest price shown of its tickets, in minor units; null: no tickets shown. */
    price_min: z.number().int().nullable(),
    price_max: z.number().int().nullable(),
    availability: z.enum(['ON_SALE', 'SOLD_OUT', 'NOT_ON_SALE', 'ENDED']),
  })
  .meta({ id: 'PublicOrganizerEvent' });
export type PublicOrganizerEvent = z.infer<typeof PublicOrganizerEvent>;

/** `GET /api/public/organizer-pages/{slug}`: an organizer's homepage; never its e-mail address. */
export const PublicOrganizerPage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    social_links: z.array(z.string()),
    /** The page has a contact form (the organizer gave an address). */
    has_contact: z.boolean(),
    /** Its colours and font (decision 061). */
    design: OrganizerDesign,
    logo: PublicOrganizerImage.nullable(),
    cover: PublicOrganizerImage.nullable(),
    upcoming: z.array(PublicOrganizerEvent),
    past: z.array(PublicOrganizerEvent),
  })
  .meta({ id: 'PublicOrganizerPage' });
export type PublicOrganizerPage = z.infer<typeof PublicOrganizerPage>;

/** The contact form of an organizer's homepage; `website` is the honeypot left empty by people. */
export const OrganizerContactRequest = z.strictObject({
  name: personName(),
  email: email(),
  message: z.string().trim().min(1).max(5000),
  website: z.string().max(500).optional(),
});
export type OrganizerContactRequest = z.input<typeof OrganizerContactRequest>;
