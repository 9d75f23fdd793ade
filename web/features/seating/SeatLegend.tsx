import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { SEAT_STATUSES, type SeatCounts } from '../../../common/seating';
import { SeatSwatch } from './plan-drawing';
import { COUNT_KEYS, lookOf, STATUS_LABELS } from './status';

/** Each status's glyph, name and number of seats, as the map draws them. */
export function SeatLegend({ counts }: { counts: SeatCounts }) {
  const { i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="seat-legend">
      {SEAT_STATUSES.map((status) => {
        const look = lookOf(status);
        return (
          <Group key={status} component="li" gap={6} wrap="nowrap" data-status={status}>
            <SeatSwatch state={look.state} color={look.color ?? '#1c5d99'} />
            <Text size="sm">
              {i18n._(STATUS_LABELS[status])}{' '}
              <Text span fw={700} size="sm">
                {number.format(counts[COUNT_KEYS[status]])}
              </Text>
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
