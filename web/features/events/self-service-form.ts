import type { SelfCancelMode, SelfEditField, SelfServiceSettings } from '../../../common/self-service';
import { amountText, readAmountField } from '../../components/amount-value';

/**
 * The event form's buyer self-service fields (decision 057): hours as typed, the fixed fee as
 * typed in major units, the percentage as typed ("2.5"); turned into integers for the request,
 * never through a float.
 */
export interface SelfServiceValues {
  edit_enabled: boolean;
  edit_until_hours: number | string;
  edit_fields: SelfEditField[];
  cancel_mode: SelfCancelMode;
  cancel_until_hours: number | string;
  cancel_fee_fixed: string;
  cancel_fee_bps: string;
}

/** "2.5" → 250 basis points; anything else (three decimals, letters) → NaN, which the schema refuses. */
export function percentToBasisPoints(text: string): number {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return text.trim() === '' ? 0 : Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 250 → "2.5" */
export function basisPointsText(bps: number): string {
  const whole = (bps - (bps % 100)) / 100;
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

const hours = (v: number | string) => (v === '' ? Number.NaN : Number(v));

export function toSelfServiceValues(s: SelfServiceSettings, currency: string): SelfServiceValues {
  return {
    edit_enabled: s.edit_enabled,
    edit_until_hours: s.edit_until_hours,
    edit_fields: [...s.edit_fields],
    cancel_mode: s.cancel_mode,
    cancel_until_hours: s.cancel_until_hours,
    cancel_fee_fixed: s.cancel_fee_fixed === 0 ? '' : amountText(s.cancel_fee_fixed, currency),
    cancel_fee_bps: s.cancel_fee_bps === 0 ? '' : basisPointsText(s.cancel_fee_bps),
  };
}

export function toSelfServiceRequest(v: SelfServiceValues, currency: string): SelfServiceSettings {
  const fee =
    v.cancel_fee_fixed.trim() === ''
      ? 0
      : (readAmountField(v.cancel_fee_fixed, currency).minor ?? Number.NaN);
  return {
    edit_enabled: v.edit_enabled,
    edit_until_hours: hours(v.edit_until_hours),
    edit_fields: v.edit_fields,
    cancel_mode: v.cancel_mode,
    cancel_until_hours: hours(v.cancel_until_hours),
    cancel_fee_fixed: fee,
    cancel_fee_bps: percentToBasisPoints(v.cancel_fee_bps),
  };
}
