import { describe, expect, it } from 'vitest';
import { eventPageAddress } from './page-render';

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
