import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../../common/i18n/validation';
import { DATA_EXPORT_DAYS, DataRequest } from '../../../common/personal-data';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { requestDataExport } from './api';

/**
 * "Your data" on the "Find my tickets" page (decision 064): a buyer asks for a copy of every
 * record kept with their address. The page says the same whether or not there are any.
 */
export function DataRequestPanel() {
  const { t, i18n } = useLingui();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const request = useMutation({
    mutationFn: requestDataExport,
    onError: (error) => {
      const fields = firstMessages(isApiError(error) ? error.fieldErrors : {});
      if (fields.email) setEmailError(fields.email);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DataRequest.safeParse({ email });
    if (!parsed.success) {
      setEmailError(firstMessages(fieldErrors(parsed.error.issues, i18n)).email);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    request.mutate(parsed.data);
  };
  const failed = request.error && !(isApiError(request.error) && request.error.status === 422);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="data-request">
      <Stack gap="md">
        <Title order={2} fz="h3" id={`${id}-title`}>
          <Trans>Your data</Trans>
        </Title>
        {request.isSuccess ? (
          <Text role="status" data-testid="data-request-sent" style={{ overflowWrap: 'anywhere' }}>
            <Trans>
              If we keep data for {request.variables.email}, we sent a link to it. The link works for{' '}
              {DATA_EXPORT_DAYS} days.
            </Trans>
          </Text>
        ) : (
          <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
            <Stack gap="md">
              <Text>
                <Trans>
                  Want a copy of every order, ticket and waiting-list entry kept with your e-mail address,
                  with every organizer? We will e-mail you a link to a file with all of it.
                </Trans>
              </Text>
              <TextInput
                ref={emailRef}
                label={t`E-mail for your data`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  setEmailError(undefined);
                }}
                error={emailError}
                data-testid="data-request-email"
              />
              {failed ? (
                <Alert color="red" role="alert" title={t`That did not work`}>
                  {errorMessage(request.error)}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variant="light"
                loading={request.isPending}
                w={{ base: '100%', xs: 'fit-content' }}
              >
                <Trans>Send me my data</Trans>
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
