import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';

export const QUESTION_TYPES = [
  'SINGLE_LINE',
  'MULTI_LINE',
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'DATE',
  'ADDRESS',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types whose answers are picked from `options`. */
export const CHOICE_TYPES: readonly QuestionType[] = ['CHECKBOX', 'RADIO', 'DROPDOWN'];

export const QUESTION_SCOPES = ['PER_ORDER', 'PER_ATTENDEE'] as const;

/**
 * The questions every event asks and nobody can edit (decision 005): the buyer's name and e-mail.
 * They are stored per event, first in the list, so answers and exports treat them like any other.
 */
export const DEFAULT_QUESTION_KEYS = ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] as const;
export type DefaultQuestionKey = (typeof DEFAULT_QUESTION_KEYS)[number];

/** `POST /api/events/{id}/questions`, `PUT …/{questionId}` */
export const QuestionRequest = z
  .strictObject({
    title: z.string().trim().min(1).max(LIMITS.nameMax),
    description: z.string().trim().max(5000).nullable().optional(),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
    required: z.boolean().default(false),
    is_hidden: z.boolean().default(false),
    scope: z.enum(QUESTION_SCOPES).default('PER_ATTENDEE'),
    /** PER_ATTENDEE questions apply to these tickets; empty means every ticket. */
    ticket_ids: z.array(z.int().positive()).max(500).default([]),
  })
  .superRefine((v, ctx) => {
    if (CHOICE_TYPES.includes(v.type) && v.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: VALIDATION.optionRequired.id });
    }
    if (new Set(v.options).size !== v.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: VALIDATION.optionsUnique.id });
    }
  })
  .meta({ id: 'QuestionRequest' });
export type QuestionRequest = z.input<typeof QuestionRequest>;

export const QuestionResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.string()),
    required: z.boolean(),
    is_hidden: z.boolean(),
    scope: z.enum(QUESTION_SCOPES),
    ticket_ids: z.array(z.number().int()),
    sort_order: z.number().int(),
    /** A default question (first name, last name, e-mail): listed first, cannot be edited. */
    is_default: z.boolean(),
    default_key: z.enum(DEFAULT_QUESTION_KEYS).nullable(),
  })
  .meta({ id: 'Question' });
export type QuestionResponse = z.infer<typeof QuestionResponse>;

/** The event's own questions in their new order (the default ones always stay first). */
export const SortQuestionsRequest = z
  .strictObject({ question_ids: z.array(z.int().positive()).min(1).max(500) })
  .meta({ id: 'SortQuestionsRequest' });

/**
 * `GET /api/public/events/{id}/questions`: what checkout asks. Hidden and default questions
 * are left out (the form has its own name and e-mail fields).
 */
export const PublicQuestion = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.string()),
    required: z.boolean(),
    scope: z.enum(QUESTION_SCOPES),
    /** PER_ATTENDEE questions ask the holders of these tickets; empty means every ticket. */
    ticket_ids: z.array(z.number().int()),
  })
  .meta({ id: 'PublicQuestion' });
export type PublicQuestion = z.infer<typeof PublicQuestion>;

export const PublicQuestionsResponse = z
  .object({ data: z.array(PublicQuestion) })
  .meta({ id: 'PublicQuestions' });
