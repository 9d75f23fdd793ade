import type { I18n } from '@lingui/core';
import { type AnswerValue, answerProblem } from '../../../common/answers';
import { fieldErrors } from '../../../common/i18n/validation';
import { OrderDetailsRequest } from '../../../common/order-details';
import type { PublicOrderResponse } from '../../../common/orders';
import type { PublicQuestion } from '../../../common/questions';
import { firstMessages } from '../../components/form-errors';
import type { SeatPlaceLike } from '../../components/seat-place';
import { type BusinessValues, businessRequest, initialBusiness } from './business-form';

/** One ticket's holder as the form keeps it; answers by question id, as the API's field paths. */
export interface AttendeeValues {
  ticket_id: number;
  price_id: number | null;
  /** "General admission – Early bird", for the attendee's heading. */
  label: string;
  /** A seated ticket's seat (issue 42), for the attendee's heading; not sent. */
  seat?: SeatPlaceLike | undefined;
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, AnswerValue>;
}

export interface DetailsValues extends BusinessValues {
  first_name: string;
  last_name: string;
  email: string;
  attendees: AttendeeValues[];
  answers: Record<string, AnswerValue>;
}

export const EMPTY_ADDRESS = {
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_or_region: '',
  zip_or_postal_code: '',
  country: '',
};

export function blankAnswer(question: PublicQuestion): AnswerValue {
  if (question.type === 'CHECKBOX') return [];
  if (question.type === 'ADDRESS') return { ...EMPTY_ADDRESS };
  return '';
}

export const asksOrder = (questions: readonly PublicQuestion[]) =>
  questions.filter((q) => q.scope === 'PER_ORDER');

/** The per-attendee questions the holder of this ticket answers. */
export const asksAttendee = (questions: readonly PublicQuestion[], ticketId: number) =>
  questions.filter(
    (q) => q.scope === 'PER_ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(ticketId)),
  );

const blanks = (questions: readonly PublicQuestion[]) =>
  Object.fromEntries(questions.map((q) => [String(q.id), blankAnswer(q)]));

/** The form's answers with those saved before filled in, for questions still asked. */
function withSaved(
  answers: Record<string, AnswerValue>,
  saved: readonly { question_id: number; answer: AnswerValue }[],
): Record<string, AnswerValue> {
  for (const { question_id, answer } of saved) {
    if (String(question_id) in answers) answers[String(question_id)] = answer;
  }
  return answers;
}

/** The lines whose every unit the buyer names a holder of: tickets, not products (decision 051). */
export const namedLines = (order: Pick<PublicOrderResponse, 'items'>) =>
  order.items.filter((item) => item.kind === 'TICKET');

/**
 * The attendees the buyer named, without the vouchers the server writes in the buyer's name
 * for a redeemable product's units.
 */
function namedAttendees(order: Pick<PublicOrderResponse, 'items' | 'attendees'>) {
  const products = new Set(order.items.filter((i) => i.kind !== 'TICKET').map((i) => i.ticket_id));
  return order.attendees.filter((a) => !products.has(a.ticket_id));
}

/** One attendee per ticket in the order (a product's units have none), with any names saved before. */
export function initialDetails(
  order: PublicOrderResponse,
  questions: readonly PublicQuestion[],
): DetailsValues {
  const attendees: AttendeeValues[] = [];
  for (const item of namedLines(order)) {
    for (let n = 0; n < item.quantity; n++) {
      attendees.push({
        ticket_id: item.ticket_id,
        price_id: item.price_id,
        label: item.price_label ? `${item.title} – ${item.price_label}` : item.title,
        seat: item.seats?.[n],
        first_name: '',
        last_name: '',
        email: '',
        answers: blanks(asksAttendee(questions, item.ticket_id)),
      });
    }
  }
  // Coming back to this page: the names and answers saved before, when they still line up.
  // Buying with a waiting-list offer: the person on the list is the buyer and, as "Copy my
  // details" would make them, the first attendee, until they say otherwise.
  const known = order.prefill;
  const first = attendees[0];
  const named = namedAttendees(order);
  if (known && named.length === 0 && first) {
    Object.assign(first, { first_name: known.first_name, last_name: known.last_name, email: known.email });
  }
  if (named.length === attendees.length) {
    named.forEach((saved, i) => {
      const a = attendees[i];
      if (a && a.ticket_id === saved.ticket_id)
        Object.assign(a, {
          first_name: saved.first_name,
          last_name: saved.last_name,
          email: saved.email,
          answers: withSaved(a.answers, saved.answers),
        });
    });
  }
  return {
    first_name: order.first_name ?? known?.first_name ?? '',
    last_name: order.last_name ?? known?.last_name ?? '',
    email: order.email ?? known?.email ?? '',
    attendees,
    answers: withSaved(blanks(asksOrder(questions)), order.answers),
    ...initialBusiness(order),
  };
}

function isBlank(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return Object.values(value).every((v) => v.trim() === '');
}

const answerList = (answers: Record<string, AnswerValue>) =>
  Object.entries(answers)
    .filter(([, answer]) => !isBlank(answer))
    .map(([id, answer]) => ({ question_id: Number(id), answer }));

/** `PUT …/orders/{shortId}`: the form as the API takes it; blank optional answers left out. */
export function toDetailsRequest(values: DetailsValues): OrderDetailsRequest {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    attendees: values.attendees.map((a) => ({
      ticket_id: a.ticket_id,
      ...(a.price_id !== null ? { price_id: a.price_id } : {}),
      first_name: a.first_name.trim(),
      last_name: a.last_name.trim(),
      email: a.email.trim(),
      answers: answerList(a.answers),
    })),
    answers: answerList(values.answers),
    ...businessRequest(values),
  };
}

/** The same checks as the server: the shared schema, then each answer against its question. */
export function validateDetails(
  values: DetailsValues,
  questions: readonly PublicQuestion[],
  i18n: I18n,
): Record<string, string> {
  const parsed = OrderDetailsRequest.safeParse(toDetailsRequest(values));
  const errors = parsed.success ? {} : firstMessages(fieldErrors(parsed.error.issues, i18n));
  for (const q of asksOrder(questions)) {
    const problem = answerProblem(q, values.answers[String(q.id)]);
    if (problem) errors[`answers.${q.id}`] = i18n._(problem);
  }
  values.attendees.forEach((a, i) => {
    for (const q of asksAttendee(questions, a.ticket_id)) {
      const problem = answerProblem(q, a.answers[String(q.id)]);
      if (problem) errors[`attendees.${i}.answers.${q.id}`] = i18n._(problem);
    }
  });
  // Answer errors land on the question, not on `answers.0.answer` of the list sent.
  for (const key of Object.keys(errors)) if (/answers\.\d+\.answer/.test(key)) delete errors[key];
  return errors;
}
