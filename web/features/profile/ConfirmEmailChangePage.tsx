import { Trans, useLingui } from '@lingui/react/macro';
import { useConfirmEmailChange } from './api';
import { ConfirmLinkPage } from './ConfirmLinkPage';

/** `/manage/profile/confirm-email-change/:token`, from the mail sent to the new address. */
export function ConfirmEmailChangePage() {
  const { t } = useLingui();
  return (
    <ConfirmLinkPage
      title={t`Confirm your new e-mail address`}
      mutation={useConfirmEmailChange()}
      success={(me) => {
        const email = me.email;
        return <Trans>Done: you now log in with {email}.</Trans>;
      }}
    />
  );
}
