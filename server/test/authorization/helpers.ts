/** What the matrix's area files share: fresh people, and short names for the usual rules. */

import { gridPlan } from '../../../common/seating-plan-edit';
import type { Access, RouteRule } from '../authorization-rules';

let unique = 0;
export const fresh = (name: string) => `${name}.${++unique}.${Date.now()}@example.com`;
export const PASSWORD = 'correct horse battery';
export const person = (email: string) => ({ first_name: 'Rosa', last_name: 'Parks', email });
/** A small seating plan's request body. */
export const seatingPlan = () => ({ plan: gridPlan({ name: 'Side hall', sections: 1, rows: 2, seats: 4 }) });
export const tax = { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '23' };

export const member: RouteRule = { access: 'member' };
export const own = (access: Access, body?: RouteRule['body']): RouteRule => ({
  access,
  reach: 'caller',
  body,
});
export const pub = (answers: number, body?: RouteRule['body']): RouteRule => ({
  access: 'public',
  answers,
  body,
});
export const order = (answers: number, body?: RouteRule['body']): RouteRule => ({
  ...pub(answers, body),
  showsOrder: true,
});
export const self: RouteRule = { access: 'self', person: true };
export const personal = (rule: RouteRule): RouteRule => ({ ...rule, person: true });
