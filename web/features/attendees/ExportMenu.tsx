import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Menu } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../components/notify';
import { ChevronDownIcon } from '../../components/organizer-icons';
import { downloadAttendees, type ExportFormat } from './export';
import type { AttendeesParams } from './params';

/** Downloads the attendees, as the list is searched and filtered, in CSV or Excel. */
export function ExportMenu({ eventId, params }: { eventId: number; params: AttendeesParams }) {
  const { t, i18n } = useLingui();
  const [bytes, setBytes] = useState<number | null>(null);
  const busy = bytes !== null;
  const size = new Intl.NumberFormat(i18n.locale, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.ceil((bytes ?? 0) / 1024));

  const run = (format: ExportFormat) => {
    setBytes(0);
    downloadAttendees(eventId, format, params, setBytes)
      .then(() => notify(t`The attendees have been exported.`))
      .catch(() => notify(t`The export of attendees failed. Please try again.`, 'error'))
      .finally(() => setBytes(null));
  };

  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal disabled={busy}>
      <Menu.Target>
        <Button
          variant="default"
          disabled={busy}
          aria-busy={busy}
          leftSection={busy ? <Loader size={14} /> : undefined}
          rightSection={busy ? undefined : <ChevronDownIcon size={16} />}
        >
          {busy ? t`Exporting… ${size}` : <Trans>Export</Trans>}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>
          <Trans>CSV</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>
          <Trans>Excel (XLSX)</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
