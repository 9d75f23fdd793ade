import {
  CHOICE_TYPES,
  type QuestionRequest,
  type QuestionResponse,
  type QuestionType,
} from '../../../common/questions';

export type QuestionScope = QuestionResponse['scope'];

/** A question as its form holds it: ticket ids as the checkboxes' strings. */
export interface QuestionValues {
  title: string;
  description: string;
  type: QuestionType;
  options: string[];
  required: boolean;
  is_hidden: boolean;
  scope: QuestionScope;
  ticket_ids: string[];
}

export const isChoice = (type: QuestionType) => CHOICE_TYPES.includes(type);

/** Options only go with choice types, tickets only with questions asked per attendee. */
export const toRequest = (values: QuestionValues): QuestionRequest => ({
  title: values.title,
  description: values.description.trim() || null,
  type: values.type,
  options: isChoice(values.type) ? values.options : [],
  required: values.required,
  is_hidden: values.is_hidden,
  scope: values.scope,
  ticket_ids: values.scope === 'PER_ATTENDEE' ? values.ticket_ids.map(Number) : [],
});

/** The form of a question being changed, or of a new one in the group it is added to. */
export function initialValues(question: QuestionResponse | null, scope: QuestionScope): QuestionValues {
  if (!question) {
    return {
      title: '',
      description: '',
      type: 'SINGLE_LINE',
      options: [],
      required: false,
      is_hidden: false,
      scope,
      ticket_ids: [],
    };
  }
  return {
    title: question.title,
    description: question.description ?? '',
    type: question.type,
    options: question.options,
    required: question.required,
    is_hidden: question.is_hidden,
    scope: question.scope,
    ticket_ids: question.ticket_ids.map(String),
  };
}
