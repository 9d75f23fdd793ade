import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { VALIDATION } from './i18n/validation';
import type { QuestionType } from './questions';

const text = (max: number) => z.string().check(z.maxLength(max));
const addressLine = (max: number) => z._default(text(max), '');

/**
 * An answer as sent: text, a list of chosen options (CHECKBOX), or an address. Written with
 * `zod/mini`, as the checkout checks answers in the browser with it (decision 033).
 */
export const AnswerValue = z.union([
  text(5000),
  z.array(text(255)).check(z.maxLength(100)),
  z.strictObject({
    address_line_1: addressLine(255),
    address_line_2: addressLine(255),
    city: addressLine(255),
    state_or_region: addressLine(255),
    zip_or_postal_code: addressLine(50),
    country: addressLine(100),
  }),
]);
export type AnswerValue = z.output<typeof AnswerValue>;

export const AnswerInput = z.strictObject({
  question_id: z.int().check(z.positive()),
  answer: AnswerValue,
});
export type AnswerInput = z.output<typeof AnswerInput>;

/** What an answer needs to be checked: the question as the buyer sees it. */
export interface AskedQuestion {
  id: number;
  type: QuestionType;
  required: boolean;
  options: string[];
}

type Address = Extract<AnswerValue, { address_line_1: string }>;
export type AddressLine = keyof Address;

/** The lines an address has once it is given at all: the street, the city and the country. */
export const ADDRESS_MAIN_LINES = ['address_line_1', 'city', 'country'] as const satisfies AddressLine[];

const isAddress = (value: AnswerValue | undefined): value is Address =>
  typeof value === 'object' && !Array.isArray(value);

/**
 * The lines of an address answer that must be filled now: its main lines when the question is
 * required, and also when the buyer has begun an optional one (half an address reaches nobody,
 * so an optional address is either left empty or given with its main lines); none while an
 * optional address is empty. Checkout marks these lines, and `answerProblem` checks them.
 */
export function addressLinesNeeded(
  question: Pick<AskedQuestion, 'required'>,
  value: AnswerValue | undefined,
): readonly AddressLine[] {
  return question.required || !isBlank(value) ? ADDRESS_MAIN_LINES : [];
}

function isBlank(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return Object.values(value).every((v) => v.trim() === '');
}

/**
 * Checks one answer against its question's type: required, a single line
 * without line breaks, a choice among the options, a real calendar date, an address with its
 * main lines (an optional one too, once any of its lines is filled). Returns the problem, or null when the answer is fine (or blank and optional).
 */
export function answerProblem(
  question: AskedQuestion,
  value: AnswerValue | undefined,
): MessageDescriptor | null {
  if (isBlank(value)) return question.required ? VALIDATION.required : null;
  switch (question.type) {
    case 'SINGLE_LINE':
      return typeof value === 'string' && value.length <= 255 && !/[\r\n]/.test(value)
        ? null
        : VALIDATION.invalid;
    case 'MULTI_LINE':
      return typeof value === 'string' ? null : VALIDATION.invalid;
    case 'RADIO':
    case 'DROPDOWN':
      return typeof value === 'string' && question.options.includes(value) ? null : VALIDATION.invalid;
    case 'CHECKBOX':
      return Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((v) => question.options.includes(v))
        ? null
        : VALIDATION.invalid;
    case 'DATE':
      return typeof value === 'string' && isCalendarDate(value) ? null : VALIDATION.invalidDate;
    case 'ADDRESS': {
      if (!isAddress(value)) return VALIDATION.invalid;
      const missing = addressLinesNeeded(question, value).some((line) => value[line].trim() === '');
      if (!missing) return null;
      return question.required ? VALIDATION.addressIncomplete : VALIDATION.addressIncompleteOrEmpty;
    }
  }
}

/** `YYYY-MM-DD` naming a day that exists. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An answer as one line of text (history, tickets); null for an empty one. */
export function answerText(answer: AnswerValue | undefined): string | null {
  if (answer === undefined) return null;
  if (typeof answer === 'string') return answer.trim() === '' ? null : answer;
  if (Array.isArray(answer)) return answer.length === 0 ? null : answer.join(', ');
  const text = Object.values(answer)
    .filter((v) => v.trim() !== '')
    .join(', ');
  return text === '' ? null : text;
}
