import { describe, expect, it } from 'vitest';
import { whereOf } from './where';

const osm = (query: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;

describe('where the event page says the event happens', () => {
  it('says nothing when the organizer gave no place, blank fields included', () => {
    expect(whereOf({ location: null, is_online: false })).toBeNull();
    expect(whereOf({ location: {}, is_online: false })).toBeNull();
    expect(whereOf({ location: { venue_name: ' ', city: '', map_url: null }, is_online: false })).toBeNull();
  });

  it('shows the parts of an address that exist, with a map search for them', () => {
    expect(whereOf({ location: { city: 'Lisboa', country: 'Portugal' }, is_online: false })).toEqual({
      online: false,
      lines: ['Lisboa', 'Portugal'],
      map: osm('Lisboa, Portugal'),
    });
    expect(
      whereOf({
        location: {
          venue_name: 'Harbour Hall',
          address_line_1: 'Rua do Cais 12',
          zip_or_postal_code: '1200-001',
          city: 'Lisboa',
        },
        is_online: false,
      })?.lines,
    ).toEqual(['Harbour Hall', 'Rua do Cais 12', '1200-001 Lisboa']);
  });

  it('keeps the organizer’s own map link, even when it is all there is', () => {
    expect(whereOf({ location: { map_url: 'https://maps.example/hall' }, is_online: false })).toEqual({
      online: false,
      lines: [],
      map: 'https://maps.example/hall',
    });
    expect(
      whereOf({ location: { city: 'Porto', map_url: 'https://maps.example/porto' }, is_online: false })?.map,
    ).toBe('https://maps.example/porto');
  });

  it('says online for an online event, and the address too when it also has one', () => {
    expect(whereOf({ location: null, is_online: true })).toEqual({ online: true, lines: [], map: null });
    expect(whereOf({ location: { venue_name: 'Studio 4' }, is_online: true })).toEqual({
      online: true,
      lines: ['Studio 4'],
      map: osm('Studio 4'),
    });
  });
});
