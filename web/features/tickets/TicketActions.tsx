import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TicketRequest, TicketResponse } from '../../../common/tickets';
import { errorCode, errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { DotsIcon } from '../../components/organizer-icons';
import { useCreateTicket, useDeleteTicket, useUpdateTicket } from './api';
import { copyOf, requestOf } from './form';
import { KIND_TEXT } from './kinds';

/** Edit, duplicate, pause or resume sales, hide or show, delete (asked first; refused once sold). */
export function TicketActions({ ticket, onEdit }: { ticket: TicketResponse; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const update = useUpdateTicket(ticket.event_id);
  const create = useCreateTicket(ticket.event_id);
  const remove = useDeleteTicket(ticket.event_id);
  const [confirming, setConfirming] = useState(false);
  const title = ticket.title;

  const change = (patch: Partial<TicketRequest>, done: string) =>
    update.mutate(
      { id: ticket.id, body: requestOf(ticket, patch) },
      { onSuccess: () => notify(done), onError: (error) => notify(errorMessage(error), 'error') },
    );

  const duplicate = () => {
    const copy = t`${title} (copy)`;
    create.mutate(copyOf(ticket, copy), {
      onSuccess: () => notify(t`${copy} has been created.`),
      onError: (error) => notify(errorMessage(error), 'error'),
    });
  };

  const close = () => {
    setConfirming(false);
    remove.reset();
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={220} withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${title}`}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onEdit}>
            <Trans>Edit</Trans>
          </Menu.Item>
          <Menu.Item onClick={duplicate}>
            <Trans>Duplicate</Trans>
          </Menu.Item>
          {ticket.is_paused ? (
            <Menu.Item onClick={() => change({ is_paused: false }, t`Sales of ${title} have resumed.`)}>
              <Trans>Resume sales</Trans>
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => change({ is_paused: true }, t`Sales of ${title} are paused.`)}>
              <Trans>Pause sales</Trans>
            </Menu.Item>
          )}
          {ticket.is_hidden ? (
            <Menu.Item onClick={() => change({ is_hidden: false }, t`${title} is shown to buyers again.`)}>
              <Trans>Show to buyers</Trans>
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => change({ is_hidden: true }, t`${title} is hidden from buyers.`)}>
              <Trans>Hide from buyers</Trans>
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red.9" onClick={() => setConfirming(true)}>
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={confirming}
        onClose={close}
        title={t`Delete ${title}?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="lg">
          <Text size="sm">{i18n._(KIND_TEXT[ticket.kind].deleteWarning)}</Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            {errorCode(remove.error) === 'TICKET_HAS_SALES' && !ticket.is_hidden ? (
              <Button
                loading={update.isPending}
                onClick={() => {
                  close();
                  change({ is_hidden: true }, t`${title} is hidden from buyers.`);
                }}
              >
                <Trans>Hide it</Trans>
              </Button>
            ) : null}
            {remove.error ? null : (
              <Button
                color="red.9"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(ticket.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      notify(t`${title} was deleted.`);
                    },
                  })
                }
              >
                <Trans>Delete</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
