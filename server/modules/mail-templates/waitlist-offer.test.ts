import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { makeOrder } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startWaitlistKit } from '../../test/waitlist-kit';

// The waiting-list offer in the account's own words (decision 055), sent by the waiting list's
// own job when a cancelled order frees a seat, not only in the preview.

const k = startWaitlistKit();

describe('the waiting-list offer', () => {
  it('uses the account’s template, its placeholders filled with the offer', async () => {
    const saved = await k.app().inject({
      method: 'PUT',
      url: '/api/accounts/current/mail-templates/waitlist_offer/en',
      headers: { authorization: `Bearer ${k.owner().token}` },
      payload: {
        subject: 'A seat for {{ person.name }}',
        body_html: '<p>{{ ticket.title }} is yours until {{ offer.expires }}: {{ offer.url }}</p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(204);

    const { eventId, ticketId } = await k.soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const ana = (
      await k.join(eventId, {
        ticket_id: ticketId,
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
      })
    ).json();
    await k.cancel(eventId, first.short_id);
    await runAllDueJobs(k.app());

    const mails = await k.app().db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    const offer = mails
      .map(
        (j) =>
          j.payload as {
            template: string;
            to: string;
            data: { custom?: { subject: string; bodyHtml: string } };
          },
      )
      .find((p) => p.template === 'waitlistOffered' && p.to === 'ana@example.com');
    expect(offer?.data.custom?.subject).toBe('A seat for Ana Lima');
    const url = `${k.app().config.appUrl}/waitlist/${eventId}/${ana.token}`;
    expect(offer?.data.custom?.bodyHtml).toContain(`Seat is yours until `);
    expect(offer?.data.custom?.bodyHtml).toContain(url);
  });
});
