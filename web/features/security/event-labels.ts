import { useLingui } from '@lingui/react/macro';
import type { SecurityEventKind, SecurityEventResponse } from '../../../common/security';

/** What each audit-log entry says, in the reader's language, with its counts. */
export function useEventKindLabel(): (event: SecurityEventResponse) => string {
  const { t } = useLingui();
  return (event) => {
    const d = event.detail;
    const name = String(d.name ?? '');
    const count = String(d.count ?? '');
    const orders = String(d.orders ?? 0);
    const labels: Record<SecurityEventKind, string> = {
      TWO_FACTOR_ENABLED: t`Authenticator app turned on`,
      TWO_FACTOR_DISABLED: t`Authenticator app turned off`,
      RECOVERY_CODES_REGENERATED: t`New recovery codes made`,
      RECOVERY_CODE_USED: t`Signed in with a recovery code`,
      PASSKEY_ADDED: t`Passkey added: ${name}`,
      PASSKEY_REMOVED: t`Passkey removed: ${name}`,
      SESSIONS_ENDED: t`Sessions ended: ${count}`,
      TWO_FACTOR_REQUIREMENT_CHANGED: d.required
        ? t`Two-factor sign-in required of every member`
        : t`Two-factor sign-in no longer required`,
      BUYER_DATA_EXPORTED: t`A buyer downloaded their data (${orders} orders)`,
      BUYER_ERASED: t`A buyer's personal data erased (${orders} orders)`,
      ACCOUNT_DELETION_REQUESTED: t`Account deletion confirmed`,
      ACCOUNT_DELETION_CANCELLED: t`Account deletion cancelled`,
      USER_DELETED: t`Login deleted`,
    };
    return labels[event.kind];
  };
}
