import type { Role } from '../../common/accounts';

/**
 * Who is calling: set by `authenticate` on every management request, from a person's session
 * or from an API key (decision 025); the permission checks read only `role` and `accountId`.
 */
export interface AuthContext {
  /** The person, or for an API key the user who created it. */
  userId: number;
  accountId: number;
  role: Role;
  /** Never true for an API key. */
  isOwner: boolean;
  /** The session behind the call; null for an API key. */
  sessionId: number | null;
  /** The API key behind the call; null for a person's session. */
  apiKeyId: number | null;
  /** The person's address is confirmed (for a key: its creator's). */
  emailConfirmed: boolean;
  /**
   * The account requires two-factor sign-in and this person has no second factor yet: only
   * setting one up is allowed (decision 063). Never set for an API key.
   */
  twoFactorSetupRequired?: boolean;
}

/**
 * An account read as an ADMIN would, for work no request's caller stands behind (a webhook's
 * copy of an order or attendee, decision 027): no person, no session, no key.
 */
export const accountReader = (accountId: number): AuthContext => ({
  userId: 0,
  accountId,
  role: 'ADMIN',
  isOwner: false,
  sessionId: null,
  apiKeyId: null,
  emailConfirmed: true,
});
