import { describe, expect, it } from 'vitest';
import { FIRST_DATES } from '../../../common/event-dates';
import type { DatesWindow } from '../event-dates/public';
import { eventPageAddress, eventPageData } from './page-render';
import type { PublicReads } from './public-reads';

describe('the address an event page is rendered and kept at', () => {
  it('keeps what the page reads (its id and promo code) and drops the rest', () => {
    expect(eventPageAddress('/e/7/jazz-night')).toBe('/e/7');
    expect(eventPageAddress('/event/7/another-slug/?utm_source=mail&x=1')).toBe('/e/7');
    expect(eventPageAddress('/e/7?aff=PARTNER&promo_code=')).toBe('/e/7');
    expect(eventPageAddress('/e/7/jazz?x=1&promo_code=SUMMER%2010&y=2')).toBe('/e/7?promo_code=SUMMER+10');
    // The id as written: the browser keys its queries by it.
    expect(eventPageAddress('/e/007/jazz')).toBe('/e/007');
  });

  it('is null for what is no event page', () => {
    expect(eventPageAddress('/e/jazz')).toBeNull();
    expect(eventPageAddress('/e/7/jazz/tickets')).toBeNull();
    expect(eventPageAddress('/manage/events')).toBeNull();
  });
});

describe('the dates an event page carries', () => {
  /** Reads that answer dates 1 to FIRST_DATES for the first window, and note each window read. */
  const reads = () => {
    const windows: DatesWindow[] = [];
    const answer = <T>(value: T) => Promise.resolve({ value, json: '', etag: `"${windows.length}"` });
    const publicReads = {
      event: () => answer({ id: 7 }),
      tickets: () => answer({ data: [] }),
      dates: (_id: number, window: DatesWindow = {}) => {
        windows.push(window);
        const first = window.dateId ?? 1;
        return answer({
          data: Array.from({ length: FIRST_DATES }, (_, i) => ({ id: first + i })),
          next_from: '2031-01-01T00:00:00.000Z',
        });
      },
      forget: () => undefined,
    } as unknown as PublicReads;
    return { publicReads, windows };
  };

  it('is the first window only, and the window starting at a linked date beyond it', async () => {
    const plain = reads();
    const page = await eventPageData(plain, '/e/7/jazz');
    expect(plain.windows).toEqual([{ limit: FIRST_DATES }]);
    expect(page?.data.linkedDates).toBeUndefined();

    const within = reads();
    await eventPageData(within, `/e/7/jazz?date=${FIRST_DATES}`);
    expect(within.windows).toEqual([{ limit: FIRST_DATES }]);

    const late = reads();
    const linked = await eventPageData(late, '/e/7/jazz?date=300');
    expect(late.windows).toEqual([{ limit: FIRST_DATES }, { dateId: 300, limit: FIRST_DATES }]);
    expect(linked?.data.linkedDates?.data[0]).toEqual({ id: 300 });
  });
});
