import { describe, expect, it } from 'vitest';
import { offsetFromDateHeader } from './server-clock';

describe('the server’s clock', () => {
  it('derives the server’s offset from a Date header, halfway through the call', () => {
    const sentAt = Date.parse('2030-01-01T12:00:00.000Z');
    // The server is 5 minutes ahead; the call took 200 ms.
    const offset = offsetFromDateHeader('Tue, 01 Jan 2030 12:05:00 GMT', sentAt, sentAt + 200);
    expect(offset).toBe(5 * 60_000 + 1000 - 100);
    expect(offsetFromDateHeader(null, sentAt, sentAt)).toBeNull();
    expect(offsetFromDateHeader('not a date', sentAt, sentAt)).toBeNull();
  });
});
