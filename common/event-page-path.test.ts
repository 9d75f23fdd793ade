import { describe, expect, it } from 'vitest';
import { EVENT_PAGE_ROUTES, eventPageId } from './event-page-path';

describe('the event page’s addresses', () => {
  it('are /e/{id} and /event/{id}, with or without a slug', () => {
    for (const page of ['/e/12/fado-nights', '/e/12', '/event/12/fado', '/e/12/']) {
      expect(eventPageId(page), page).toBe('12');
    }
    for (const page of ['/manage/events', '/e', '/e/x', '/checkout/12/ab/details', '/e/12/x/y']) {
      expect(eventPageId(page), page).toBeNull();
    }
    expect(EVENT_PAGE_ROUTES).toEqual(['e/:eventId/:eventSlug?', 'event/:eventId/:eventSlug?']);
  });
});
