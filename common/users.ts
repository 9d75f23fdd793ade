import { z } from 'zod';
import { AccountResponse, ROLES } from './accounts';
import { listQuerySchema } from './list-query';
import { PARTIAL_WRITE } from './partial-writes';
import { confirmsPassword, email, firstName, locale, password, timezone, userLastName } from './validators';

/** A user's standing in one account: INVITED until the invitation is accepted; INACTIVE cannot log in. */
export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'INVITED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const UserResponse = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** Role and status in the account of the request. */
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    is_account_owner: z.boolean(),
    email_confirmed: z.boolean(),
    /** An e-mail change waiting for confirmation. */
    pending_email: z.string().nullable(),
    locale: z.string(),
    timezone: z.string().nullable(),
    last_login_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof UserResponse>;

/** `GET /api/users/me`: the user and the account the session is bound to. */
export const MeResponse = UserResponse.extend({ account: AccountResponse }).meta({ id: 'Me' });
export type MeResponse = z.infer<typeof MeResponse>;

/**
 * `PUT /api/users/me`: any subset of the profile fields (decision 013); a new password or
 * e-mail needs the current password.
 */
export const UpdateMeRequest = z
  .strictObject({
    first_name: firstName().optional(),
    last_name: userLastName().optional(),
    locale: locale().optional(),
    timezone: timezone().nullable().optional(),
    email: email().optional(),
    current_password: z.string().max(200).optional(),
    new_password: password().optional(),
    new_password_confirmation: z.string().max(200).optional(),
  })
  .refine(...confirmsPassword('new_password', 'new_password_confirmation'))
  .meta({ id: 'UpdateMeRequest', description: PARTIAL_WRITE });
export type UpdateMeRequest = z.infer<typeof UpdateMeRequest>;

/** `POST /api/users`: invite someone into the account. */
export const InviteUserRequest = z
  .strictObject({
    email: email(),
    first_name: firstName().optional(),
    last_name: userLastName().optional(),
    role: z.enum(ROLES),
  })
  .meta({ id: 'InviteUserRequest' });
export type InviteUserRequest = z.infer<typeof InviteUserRequest>;

/** `PUT /api/users/{id}` (ADMIN): role and status in this account. */
export const UpdateUserRequest = z
  .strictObject({
    role: z.enum(ROLES).optional(),
    status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
    first_name: firstName().optional(),
    last_name: userLastName().optional(),
  })
  .meta({ id: 'UpdateUserRequest' });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UsersQuery = listQuerySchema({
  sortable: ['name', 'email', 'created_at', 'last_login_at'],
  defaultSort: 'name',
  filterable: { role: ['eq', 'in'], status: ['eq', 'ne', 'in'] },
});
