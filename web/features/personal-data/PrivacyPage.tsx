import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../../common/i18n/validation';
import { ErasureRequest, type ErasureResponse } from '../../../common/personal-data';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { RequirePermission } from '../../components/NoPermission';
import { Section } from '../../components/Section';
import { useEraseBuyer } from './api';

/** `/account/privacy` (ADMIN): erasing a buyer from the account on their request (decision 064). */
export function PrivacyPage() {
  return (
    <RequirePermission permission="account.manage">
      <EraseBuyer />
    </RequirePermission>
  );
}

function EraseBuyer() {
  const { t, i18n } = useLingui();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<{ email: string; result: ErasureResponse } | null>(null);
  const erase = useEraseBuyer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ErasureRequest.safeParse({ email });
    if (!parsed.success) {
      setEmailError(firstMessages(fieldErrors(parsed.error.issues, i18n)).email);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    erase.reset();
    setTyped('');
    setConfirming(parsed.data.email.trim());
  };
  const confirm = () => {
    if (confirming === null) return;
    erase.mutate(
      { email: confirming },
      {
        onSuccess: (result) => {
          setDone({ email: confirming, result });
          setConfirming(null);
          setEmail('');
        },
        onError: (error) => {
          setConfirming(null);
          const fields = firstMessages(isApiError(error) ? error.fieldErrors : {});
          if (fields.email) setEmailError(fields.email);
        },
      },
    );
  };
  const matches = confirming !== null && typed.trim().toLowerCase() === confirming.toLowerCase();

  return (
    <Stack gap="lg">
      <title>{`${t`Privacy`} · Tessera`}</title>
      <Section
        title={t`Erase a buyer`}
        description={
          <Trans>
            When a buyer asks to be forgotten, erase them here. Their names, e-mail addresses, answers and
            addresses become “Erased” in this account’s orders, tickets, messages, waiting lists and logs.
            Amounts, counts and issued invoices stay: the law requires them.
          </Trans>
        }
      >
        <form noValidate onSubmit={submit} aria-label={t`Erase a buyer`}>
          <Stack gap="md" maw={480}>
            <TextInput
              ref={emailRef}
              label={t`The buyer’s e-mail address`}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(undefined);
              }}
              error={emailError}
              data-testid="erase-email"
            />
            {erase.isError && !(isApiError(erase.error) && erase.error.status === 422) ? (
              <Alert color="red" role="alert" title={t`Nothing was erased`} data-testid="erase-error">
                {errorMessage(erase.error)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" color="red.9" variant="outline">
                <Trans>Erase…</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
        {done ? (
          <Alert color="teal" variant="light" role="status" data-testid="erase-result">
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {t`${done.email} was erased`}
            </Text>
            <Text size="sm">
              {t`Orders: ${done.result.orders} · Tickets: ${done.result.attendees} · Waiting-list entries: ${done.result.waitlist_entries} · Message recipients: ${done.result.message_recipients}`}
            </Text>
          </Alert>
        ) : null}
      </Section>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t`Erase this buyer?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) confirm();
          }}
        >
          <Stack gap="md">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Trans>
                This cannot be undone. Type <strong>{confirming}</strong> to confirm.
              </Trans>
            </Text>
            <TextInput
              label={t`E-mail address to erase`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              data-testid="erase-confirm-email"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red.9" disabled={!matches} loading={erase.isPending}>
                <Trans>Erase for good</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
