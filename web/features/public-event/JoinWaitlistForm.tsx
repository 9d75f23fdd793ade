import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { isLocale } from '../../../common/i18n/locales';
import { fieldErrors } from '../../../common/i18n/validation';
import { JoinWaitlistRequest, type PublicWaitlistEntry } from '../../../common/waitlist';
import { isApiError } from '../../api/client';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { joinWaitlist } from '../waitlist-entry/api';
import type { PublicTicket } from './api';

type Field = 'name' | 'email';

/**
 * The form to join a sold-out ticket's waiting list: a name and an e-mail address, checked
 * with the API's own schema; the e-mails come in the page's language. Loaded on demand (see
 * `WaitlistJoin`). It sits inside the ticket list's form, so it is a group, not a form of its
 * own: Enter in a field joins the list instead of going to checkout.
 */
export function JoinWaitlistForm({
  eventId,
  ticket,
  onCancel,
}: {
  eventId: string;
  ticket: PublicTicket;
  onCancel: () => void;
}) {
  const { t, i18n: lingui } = useLingui();
  const id = useId();
  const title = ticket.title;
  const nameRef = useRef<HTMLInputElement>(null);
  // Opened by a click: the first field takes the focus, so a keyboard user goes on typing.
  useEffect(() => nameRef.current?.focus(), []);
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const join = useMutation({
    mutationFn: (body: JoinWaitlistRequest) => joinWaitlist(eventId, body),
    onError: (error) => setErrors(firstMessages(apiFieldErrors(error))),
  });

  if (join.data) return <Joined entry={join.data} />;

  const submit = () => {
    const request: JoinWaitlistRequest = {
      ticket_id: ticket.id,
      name: values.name,
      email: values.email,
      ...(isLocale(lingui.locale) ? { locale: lingui.locale } : {}),
    };
    const parsed = JoinWaitlistRequest.safeParse(request);
    if (!parsed.success) {
      const found = firstMessages(fieldErrors(parsed.error.issues, lingui));
      setErrors(found);
      const first = (['name', 'email'] as const).find((field) => found[field]);
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
      maw={360}
      w="100%"
      style={{ textAlign: 'left' }}
    >
      <Text fw={600} id={`${id}-title`}>
        <Trans>Join the waiting list for {title}</Trans>
      </Text>
      <Text size="sm" c="gray.7">
        <Trans>We will e-mail you when a ticket frees up.</Trans>
      </Text>
      <TextInput
        id={`${id}-name`}
        label={t`Your name`}
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        onKeyDown={onKeyDown}
        error={errors.name}
        ref={nameRef}
      />
      <TextInput
        id={`${id}-email`}
        label={t`E-mail address`}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        onKeyDown={onKeyDown}
        error={errors.email}
      />
      {general ? (
        <Alert color="red" variant="light" role="alert" data-testid="waitlist-error">
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
    <Alert color="teal" variant="light" role="status" data-testid="waitlist-joined" maw={360} ta="left">
      <Text fw={600} size="sm">
        <Trans>You are on the waiting list for {title}.</Trans>
      </Text>
      <Text size="sm">
        {position !== null ? <Trans>You are number {position} in line.</Trans> : null}{' '}
        <Trans>We will e-mail you when a ticket frees up.</Trans>
      </Text>
    </Alert>
  );
}
