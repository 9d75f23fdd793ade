import { type EventResponse, EventSettingsPatch } from '../../../common/events';
import { validateWith } from '../../components/form-errors';

/** The waiting-list settings card's form. */
export interface Values {
  waitlist_enabled: boolean;
  waitlist_auto_offer: boolean;
  waitlist_offer_hours: number | string;
}

export const toValues = (event: EventResponse): Values => ({
  waitlist_enabled: event.settings.waitlist_enabled,
  waitlist_auto_offer: event.settings.waitlist_auto_offer,
  waitlist_offer_hours: event.settings.waitlist_offer_hours,
});

/**
 * The `settings` of `PUT /api/events/{id}`: merged into the event's other settings. An emptied
 * hours field is 0, which the shared rules refuse (at least 1).
 */
export const toSettingsPatch = (values: Values) => ({
  ...values,
  waitlist_offer_hours: Number(values.waitlist_offer_hours),
});

export const validateSettings = validateWith(EventSettingsPatch, toSettingsPatch);
