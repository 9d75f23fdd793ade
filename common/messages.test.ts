import { describe, expect, it } from 'vitest';
import { CreateMessageRequest, fillPlaceholders, MESSAGEABLE_ORDER_STATUSES, MessageScope } from './messages';

const values = {
  attendee_name: 'Ana <b>Silva</b>',
  event_title: 'Jazz & Wine',
  ticket_url: 'https://tickets.example.com/ticket/1/abc?x=1&y="2"',
};

describe('fillPlaceholders', () => {
  it('fills known placeholders, with or without spaces inside the braces, escaped for HTML', () => {
    expect(
      fillPlaceholders(
        '<p>Hi {{attendee_name}}, {{ event_title }}</p><a href="{{ticket_url}}">x</a>',
        values,
        {
          html: true,
        },
      ),
    ).toBe(
      '<p>Hi Ana &lt;b&gt;Silva&lt;/b&gt;, Jazz &amp; Wine</p>' +
        '<a href="https://tickets.example.com/ticket/1/abc?x=1&amp;y=&quot;2&quot;">x</a>',
    );
  });

  it('leaves text as it is for a subject, and unknown names untouched', () => {
    expect(
      fillPlaceholders('{{event_title}} for {{attendee_name}} {{unknown}} {{', values, { html: false }),
    ).toBe('Jazz & Wine for Ana <b>Silva</b> {{unknown}} {{');
  });
});

describe('CreateMessageRequest', () => {
  const valid = {
    subject: ' Doors open ',
    body: '<p>Hello</p>',
    scope: { type: 'ALL_ATTENDEES' },
    acknowledged_not_promotional: true,
  };

  it('takes a minimal message and fills the defaults', () => {
    expect(CreateMessageRequest.parse(valid)).toEqual({
      ...valid,
      subject: 'Doors open',
      is_test: false,
      send_copy_to_sender: false,
    });
  });

  it('refuses a missing acknowledgement, a past time, an empty subject and a body over 50,000 characters', () => {
    const issues = (input: object) =>
      CreateMessageRequest.safeParse({ ...valid, ...input }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(issues({ acknowledged_not_promotional: false })).toEqual([
      ['acknowledged_not_promotional', 'validation.message_not_promotional'],
    ]);
    expect(issues({ scheduled_at: '2001-01-01T00:00:00Z' })).toEqual([
      ['scheduled_at', 'validation.date_in_future'],
    ]);
    expect(issues({ subject: '   ' })?.[0]?.[0]).toBe('subject');
    expect(issues({ body: 'x'.repeat(50_001) })?.[0]?.[0]).toBe('body');
    expect(issues({ body: 'x'.repeat(50_000) })).toBeUndefined();
  });
});

describe('MessageScope', () => {
  it('knows each kind of scope and refuses unknown fields and empty lists', () => {
    expect(MessageScope.safeParse({ type: 'TICKET_HOLDERS', ticket_ids: [1, 2] }).success).toBe(true);
    expect(MessageScope.safeParse({ type: 'TICKET_HOLDERS', ticket_ids: [] }).success).toBe(false);
    expect(MessageScope.safeParse({ type: 'ORDER_OWNER', order_id: 3, extra: 1 }).success).toBe(false);
    expect(MessageScope.safeParse({ type: 'EVERYONE' }).success).toBe(false);
  });

  it('lets order owners be chosen by the statuses of placed orders only', () => {
    expect(MESSAGEABLE_ORDER_STATUSES).toContain('COMPLETED');
    expect(MESSAGEABLE_ORDER_STATUSES).not.toContain('RESERVED');
    expect(MessageScope.safeParse({ type: 'ORDER_OWNERS', order_statuses: ['ABANDONED'] }).success).toBe(
      false,
    );
    expect(MessageScope.safeParse({ type: 'ORDER_OWNERS', order_statuses: ['REFUNDED'] }).success).toBe(true);
  });
});
