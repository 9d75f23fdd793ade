import type { App } from '../app';
import { makeEvent, type Owner } from './builders';

// The authorization sweep's draft event, with a cancelled date (its cancellation is read) and one to cancel.

/** The first account's draft event (`Unannounced {tag}`) and its two added dates. */
export async function makeDraftWithDates(
  app: App,
  draft: { owner: Owner; organizerId: number; tag: string },
): Promise<{ id: number; title: string; cancelledDateId: number; spareDateId: number }> {
  const { owner, tag } = draft;
  const event = await makeEvent(app, owner, { title: `Unannounced ${tag}`, organizer_id: draft.organizerId });
  const dateIds: number[] = [];
  for (const starts of ['2031-08-01T19:00:00Z', '2031-08-02T19:00:00Z']) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/dates`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { starts_at: starts },
    });
    if (added.statusCode !== 201) throw new Error(`date answered ${added.statusCode}: ${added.body}`);
    dateIds.push(added.json().id);
  }
  const [cancelledDateId = 0, spareDateId = 0] = dateIds;
  const cancelled = await app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/dates/${cancelledDateId}/cancel`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { action: 'REFUND', notify: false, subject: `Off ${tag}` },
  });
  if (cancelled.statusCode !== 202) throw new Error(`cancel answered ${cancelled.statusCode}`);
  return { id: event.id, title: event.title, cancelledDateId, spareDateId };
}
