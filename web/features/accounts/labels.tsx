import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { Role } from '../../../common/accounts';
import type { UserStatus } from '../../../common/users';

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  ADMIN: msg`Administrator`,
  ORGANIZER: msg`Organizer`,
};

export const ROLE_DESCRIPTIONS: Record<Role, MessageDescriptor> = {
  ADMIN: msg`Everything, including users and account settings.`,
  ORGANIZER: msg`Events and tickets only.`,
};

export const ROLE_ACTIONS: Record<Role, MessageDescriptor> = {
  ADMIN: msg`Make administrator`,
  ORGANIZER: msg`Make organizer`,
};

export const STATUS_LABELS: Record<UserStatus, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  INACTIVE: msg`Inactive`,
  INVITED: msg`Invitation pending`,
};

// A dot badge keeps the text in the body colour (the light variant's small coloured text is
// below 4.5:1); the dot carries the colour.
const STATUS_COLOURS: Record<UserStatus, string> = { ACTIVE: 'teal', INACTIVE: 'gray', INVITED: 'blue' };

export function StatusBadge({ status }: { status: UserStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none">
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
