import { z } from 'zod';

/**
 * Deleting an account (by its owner, confirmed by e-mail, after a wait) and deleting one's own
 * login (decision 065): the shapes the API and the web share.
 */

/** Where an account's deletion stands: none, mailed and awaiting the link, or confirmed and due. */
export const ACCOUNT_DELETION_STATES = ['NONE', 'AWAITING_CONFIRMATION', 'SCHEDULED'] as const;
export type AccountDeletionState = (typeof ACCOUNT_DELETION_STATES)[number];

/** `GET /api/accounts/current/deletion`. */
export const AccountDeletionResponse = z
  .object({
    state: z.enum(ACCOUNT_DELETION_STATES),
    requested_at: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    /** When the deletion runs (set once confirmed). */
    delete_after: z.string().nullable(),
    /** Days between the confirmation and the deletion, as the server is set up. */
    wait_days: z.number().int(),
  })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponse>;

/** `POST /api/accounts/current/deletion`: the owner's password again. */
export const RequestAccountDeletionRequest = z
  .strictObject({ password: z.string().min(1).max(200) })
  .meta({ id: 'RequestAccountDeletionRequest' });
export type RequestAccountDeletionRequest = z.input<typeof RequestAccountDeletionRequest>;

/** `POST /api/accounts/current/deletion/confirm`: the token of the mailed link. */
export const ConfirmAccountDeletionRequest = z
  .strictObject({ token: z.string().min(20).max(200) })
  .meta({ id: 'ConfirmAccountDeletionRequest' });
export type ConfirmAccountDeletionRequest = z.input<typeof ConfirmAccountDeletionRequest>;

/** `POST /api/users/me/deletion`: the user's password again. */
export const DeleteMeRequest = z
  .strictObject({ password: z.string().min(1).max(200) })
  .meta({ id: 'DeleteMeRequest' });
export type DeleteMeRequest = z.input<typeof DeleteMeRequest>;
