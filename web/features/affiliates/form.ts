import { AFFILIATE_PARAM } from '../../../common/affiliate-link';
import type { AffiliateRequest, AffiliateResponse, AffiliateStatus } from '../../../common/affiliates';

/** The affiliate form as typed; `toAffiliateRequest` turns it into the API's body. */
export interface AffiliateValues {
  name: string;
  code: string;
  email: string;
  status: AffiliateStatus;
}

export function affiliateValues(affiliate: AffiliateResponse | null): AffiliateValues {
  if (!affiliate) return { name: '', code: '', email: '', status: 'ACTIVE' };
  return {
    name: affiliate.name,
    code: affiliate.code,
    email: affiliate.email ?? '',
    status: affiliate.status,
  };
}

export function toAffiliateRequest(v: AffiliateValues): AffiliateRequest {
  return { name: v.name, code: v.code, email: v.email.trim() === '' ? null : v.email, status: v.status };
}

/** The whole affiliate as a PUT body with another status (activate, deactivate). */
export function withStatus(affiliate: AffiliateResponse, status: AffiliateStatus): AffiliateRequest {
  return toAffiliateRequest({ ...affiliateValues(affiliate), status });
}

/** `/event/{id}/{slug}?aff=CODE` on this site: the public page that credits the affiliate. */
export function affiliateLink(origin: string, event: { id: number; slug: string }, code: string): string {
  return `${origin}/event/${event.id}/${event.slug}?${AFFILIATE_PARAM}=${encodeURIComponent(code)}`;
}
