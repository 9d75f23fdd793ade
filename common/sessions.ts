import { z } from 'zod';

/** A user's sessions (decision 066): where they are signed in, and ending them. */

export const UserSessionResponse = z
  .object({
    id: z.number().int(),
    /** The session making this request. */
    current: z.boolean(),
    /** The account the session is in. */
    account: z.object({ id: z.number().int(), name: z.string() }),
    /** Read from the browser's user agent; null when it says nothing we know. */
    browser: z.string().nullable(),
    device: z.string().nullable(),
    /** ISO 3166 country code from the address, `LOCAL` for a private network, null when unknown. */
    country: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string(),
  })
  .meta({ id: 'UserSession' });
export type UserSessionResponse = z.infer<typeof UserSessionResponse>;

export const UserSessionsResponse = z
  .object({ data: z.array(UserSessionResponse) })
  .meta({ id: 'UserSessions' });
export type UserSessionsResponse = z.infer<typeof UserSessionsResponse>;

export const EndedSessionsResponse = z.object({ ended: z.number().int() }).meta({ id: 'EndedSessions' });
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponse>;
