import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AnswerValue, answerProblem } from '../../../common/answers';
import { fieldErrors } from '../../../common/i18n/validation';
import type { PublicQuestion } from '../../../common/questions';
import type { SelfEditField } from '../../../common/self-service';
import { SelfEditAttendeeRequest, type SelfEditBuyerRequest } from '../../../common/self-service-requests';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { Alert, Button, Dialog, Group, Stack, TextInput } from '../../ui';
import type { PublicOrder } from './api';
import { blankAnswer } from './form';
import { QuestionField } from './QuestionField';

/** Whose details the dialog edits: a ticket holder, or the buyer (with the order's questions). */
export interface EditTarget {
  kind: 'attendee' | 'buyer';
  /** The holder's short id; none for the buyer. */
  shortId?: string;
  first_name: string;
  last_name: string;
  email: string;
  answers: { question_id: number; answer: AnswerValue }[];
  /** The questions this person answers. */
  questions: PublicQuestion[];
}

interface Props {
  target: EditTarget;
  fields: SelfEditField[];
  onClose: () => void;
  save: (body: SelfEditBuyerRequest) => Promise<PublicOrder>;
  onSaved: (order: PublicOrder) => void;
}

/**
 * Changing a ticket holder's or the buyer's details from the order page (decision 057): only the
 * fields the organizer allows are shown and sent, checked as the server checks them.
 */
export function SelfEditDialog({ target, fields, onClose, save, onSaved }: Props) {
  const { t, i18n } = useLingui();
  const buyer = target.kind === 'buyer';
  const canName = buyer || fields.includes('ATTENDEE_NAME');
  const canEmail = buyer || fields.includes('ATTENDEE_EMAIL');
  const canAnswer = (buyer || fields.includes('ATTENDEE_ANSWERS')) && target.questions.length > 0;
  const [values, setValues] = useState({
    first_name: target.first_name,
    last_name: target.last_name,
    email: target.email,
    answers: Object.fromEntries(
      target.questions.map((q) => [
        String(q.id),
        target.answers.find((a) => a.question_id === q.id)?.answer ?? blankAnswer(q),
      ]),
    ),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const body = (): SelfEditBuyerRequest => ({
    ...(canName ? { first_name: values.first_name, last_name: values.last_name } : {}),
    ...(canEmail ? { email: values.email } : {}),
    ...(canAnswer
      ? {
          answers: target.questions.map((q) => ({
            question_id: q.id,
            answer: values.answers[String(q.id)] ?? blankAnswer(q),
          })),
        }
      : {}),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = SelfEditAttendeeRequest.safeParse(body());
    const found = parsed.success ? {} : firstMessages(fieldErrors(parsed.error.issues, i18n));
    if (canAnswer)
      for (const q of target.questions) {
        const problem = answerProblem(q, values.answers[String(q.id)]);
        if (problem) found[`answers.${q.id}`] = i18n._(problem);
      }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      onSaved(await save(body()));
    } catch (error) {
      setErrors(firstMessages(apiFieldErrors(error)));
      setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const title = buyer ? t`Change your details` : t`Change the ticket holder`;
  return (
    <Dialog opened onClose={onClose} title={title} closeLabel={t`Close`}>
      <form onSubmit={submit} noValidate data-testid="self-edit-form">
        <Stack>
          {canName ? (
            <>
              <TextInput
                label={t`First name`}
                required
                autoComplete="given-name"
                value={values.first_name}
                error={errors.first_name}
                onChange={(e) => setValues({ ...values, first_name: e.currentTarget.value })}
              />
              <TextInput
                label={t`Last name`}
                required
                autoComplete="family-name"
                value={values.last_name}
                error={errors.last_name}
                onChange={(e) => setValues({ ...values, last_name: e.currentTarget.value })}
              />
            </>
          ) : null}
          {canEmail ? (
            <TextInput
              label={t`E-mail`}
              type="email"
              required
              autoComplete="email"
              description={buyer ? undefined : t`A new address gets the ticket by e-mail.`}
              value={values.email}
              error={errors.email}
              onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            />
          ) : null}
          {canAnswer
            ? target.questions.map((q) => (
                <QuestionField
                  key={q.id}
                  idPrefix={`self-edit-${target.shortId ?? 'buyer'}`}
                  question={q}
                  value={values.answers[String(q.id)]}
                  error={errors[`answers.${q.id}`]}
                  onChange={(answer) =>
                    setValues({ ...values, answers: { ...values.answers, [String(q.id)]: answer } })
                  }
                />
              ))
            : null}
          {failure ? (
            <Alert tone="error" data-testid="self-edit-error">
              {errorMessage(failure)}
            </Alert>
          ) : null}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button type="submit" loading={pending}>
              <Trans>Save changes</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
