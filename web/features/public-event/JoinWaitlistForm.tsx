import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { isLocale } from '../../../common/i18n/locales';
import { fieldErrors } from '../../../common/i18n/validation';
import { JoinWaitlistRequest, type PublicWaitlistEntry } from '../../../common/waitlist';
import { isApiError } from '../../api/client';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { Alert, Button, Columns, Group, Stack, Text, TextInput } from '../../ui';
import { joinWaitlist, type PublicTicket } from './api';

type Field = 'first_name' | 'last_name' | 'email';
const FIELDS: readonly Field[] = ['first_name', 'last_name', 'email'];

/**
 * The form to join a sold-out ticket's waiting list: both names and an e-mail address (as
 * checkout asks them, which they fill in when an offer is bought), checked with the API's own
 * schema; the e-mails come in the page's language. Loaded on demand (see
 * `WaitlistJoin`). It sits inside the ticket list's form, so it is a group, not a form of its
 * own: Enter in a field joins the list instead of going to checkout.
 */
export function JoinWaitlistForm({
  eventId,
  ticket,
  dateId,
  onCancel,
}: {
  eventId: string;
  ticket: PublicTicket;
  /** The date whose tickets are shown (issue 36): the list waited for is that date's. */
  dateId?: number | undefined;
  onCancel: () => void;
}) {
  const { t, i18n: lingui } = useLingui();
  const id = useId();
  const title = ticket.title;
  const nameRef = useRef<HTMLInputElement>(null);
  // Opened by a click: the first field takes the focus, so a keyboard user goes on typing.
  useEffect(() => nameRef.current?.focus(), []);
  const [values, setValues] = useState<Record<Field, string>>({ first_name: '', last_name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const join = useMutation({
    mutationFn: (body: JoinWaitlistRequest) => joinWaitlist(eventId, body),
    onError: (error) => setErrors(firstMessages(apiFieldErrors(error))),
  });

  if (join.data) return <Joined entry={join.data} />;

  const submit = () => {
    const request: JoinWaitlistRequest = {
      ticket_id: ticket.id,
      ...(dateId === undefined ? {} : { date_id: dateId }),
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      ...(isLocale(lingui.locale) ? { locale: lingui.locale } : {}),
    };
    const parsed = JoinWaitlistRequest.safeParse(request);
    if (!parsed.success) {
      const found = firstMessages(fieldErrors(parsed.error.issues, lingui));
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    join.mutate(request);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...others }) => others);
    if (join.isError) join.reset();
  };
  // A 409 (already on the list, no list open) has no field: it is shown beside the form.
  const problem = join.error && isApiError(join.error) && join.error.status !== 422 ? join.error : null;
  const general = problem
    ? errorMessage(problem)
    : join.error && !isApiError(join.error)
      ? errorMessage(join.error)
      : null;

  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="waitlist-form"
      className="waitlist-form"
    >
      <Text weight={600} id={`${id}-title`}>
        <Trans>Join the waiting list for {title}</Trans>
      </Text>
      <Text size="sm" tone="muted">
        <Trans>We will e-mail you when a ticket frees up.</Trans>
      </Text>
      <Columns>
        <TextInput
          id={`${id}-first_name`}
          label={t`First name`}
          required
          autoComplete="given-name"
          value={values.first_name}
          onChange={change('first_name')}
          onKeyDown={onKeyDown}
          error={errors.first_name}
          ref={nameRef}
        />
        <TextInput
          id={`${id}-last_name`}
          label={t`Last name`}
          required
          autoComplete="family-name"
          value={values.last_name}
          onChange={change('last_name')}
          onKeyDown={onKeyDown}
          error={errors.last_name}
        />
      </Columns>
      <TextInput
        id={`${id}-email`}
        label={t`E-mail address`}
        required
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        onKeyDown={onKeyDown}
        error={errors.email}
      />
      {general ? (
        <Alert tone="error" data-testid="waitlist-error">
          {general}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button type="button" onClick={submit} loading={join.isPending}>
          <Trans>Join the waiting list</Trans>
        </Button>
        <Button type="button" variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function Joined({ entry }: { entry: PublicWaitlistEntry }) {
  const position = entry.position;
  const title = entry.ticket_title;
  return (
    <Alert tone="success" role="status" data-testid="waitlist-joined" className="waitlist-form">
      <Text weight={600} size="sm">
        <Trans>You are on the waiting list for {title}.</Trans>
      </Text>
      <Text size="sm">
        {position !== null ? <Trans>You are number {position} in line.</Trans> : null}{' '}
        <Trans>We will e-mail you when a ticket frees up.</Trans>
      </Text>
    </Alert>
  );
}
