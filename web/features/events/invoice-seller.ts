import type { InvoiceSellerOverride } from '../../../common/invoices';

/** The form's side of an event's own seller: all strings, and whether it is used at all. */
export interface InvoiceSellerValues {
  on: boolean;
  legal_name: string;
  address: string;
  tax_id: string;
  prefix: string;
  own_sequence: boolean;
  /** Empty: the account's. */
  payment_terms_days: number | string;
  notes: string;
  footer: string;
}

export function toSellerValues(seller: InvoiceSellerOverride | null): InvoiceSellerValues {
  return {
    on: seller !== null,
    legal_name: seller?.legal_name ?? '',
    address: seller?.address ?? '',
    tax_id: seller?.tax_id ?? '',
    prefix: seller?.prefix ?? '',
    own_sequence: seller?.own_sequence ?? false,
    payment_terms_days: seller?.payment_terms_days ?? '',
    notes: seller?.notes ?? '',
    footer: seller?.footer ?? '',
  };
}

export function toSellerRequest(values: InvoiceSellerValues): InvoiceSellerOverride | null {
  if (!values.on) return null;
  return {
    legal_name: values.legal_name,
    address: values.address,
    tax_id: values.tax_id.trim() === '' ? null : values.tax_id,
    prefix: values.prefix,
    own_sequence: values.own_sequence,
    payment_terms_days: values.payment_terms_days === '' ? null : Number(values.payment_terms_days),
    notes: values.notes.trim() === '' ? null : values.notes,
    footer: values.footer.trim() === '' ? null : values.footer,
  };
}
