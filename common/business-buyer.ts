import type { MessageDescriptor } from '@lingui/core';
import { isCountry } from './countries';
import { VALIDATION } from './i18n/validation';
import type { BUYER_BUSINESS_MODES } from './invoices';
import { normalizeVat, vatExample } from './vat';

/**
 * A business buyer's details for the invoice (issue 38): what checkout asks when the seller's
 * invoice settings say so. The one rule the checkout form and the API both apply.
 */

/** What checkout asks of the buyer: OFF also when the seller issues no invoices. */
export type BuyerBusinessMode = (typeof BUYER_BUSINESS_MODES)[number];

/** The business details as the checkout details request names them. */
export interface BusinessBuyer {
  company: string | null;
  company_address: string | null;
  /** ISO 3166-1 code of the company's country. */
  vat_country: string | null;
  /** The VAT (or other tax) number; kept normalised with its country prefix ("DE123456789"). */
  vat_id: string | null;
}

export const NO_BUSINESS: BusinessBuyer = {
  company: null,
  company_address: null,
  vat_country: null,
  vat_id: null,
};

const given = (text: string | null | undefined) => text?.trim() || null;

/**
 * The business details to keep under `mode`, or what is wrong with them by field:
 * - OFF: none kept, whatever was sent;
 * - REQUIRED: the company, its address, its country and its VAT number;
 * - OPTIONAL: none, but a business invoice names a company, so any detail given needs the
 *   company, and a VAT number needs its country.
 * A VAT number must have its country's format (`common/vat.ts`).
 */
export function checkBusinessBuyer(
  mode: BuyerBusinessMode,
  input: Partial<BusinessBuyer>,
): { value: BusinessBuyer; problems: Record<string, MessageDescriptor> } {
  const problems: Record<string, MessageDescriptor> = {};
  if (mode === 'OFF') return { value: NO_BUSINESS, problems };
  const value: BusinessBuyer = {
    company: given(input.company),
    company_address: given(input.company_address),
    vat_country: given(input.vat_country)?.toUpperCase() ?? null,
    vat_id: given(input.vat_id),
  };
  const needed: (keyof BusinessBuyer)[] =
    mode === 'REQUIRED'
      ? ['company', 'company_address', 'vat_country', 'vat_id']
      : Object.values(value).some(Boolean)
        ? ['company', ...(value.vat_id ? (['vat_country'] as const) : [])]
        : [];
  for (const field of needed) if (!value[field]) problems[field] = VALIDATION.required;
  const country = value.vat_country;
  if (country && !isCountry(country)) problems.vat_country = VALIDATION.invalidCountry;
  if (country && value.vat_id && !problems.vat_country) {
    const normal = normalizeVat(country, value.vat_id);
    const example = vatExample(country);
    if (normal) value.vat_id = normal;
    else
      problems.vat_id = example
        ? { ...VALIDATION.vatNumberFormat, values: { example } }
        : VALIDATION.taxNumberFormat;
  }
  return { value, problems };
}
