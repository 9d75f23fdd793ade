import { waitForMail } from './mailbox';
import { apiCall } from './session';

/** Replacement patterns of `String.prototype.replace` (they splice in the text around a match) and a template literal. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the payload
const REPLACEMENT_PATTERNS = "$` $' $& ${alert(N)}";

/**
 * Classic stored-XSS payloads. `N` becomes the number of the field that holds it, so a dialog
 * or a flag names the field whose text ran. Each one, if it ever ran, calls `alert` or sets
 * `self.__xss`.
 */
const PAYLOADS = [
  '<script>alert(N)</script>',
  '<img src=x onerror=alert(N)>',
  '<svg onload=alert(N)>',
  '"><img src=x onerror=alert(N)>',
  "'><svg/onload=alert(N)>",
  '</title><script>alert(N)</script>',
  'javascript:alert(N)',
  "{{constructor.constructor('alert(N)')()}}",
  '</script><script>self.__xss=N</script>',
  '<details open ontoggle=self.__xss=N>',
  '<input autofocus onfocus=alert(N)>',
  '<a href="javascript:alert(N)">x</a>',
  REPLACEMENT_PATTERNS,
  '<iframe srcdoc="<script>parent.alert(N)</script>">',
  '<body onload=alert(N)>',
  '<img src=x:x onerror=self.__xss=N>',
  '<noscript><p title="</noscript><img src=x onerror=alert(N)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(N)>',
];

/** Every field that holds a payload, by name: the text a page must show as text, never as markup. */
export const fields: Record<string, string> = {};
let next = 0;

/** The next payload that fits in `max` characters, recorded as `name`. */
function payload(name: string, max = 5000, only?: string): string {
  if (name in fields) throw new Error(`two fields are named ${name}`);
  for (let tries = 0; tries < PAYLOADS.length; tries += 1) {
    const template = only ?? PAYLOADS[next % PAYLOADS.length] ?? '';
    if (only === undefined) next += 1;
    const value = template.replaceAll('N', String(Object.keys(fields).length + 1));
    if (value.length <= max) {
      fields[name] = value;
      return value;
    }
  }
  throw new Error(`no payload fits ${name}`);
}

/** Rich text (event and ticket descriptions): every payload at once, around a plain sentence. */
function richText(name: string): string {
  fields[name] = `${name} sentinel`;
  const all = PAYLOADS.map((p, i) => p.replaceAll('N', String(900 + i))).join('<br>');
  return `<p>${name} sentinel</p>${all}<p><a href="javascript:alert(999)">more</a></p>`;
}

export interface Seeded {
  token: string;
  run: string;
  eventId: number;
  organizerId: number;
  checkInShortId: string;
  /** A completed free order (two attendees), an offline one awaiting payment, one in checkout. */
  completed: { shortId: string; id: number; attendeeShortId: string; attendeeId: number };
  owing: { shortId: string };
  inCheckout: { shortId: string };
  /** A message scheduled for later. */
  messageId: number;
}

const DAY = 24 * 3600 * 1000;

/** Places an order through the public checkout API; `complete` false leaves it in checkout. */
async function order(
  eventId: number,
  body: { tag: string; tickets: unknown[]; buyer: string[]; attendees: unknown[]; answers: unknown[] },
  complete: false | Record<string, unknown>,
) {
  const base = `/api/public/events/${eventId}/orders`;
  const created = await apiCall<{ short_id: string }>('POST', base, {
    tickets: body.tickets,
    affiliate_code: payload(`${body.tag} affiliate code`, 100),
  });
  const [first_name, last_name, email] = body.buyer;
  await apiCall('PUT', `${base}/${created.short_id}`, {
    first_name,
    last_name,
    email,
    attendees: body.attendees,
    answers: body.answers,
  });
  if (complete === false) return { short_id: created.short_id, attendees: [] };
  return apiCall<{ short_id: string; attendees: { short_id: string; ticket_code: string }[] }>(
    'POST',
    `${base}/${created.short_id}/complete`,
    complete,
  );
}

/** An account whose every user-provided text is a payload, with an event people bought tickets for. */
export async function seed(): Promise<Seeded> {
  const run = `xss${Date.now()}`;
  const email = `owner.${run}@example.com`;
  const password = 'organizer password 1';
  const session = await apiCall<{ token: string; user: { id: number } }>('POST', '/api/auth/register', {
    first_name: payload('user first name', 50),
    last_name: payload('user last name', 50),
    email,
    password,
    password_confirmation: password,
    accept_terms: true,
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
  });
  const { token } = session;
  const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(method, path, body, token);
  const confirm = await waitForMail({ to: email, subject: /onfirm/ });
  const link = confirm.links.find((l) => l.includes('/confirm-email-address/'));
  await api('POST', `/api/users/${session.user.id}/confirm-email/${link?.split('/').pop()}`);

  await api('PUT', '/api/accounts/current', { name: payload('account name', 149) });
  await api('PUT', '/api/accounts/current/event-defaults', {
    pre_checkout_message: payload('default pre-checkout message'),
    footer_message: payload('default footer message'),
  });
  await api('POST', '/api/users', {
    email: `invitee.${run}@example.com`,
    first_name: payload('invitee first name', 50),
    last_name: payload('invitee last name', 50),
    role: 'ORGANIZER',
  });
  const tax = await api<{ id: number }>('POST', '/api/taxes-and-fees', {
    name: payload('tax name', 149),
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '10',
  });
  const organizer = await api<{ id: number }>('POST', '/api/organizers', {
    name: payload('organizer name', 149),
    description: payload('organizer description'),
    // Links must be http(s): their payload tries to break out of the attribute instead.
    website: 'https://example.com/?q="><svg onload=alert(800)>',
    email: `organizer.${run}@example.com`,
  });

  const start = new Date(Date.now() + 30 * DAY);
  const event = await api<{ id: number }>('POST', '/api/events', {
    title: payload('event title', 149),
    description: richText('event description'),
    organizer_id: organizer.id,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
    location: {
      venue_name: payload('venue name', 149),
      address_line_1: payload('address line 1', 255),
      address_line_2: payload('address line 2', 255),
      city: payload('city', 255),
      state_or_region: payload('state or region', 255),
      zip_or_postal_code: payload('postal code', 32),
      country: payload('country', 255),
      map_url: 'https://example.com/map?q="><img src=x onerror=alert(801)>',
    },
    online_event_details: payload('online event details'),
    settings: {
      seo_title: payload('seo title', 149, REPLACEMENT_PATTERNS),
      seo_description: payload('seo description', 500, REPLACEMENT_PATTERNS),
      seo_keywords: payload('seo keywords', 500),
      footer_message: payload('footer message'),
      pre_checkout_message: payload('pre-checkout message'),
      post_checkout_message: payload('post-checkout message'),
      ticket_page_message: payload('ticket page message'),
      continue_button_text: payload('continue button text', 50),
      offline_payments_enabled: true,
      offline_payment_instructions: payload('offline payment instructions'),
    },
  });
  const eventId = event.id;
  const ticket = (body: Record<string, unknown>) =>
    api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, body);
  const free = await ticket({
    title: payload('free ticket title', 149),
    description: richText('free ticket description'),
    type: 'FREE',
  });
  const paid = await ticket({
    title: payload('paid ticket title', 149),
    type: 'PAID',
    price: 1500,
    tax_and_fee_ids: [tax.id],
  });
  await ticket({
    title: payload('tiered ticket title', 149),
    type: 'TIERED',
    prices: [{ label: payload('tier label', 149), price: 1000 }],
  });

  const question = (body: Record<string, unknown>) =>
    api<{ id: number }>('POST', `/api/events/${eventId}/questions`, body);
  const q = {
    line: await question({
      title: payload('order question title', 149),
      description: payload('order question description'),
      type: 'SINGLE_LINE',
      scope: 'PER_ORDER',
    }),
    address: await question({ title: payload('address question', 149), type: 'ADDRESS', scope: 'PER_ORDER' }),
    box: await question({
      title: payload('checkbox question', 149),
      type: 'CHECKBOX',
      scope: 'PER_ORDER',
      options: [payload('checkbox option', 255), 'Plain option'],
    }),
    multi: await question({ title: payload('attendee question title', 149), type: 'MULTI_LINE' }),
    radio: await question({
      title: payload('radio question', 149),
      type: 'RADIO',
      options: [payload('radio option', 255), 'Other'],
    }),
  };
  await api('POST', `/api/events/${eventId}/capacity-assignments`, {
    name: payload('capacity name', 149),
    capacity: 100,
    ticket_ids: [free.id, paid.id],
  });
  await api('POST', `/api/events/${eventId}/affiliates`, {
    name: payload('affiliate name', 100),
    code: 'XSS-PARTNER',
  });
  const list = await api<{ short_id: string }>('POST', `/api/events/${eventId}/check-in-lists`, {
    name: payload('check-in list name', 149),
    description: payload('check-in list description', 2000),
    ticket_ids: [free.id, paid.id],
  });
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

  const orderAnswers = (tag: string) => [
    { question_id: q.line.id, answer: payload(`${tag} order answer`, 255) },
    {
      question_id: q.address.id,
      answer: {
        address_line_1: payload(`${tag} answer street`, 255),
        city: payload(`${tag} answer city`, 255),
        country: payload(`${tag} answer country`, 100),
      },
    },
    { question_id: q.box.id, answer: [fields['checkbox option']] },
  ];
  const attendee = (ticketId: number, tag: string) => ({
    ticket_id: ticketId,
    first_name: payload(`${tag} first name`, 50),
    last_name: payload(`${tag} last name`, 50),
    email: `${tag.replaceAll(' ', '.')}.${run}@example.com`,
    answers: [
      { question_id: q.multi.id, answer: `First line\n${payload(`${tag} answer`)}` },
      { question_id: q.radio.id, answer: fields['radio option'] },
    ],
  });
  const buyer = (tag: string) => [
    payload(`${tag} first name`, 50),
    payload(`${tag} last name`, 50),
    `${tag.replaceAll(' ', '.')}.${run}@example.com`,
  ];

  // The buyer's confirmation in the organizer's own words (decision 055): every value it fills
  // in is a payload, one of them as a link's address.
  await api('PUT', `/api/events/${eventId}/mail-templates/order_confirmation/en`, {
    subject: '',
    body_html:
      '<p>Dear {{ buyer.first_name }} {{ buyer.last_name }}, see you at <a href="{{ event.url }}">{{ event.title }}</a>, {{ event.location }}.</p>',
  });
  const done = await order(
    eventId,
    {
      tag: 'buyer',
      tickets: [{ ticket_id: free.id, quantity: 2 }],
      buyer: buyer('buyer'),
      attendees: [attendee(free.id, 'first attendee'), attendee(free.id, 'second attendee')],
      answers: orderAnswers('buyer'),
    },
    {},
  );
  const owing = await order(
    eventId,
    {
      tag: 'owing',
      tickets: [{ ticket_id: paid.id, quantity: 1 }],
      buyer: buyer('owing buyer'),
      attendees: [attendee(paid.id, 'owing attendee')],
      answers: orderAnswers('owing'),
    },
    { payment_provider: 'OFFLINE' },
  );
  const inCheckout = await order(
    eventId,
    {
      tag: 'checkout',
      tickets: [{ ticket_id: paid.id, quantity: 1 }],
      buyer: buyer('checkout buyer'),
      attendees: [attendee(paid.id, 'checkout attendee')],
      answers: orderAnswers('checkout'),
    },
    false,
  );

  // Door staff check the first attendee in, naming their device.
  const [firstAttendee] = done.attendees;
  if (!firstAttendee) throw new Error('no attendee');
  await apiCall('POST', `/api/public/check-in-lists/${list.short_id}/check-ins`, {
    ticket_code: firstAttendee.ticket_code,
    device: payload('check-in device', 100),
  });
  const orders = await api<{ data: { id: number; short_id: string }[] }>(
    'GET',
    `/api/events/${eventId}/orders?per_page=100`,
  );
  const completedId = orders.data.find((o) => o.short_id === done.short_id)?.id ?? 0;
  await api('POST', `/api/events/${eventId}/orders/${completedId}/notes`, {
    note: payload('order note', 2000),
  });
  // A message to every attendee, scheduled a month ahead: its subject and body stay on the
  // organizer's screens and send nothing during the run.
  const message = await api<{ id: number }>('POST', `/api/events/${eventId}/messages`, {
    subject: payload('message subject', 200),
    body: richText('message body'),
    scope: { type: 'ALL_ATTENDEES' },
    scheduled_at: new Date(Date.now() + 30 * DAY).toISOString(),
    acknowledged_not_promotional: true,
  });
  // An API key of the account: its name is on the integrations screen.
  await api('POST', '/api/api-keys', { name: payload('api key name', 100), role: 'ORGANIZER' });
  const attendees = await api<{ data: { id: number; short_id: string }[] }>(
    'GET',
    `/api/events/${eventId}/attendees?per_page=100`,
  );
  return {
    messageId: message.id,
    token,
    run,
    eventId,
    organizerId: organizer.id,
    checkInShortId: list.short_id,
    completed: {
      shortId: done.short_id,
      id: completedId,
      attendeeShortId: firstAttendee.short_id,
      attendeeId: attendees.data.find((a) => a.short_id === firstAttendee.short_id)?.id ?? 0,
    },
    owing: { shortId: owing.short_id },
    inCheckout: { shortId: inCheckout.short_id },
  };
}
