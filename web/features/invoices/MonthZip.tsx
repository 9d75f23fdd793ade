import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../components/notify';
import { downloadInvoiceMonth, type InvoiceScope } from './api';
import { recentMonths } from './params';

/** "Download a month's PDFs (ZIP)": a month of the last two years, then the download. */
export function MonthZip({ scope }: { scope: InvoiceScope }) {
  const { t, i18n } = useLingui();
  const [months] = useState(() => recentMonths(new Date()));
  const [month, setMonth] = useState(months[0] ?? '');
  const [busy, setBusy] = useState(false);
  const name = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const download = () => {
    setBusy(true);
    downloadInvoiceMonth(scope, month)
      .then(() => notify(t`The month's invoices have been downloaded.`))
      .catch(() => notify(t`The month's invoices could not be downloaded. Please try again.`, 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t`Month`}
        data={months.map((value) => ({ value, label: name.format(new Date(`${value}-15T12:00:00Z`)) }))}
        value={month}
        onChange={(value) => setMonth(value ?? month)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 200 }}
      />
      <Button variant="default" onClick={download} loading={busy}>
        <Trans>Download a month's PDFs (ZIP)</Trans>
      </Button>
    </Group>
  );
}
