import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ChooseAccountResponse } from '../../../common/auth';
import { takeReturnPath } from '../../api/auth-redirect';
import { PasskeyErrorAlert } from '../../components/PasskeyErrorAlert';
import { isSession, usePasskeyLogin } from './api';
import { useStartSession } from './session';

/**
 * Signs in with a passkey (decision 066): alone on the login form, or as the second factor
 * with the ticket of the password's step. A user of several accounts chooses one next
 * (`onAccounts`, with the ticket that finishes the sign-in).
 */
export function PasskeyLoginButton({
  ticket,
  errorTitle,
  onAccounts,
  children,
}: {
  ticket?: string;
  errorTitle: string;
  onAccounts?: (choice: { accounts: ChooseAccountResponse['accounts']; ticket: string }) => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const login = usePasskeyLogin();
  const signIn = () =>
    login.mutate(
      { ticket },
      {
        onSuccess: async (response) => {
          if (isSession(response)) {
            await startSession(response);
            navigate(takeReturnPath(sessionStorage), { replace: true });
            return;
          }
          if ('accounts' in response && response.ticket) {
            onAccounts?.({ accounts: response.accounts, ticket: response.ticket });
          }
        },
      },
    );
  return (
    <>
      <PasskeyErrorAlert error={login.error} title={errorTitle} />
      <Button variant="default" size="md" fullWidth loading={login.isPending} onClick={signIn}>
        {children}
      </Button>
    </>
  );
}
