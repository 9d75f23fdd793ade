import type { I18n } from '@lingui/core';
import {
  type BusinessBuyer,
  type BuyerBusinessMode,
  checkBusinessBuyer,
} from '../../../common/business-buyer';
import { COUNTRY_CODES } from '../../../common/countries';
import type { PublicOrderResponse } from '../../../common/orders';

/**
 * A business buyer's details in the checkout form (issue 38), under the names the API gives
 * them, so its field errors land on the fields. `business_invoice`: whether they are sent, the
 * buyer's own choice where the seller leaves it OPTIONAL, always where it is REQUIRED.
 */
export interface BusinessValues {
  business_invoice: boolean;
  company: string;
  company_address: string;
  vat_country: string;
  vat_id: string;
}

/** The request's fields of a business buyer, as its field errors name them. */
export const BUSINESS_FIELDS = ['company', 'company_address', 'vat_country', 'vat_id'] as const;

type Saved = Pick<PublicOrderResponse, 'buyer_business' | keyof BusinessBuyer>;

/** The details saved before, if any; the box ticked where they are required or were given. */
export function initialBusiness(order: Saved): BusinessValues {
  return {
    business_invoice:
      order.buyer_business === 'REQUIRED' || (order.buyer_business === 'OPTIONAL' && !!order.company),
    company: order.company ?? '',
    company_address: order.company_address ?? '',
    vat_country: order.vat_country ?? '',
    vat_id: order.vat_id ?? '',
  };
}

/** The details as the API takes them: none unless the buyer is buying for a business. */
export const businessRequest = (values: BusinessValues): Partial<BusinessBuyer> =>
  values.business_invoice
    ? {
        company: values.company.trim(),
        company_address: values.company_address.trim(),
        vat_country: values.vat_country,
        vat_id: values.vat_id.trim(),
      }
    : {};

/** The server's rule (`common/business-buyer.ts`), with its messages in the buyer's language. */
export function validateBusiness(
  values: BusinessValues,
  mode: BuyerBusinessMode,
  i18n: I18n,
): Record<string, string> {
  const { problems } = checkBusinessBuyer(values.business_invoice ? mode : 'OFF', businessRequest(values));
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, i18n._(message)]));
}

/** Every country, named in `locale` and in its alphabetical order. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  return options.sort((a, b) => a.label.localeCompare(b.label, locale));
}
