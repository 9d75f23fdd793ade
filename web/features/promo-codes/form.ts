import { toMajorText, toMinor } from '../../../common/money';
import type { DiscountType, PromoCodeRequest, PromoCodeResponse } from '../../../common/promo-codes';
import { isoToZoned, zonedToIso } from '../events/datetime';

/** The promo-code form as typed; `toRequest` turns it into the API's body. */
export interface PromoCodeValues {
  code: string;
  discount_type: DiscountType;
  /** A percentage ("15", "12,5") or an amount in major units ("5.00"); unused for NONE. */
  discount: string;
  /** `YYYY-MM-DDTHH:mm` on the event's clock, or empty for no expiry. */
  expiry_date: string;
  /** Empty for unlimited. */
  max_allowed_usages: number | string;
  applicable_ticket_ids: string[];
}

export interface EventMoney {
  currency: string;
  timezone: string;
}

export function initialValues(code: PromoCodeResponse | null, event: EventMoney): PromoCodeValues {
  if (!code) {
    return {
      code: '',
      discount_type: 'PERCENTAGE',
      discount: '',
      expiry_date: '',
      max_allowed_usages: '',
      applicable_ticket_ids: [],
    };
  }
  return {
    code: code.code,
    discount_type: code.discount_type,
    discount:
      code.discount_type === 'FIXED'
        ? toMajorText(Number(code.discount), event.currency)
        : code.discount_type === 'PERCENTAGE'
          ? code.discount
          : '',
    expiry_date: isoToZoned(code.expiry_date, event.timezone),
    max_allowed_usages: code.max_allowed_usages ?? '',
    applicable_ticket_ids: code.applicable_ticket_ids.map(String),
  };
}

/** A fixed amount goes in minor units; one that cannot be read is sent as typed and refused. */
export function toRequest(v: PromoCodeValues, event: EventMoney): PromoCodeRequest {
  const discount =
    v.discount_type === 'NONE'
      ? undefined
      : v.discount_type === 'FIXED'
        ? String(toMinor(v.discount, event.currency) ?? v.discount)
        : v.discount;
  return {
    code: v.code,
    discount_type: v.discount_type,
    ...(discount === undefined ? {} : { discount }),
    expiry_date: v.expiry_date ? zonedToIso(v.expiry_date, event.timezone) : null,
    max_allowed_usages: typeof v.max_allowed_usages === 'number' ? v.max_allowed_usages : null,
    applicable_ticket_ids: v.applicable_ticket_ids.map(Number),
  };
}

export type PromoCodeState = 'ACTIVE' | 'EXPIRED' | 'USED_UP' | 'HELD';

/**
 * Whether buyers can still use the code: expiry first, then the usage limit, which checkouts in
 * progress count against too (HELD: its last uses may come back if those are not finished).
 */
export function promoCodeState(code: PromoCodeResponse, now = Date.now()): PromoCodeState {
  if (code.expiry_date && new Date(code.expiry_date).getTime() < now) return 'EXPIRED';
  const limit = code.max_allowed_usages;
  if (limit !== null && code.times_used >= limit) return 'USED_UP';
  if (limit !== null && code.times_used + code.times_reserved >= limit) return 'HELD';
  return 'ACTIVE';
}

/** `/event/{id}/{slug}?promo_code=CODE` on this site: the public page with the code applied. */
export function promoLink(origin: string, event: { id: number; slug: string }, code: string): string {
  return `${origin}/event/${event.id}/${event.slug}?promo_code=${encodeURIComponent(code)}`;
}
