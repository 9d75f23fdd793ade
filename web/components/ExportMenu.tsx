import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Menu } from '@mantine/core';
import { useState } from 'react';
import { notify } from './notify';
import { ChevronDownIcon } from './organizer-icons';

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads a list, as it is searched and filtered, in CSV or Excel; says how it went. */
export function ExportMenu({
  download,
  done,
  failed,
}: {
  download: (format: ExportFormat, onProgress: (bytes: number) => void) => Promise<void>;
  /** What to say once the file is saved, and when it could not be made. */
  done: string;
  failed: string;
}) {
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
    download(format, setBytes)
      .then(() => notify(done))
      .catch(() => notify(failed, 'error'))
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
