import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Center, Group, Image, Modal, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { CheckInListResponse } from '../../../common/check-in';
import { notify } from '../../components/notify';
import { staffLink } from './api';

/** The staff link of a list, to copy or to scan from a phone. */
export function StaffLinkModal({ list, onClose }: { list: CheckInListResponse | null; onClose: () => void }) {
  const { t } = useLingui();
  const url = list ? staffLink(window.location.origin, list.short_id) : '';
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 280 })
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  const name = list?.name ?? '';
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => notify(t`Link copied.`))
      .catch(() => notify(t`Could not copy the link. Here it is: ${url}`, 'error'));

  return (
    <Modal
      opened={list !== null}
      onClose={onClose}
      title={t`Staff link for ${name}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Anyone with this link can check people in on this list, without logging in. Share it only with
            your door staff.
          </Trans>
        </Text>
        <Center>{qr ? <Image src={qr} alt={t`QR code of the staff link`} w={220} h={220} /> : null}</Center>
        <Anchor
          href={url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
          data-testid="staff-link"
        >
          {url}
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={copy}>
            <Trans>Copy link</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
