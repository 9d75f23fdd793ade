import type { Role } from './accounts';

/**
 * What each role may do, as data: admins everything, organizers only events and tickets. The
 * server's policies and the web's navigation both read this table, so a hidden menu entry and a
 * 403 never disagree.
 */
export const PERMISSIONS = {
  'events.manage': ['ADMIN', 'ORGANIZER'],
  'tickets.manage': ['ADMIN', 'ORGANIZER'],
  /** Writing to an event's attendees; sending also needs a confirmed e-mail address. */
  'messages.send': ['ADMIN', 'ORGANIZER'],
  'users.manage': ['ADMIN'],
  'account.manage': ['ADMIN'],
  'taxes.manage': ['ADMIN'],
  'payments.manage': ['ADMIN'],
  'billing.manage': ['ADMIN'],
  /** API keys (and the other integrations of the account). */
  'integrations.manage': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
