import { describe, expect, it } from 'vitest';
import { eventCalendar } from './ics';

describe('eventCalendar', () => {
  const base = {
    uid: 'ticket-1@tessera',
    title: 'Jazz; by the river, live',
    start: new Date('2031-06-01T19:00:00Z'),
    end: null,
    location: 'Terraço do Rio, Lisboa',
    url: 'https://tickets.example/e/1/jazz',
    description: 'Line one\nline two',
  };

  it('writes one event in UTC, two hours long without an end, with text escaped', () => {
    const ics = eventCalendar(base, new Date('2031-01-01T00:00:00Z'));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20310601T190000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20310601T210000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Jazz\\; by the river\\, live\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Line one\\nline two\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const ics = eventCalendar({ ...base, title: 'Noite de fado ção '.repeat(8) });
    const lines = ics.split('\r\n');
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    const summary = ics.slice(ics.indexOf('SUMMARY:'), ics.indexOf('\r\nLOCATION:')).replace(/\r\n /g, '');
    expect(summary).toBe(`SUMMARY:${'Noite de fado ção '.repeat(8)}`);
  });
});
