import type { CheckInListRequest, CheckInListResponse } from '../../../common/check-in';
import { isoToZoned, zonedToIso } from '../events/datetime';

/** The check-in list form as typed; dates on the event's clock (`YYYY-MM-DDTHH:mm`), empty for none. */
export interface CheckInListValues {
  name: string;
  description: string;
  activates_at: string;
  expires_at: string;
  ticket_ids: string[];
  /** The one date the list admits; empty: every date. */
  date_id: string;
}

export function initialValues(list: CheckInListResponse | null, timezone: string): CheckInListValues {
  return {
    name: list?.name ?? '',
    description: list?.description ?? '',
    activates_at: isoToZoned(list?.activates_at ?? null, timezone),
    expires_at: isoToZoned(list?.expires_at ?? null, timezone),
    ticket_ids: list?.ticket_ids.map(String) ?? [],
    date_id: list?.date_id ? String(list.date_id) : '',
  };
}

export function toRequest(values: CheckInListValues, timezone: string): CheckInListRequest {
  const date = (local: string) => (local ? (zonedToIso(local, timezone) ?? local) : null);
  return {
    name: values.name,
    description: values.description.trim() || null,
    activates_at: date(values.activates_at),
    expires_at: date(values.expires_at),
    ticket_ids: values.ticket_ids.map(Number),
    date_id: values.date_id ? Number(values.date_id) : null,
  };
}
