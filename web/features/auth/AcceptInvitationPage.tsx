import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { AcceptInvitationRequest, type InvitationResponse } from '../../../common/auth';
import { DEFAULT_AFTER_LOGIN } from '../../api/auth-redirect';
import { apiFieldErrors, errorCode, errorMessage, isDeadLink } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, requiring, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { AuthCard } from './AuthCard';
import { invitationQuery, useAcceptInvitation } from './api';
import { LinkProblem } from './LinkProblem';
import { useStartSession } from './session';

export function AcceptInvitationPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const title = t`Accept the invitation`;

  if (invitation.isPending) {
    return (
      <AuthCard title={title}>
        <InlineLoader />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title={title}>
        <InvitationProblem error={invitation.error} onRetry={() => invitation.refetch()} />
      </AuthCard>
    );
  }
  return <AcceptInvitationForm token={token} invitation={invitation.data} title={title} />;
}

/** Already accepted: log in. Revoked or expired: ask for a new one. Anything else: try again. */
function InvitationProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (errorCode(error) === 'INVITATION_ALREADY_ACCEPTED') {
    return (
      <LinkProblem
        tone="blue"
        message={errorMessage(error)}
        to="/auth/login"
        action={<Trans>Go to log in</Trans>}
      />
    );
  }
  if (isDeadLink(error)) {
    return (
      <LinkProblem message={errorMessage(error)} to="/auth/login" action={<Trans>Go to log in</Trans>} />
    );
  }
  return (
    <Stack gap="md">
      <ErrorAlert error={error} />
      <Button variant="default" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}

type AcceptValues = Omit<AcceptInvitationRequest, 'accept_terms'> & { accept_terms: boolean };

function AcceptInvitationForm({
  token,
  invitation,
  title,
}: {
  token: string;
  invitation: InvitationResponse;
  title: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const startSession = useStartSession();
  const { needs_password: needsPassword, inviter_name: inviter, account_name: account } = invitation;
  const form = useForm<AcceptValues>({
    mode: 'uncontrolled',
    initialValues: {
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      ...(needsPassword ? { password: '', password_confirmation: '' } : {}),
      accept_terms: false,
    },
    validate: validateWith(
      needsPassword ? requiring(AcceptInvitationRequest, ['password']) : AcceptInvitationRequest,
    ),
  });

  const submit = form.onSubmit(
    (values) =>
      accept.mutate(
        { ...values, accept_terms: true },
        {
          onSuccess: async (session) => {
            await startSession(session);
            navigate(DEFAULT_AFTER_LOGIN, { replace: true });
          },
          onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
        },
      ),
    focusFirstError(form),
  );

  if (accept.error && errorCode(accept.error) !== 'VALIDATION_FAILED' && isDeadLink(accept.error)) {
    return (
      <AuthCard title={title}>
        <InvitationProblem error={accept.error} onRetry={() => accept.reset()} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      intro={
        <Trans>
          {inviter} invited you to join <strong>{account}</strong> on Tessera.
        </Trans>
      }
    >
      <ErrorAlert error={accept.error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`E-mail`} value={invitation.email} readOnly autoComplete="username" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t`First name`}
              autoComplete="given-name"
              required
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t`Last name`}
              autoComplete="family-name"
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          {needsPassword ? (
            <>
              <PasswordInput
                label={t`Password`}
                description={t`At least 8 characters.`}
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t`Repeat the password`}
                autoComplete="new-password"
                required
                key={form.key('password_confirmation')}
                {...form.getInputProps('password_confirmation')}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>
                You already have a Tessera login with this e-mail. After accepting, you can choose between
                your accounts when you log in.
              </Trans>
            </Text>
          )}
          <Checkbox
            label={t`I accept the terms of service and the privacy policy.`}
            key={form.key('accept_terms')}
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            <Trans>Join {account}</Trans>
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
