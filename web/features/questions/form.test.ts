import { describe, expect, it } from 'vitest';
import { QuestionRequest, type QuestionResponse } from '../../../common/questions';
import { initialValues, toRequest } from './form';

const stored: QuestionResponse = {
  id: 12,
  title: 'Dietary needs',
  description: null,
  type: 'CHECKBOX',
  options: ['Vegetarian', 'Vegan'],
  required: true,
  is_hidden: false,
  scope: 'PER_ATTENDEE',
  ticket_ids: [3, 5],
  is_default: false,
  default_key: null,
  sort_order: 1,
};

describe('the question form', () => {
  it('starts a new question empty, in the group it is added to', () => {
    expect(initialValues(null, 'PER_ORDER')).toEqual({
      title: '',
      description: '',
      type: 'SINGLE_LINE',
      options: [],
      required: false,
      is_hidden: false,
      scope: 'PER_ORDER',
      ticket_ids: [],
    });
  });

  it('gives back a stored question unchanged when nothing was edited', () => {
    const values = initialValues(stored, 'PER_ORDER');
    expect(values.ticket_ids).toEqual(['3', '5']);
    expect(values.description).toBe('');
    expect(toRequest(values)).toEqual({
      title: 'Dietary needs',
      description: null,
      type: 'CHECKBOX',
      options: ['Vegetarian', 'Vegan'],
      required: true,
      is_hidden: false,
      scope: 'PER_ATTENDEE',
      ticket_ids: [3, 5],
    });
  });

  it('drops options from a question that became free text and tickets from one asked per order', () => {
    const values = {
      ...initialValues(stored, 'PER_ORDER'),
      type: 'SINGLE_LINE' as const,
      scope: 'PER_ORDER' as const,
    };
    const request = toRequest({ ...values, description: '   ' });
    expect(request).toMatchObject({ options: [], ticket_ids: [], description: null });
    expect(QuestionRequest.safeParse(request).success).toBe(true);
  });
});
