import { useLingui } from '@lingui/react/macro';
import { ACCOUNT_REPORTS } from '../../../common/reports';
import { RequirePermission } from '../../components/NoPermission';
import { ReportsView } from './ReportsView';

/** `/account/reports` (ADMIN): the account's reports, days in its time zone, totals per currency. */
export function AccountReportsPage() {
  const { t } = useLingui();
  return (
    <RequirePermission permission="billing.manage">
      <ReportsView
        names={ACCOUNT_REPORTS}
        sourceOf={(report) => ({ scope: 'account', report })}
        zoneNote={t`Days and months are those of the account’s time zone. Each currency is added up on its own.`}
      />
    </RequirePermission>
  );
}
