import { Trans, useLingui } from '@lingui/react/macro';
import { useConfirmEmail } from './api';
import { ConfirmLinkPage } from './ConfirmLinkPage';

/** `/manage/profile/confirm-email-address/:token`, from the mail sent at registration. */
export function ConfirmEmailAddressPage() {
  const { t } = useLingui();
  return (
    <ConfirmLinkPage
      title={t`Confirm your e-mail address`}
      mutation={useConfirmEmail()}
      success={(me) => {
        const email = me.email;
        return <Trans>Thank you: {email} is confirmed.</Trans>;
      }}
    />
  );
}
