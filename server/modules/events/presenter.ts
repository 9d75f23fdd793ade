import {
  type EventResponse,
  type EventSettings,
  eventLifecycle,
  type PublicEventResponse,
  withSettingDefaults,
} from '../../../common/events';
import type { ImageResponse } from '../../../common/images';
import type { OrganizerRow } from '../organizers/service';
import type { EventRow } from '../owned-events/service';

export type { EventRow };

/** Settings as stored, completed with the defaults of fields added since. */
export function settingsOf(row: Pick<EventRow, 'settings'>): EventSettings {
  return withSettingDefaults(row.settings);
}

export function toEventResponse(row: EventRow, now = new Date()): EventResponse {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    organizer_id: row.organizerId,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
    timezone: row.timezone,
    currency: row.currency,
    status: row.status,
    lifecycle: eventLifecycle(row, now),
    location: row.location ?? null,
    online_event_details: row.onlineEventDetails,
    settings: settingsOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPublicEventResponse({
  row,
  organizer,
  images,
  now = new Date(),
}: {
  row: EventRow;
  organizer: OrganizerRow;
  images: ImageResponse[];
  now?: Date;
}): PublicEventResponse {
  const settings = settingsOf(row);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
    timezone: row.timezone,
    currency: row.currency,
    lifecycle: eventLifecycle(row, now),
    location: row.location ?? null,
    is_online: Boolean(row.onlineEventDetails),
    images,
    organizer: {
      id: organizer.id,
      name: organizer.name,
      website: organizer.website,
      description: organizer.description,
    },
    settings: {
      seo_title: settings.seo_title,
      seo_description: settings.seo_description,
      seo_keywords: settings.seo_keywords,
      allow_search_indexing: settings.allow_search_indexing,
      contact_email: settings.contact_email,
      pre_checkout_message: settings.pre_checkout_message,
      price_display_mode: settings.price_display_mode,
      homepage_background_color: settings.homepage_background_color,
      homepage_content_background_color: settings.homepage_content_background_color,
      homepage_primary_color: settings.homepage_primary_color,
      homepage_secondary_color: settings.homepage_secondary_color,
      homepage_text_color: settings.homepage_text_color,
      continue_button_text: settings.continue_button_text,
      continue_button_texts: settings.continue_button_texts,
      page_sections: settings.page_sections,
      faq: settings.faq,
    },
  };
}
