import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links';
import { calendarUid, eventCalendar } from './ics';

/** The event's start and end as a calendar program reads them: ical.js, with the file's own zone. */
function readBack(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return {
    event,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

describe('calendarUid', () => {
  it('names the event at the host of the install, so two installs never share a UID', () => {
    expect(calendarUid(2, 'https://tickets.example.org')).toBe('event-2@tickets.example.org');
    expect(calendarUid(2, 'http://localhost:3000/')).toBe('event-2@localhost:3000');
    expect(calendarUid(2, 'https://tickets.example.org/e/2/fado')).toBe(
      calendarUid(2, 'https://tickets.example.org'),
    );
  });
});

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

  it("writes local times in the event's zone, with a VTIMEZONE a calendar reads back to the right instants", () => {
    // 19:30 in New York on 8 March 2031 (EST) to 04:30 on the 9th, after clocks went forward (EDT).
    const ics = eventCalendar({
      ...base,
      timezone: 'America/New_York',
      start: new Date('2031-03-09T00:30:00Z'),
      end: new Date('2031-03-09T08:30:00Z'),
    });
    expect(ics).toContain('\r\nDTSTART;TZID=America/New_York:20310308T193000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=America/New_York:20310309T043000\r\n');
    expect(ics).toContain('\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n');
    const read = readBack(ics);
    expect(read.start).toBe('2031-03-09T00:30:00.000Z');
    expect(read.end).toBe('2031-03-09T08:30:00.000Z');
    expect(read.event.summary).toBe(base.title);

    const tokyo = readBack(eventCalendar({ ...base, timezone: 'Asia/Tokyo' }));
    expect(tokyo.start).toBe('2031-06-01T19:00:00.000Z');
    expect(tokyo.end).toBe('2031-06-01T21:00:00.000Z');
  });
});

describe('calendar links', () => {
  const event = {
    title: 'Jazz & wine',
    start: new Date('2031-06-01T19:00:00Z'),
    end: null,
    timezone: 'Europe/Lisbon',
    location: 'Terraço do Rio, Lisboa',
    details: 'Your order: https://tickets.example/o/1',
  };

  it('fill in Google Calendar and Outlook with the event, in UTC', () => {
    const google = new URL(googleCalendarUrl(event));
    expect(google.origin).toBe('https://calendar.google.com');
    expect(google.searchParams.get('text')).toBe('Jazz & wine');
    expect(google.searchParams.get('dates')).toBe('20310601T190000Z/20310601T210000Z');
    expect(google.searchParams.get('ctz')).toBe('Europe/Lisbon');
    expect(google.searchParams.get('location')).toBe(event.location);
    expect(google.searchParams.get('details')).toBe(event.details);

    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(outlook.searchParams.get('subject')).toBe('Jazz & wine');
    expect(outlook.searchParams.get('startdt')).toBe('2031-06-01T19:00:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2031-06-01T21:00:00Z');
    expect(outlook.searchParams.get('body')).toBe(event.details);
  });
});
