import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DefaultQuestionKey, QuestionResponse, QuestionType } from '../../../common/questions';

export const TYPE_LABELS: Record<QuestionType, MessageDescriptor> = {
  SINGLE_LINE: msg`Single line`,
  MULTI_LINE: msg`Multi line`,
  CHECKBOX: msg`Checkbox`,
  RADIO: msg`Radio`,
  DROPDOWN: msg`Dropdown`,
  DATE: msg`Date`,
  ADDRESS: msg`Address`,
};

/** The default questions are stored in English; they are shown in the organizer's language. */
export const DEFAULT_LABELS: Record<DefaultQuestionKey, MessageDescriptor> = {
  FIRST_NAME: msg`First name`,
  LAST_NAME: msg`Last name`,
  EMAIL: msg`E-mail`,
};

/** The title to show for a question: the translated label of a default one, else its own. */
export function questionTitle(
  question: QuestionResponse,
  translate: (m: MessageDescriptor) => string,
): string {
  return question.default_key ? translate(DEFAULT_LABELS[question.default_key]) : question.title;
}
