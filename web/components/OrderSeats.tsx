import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '../ui';
import { type SeatPlaceLike, seatPlaceText } from './seat-place';

/** An order's seats, line by line (issue 42): nothing for an order without seats. */
export function OrderSeats({
  items,
}: {
  items: readonly {
    id: number;
    title: string;
    price_label?: string | null;
    seats?: readonly SeatPlaceLike[];
  }[];
}) {
  const { i18n } = useLingui();
  const seated = items.filter((item) => (item.seats?.length ?? 0) > 0);
  if (seated.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="order-seats">
      {seated.map((item) => {
        const title = item.price_label ? `${item.title} – ${item.price_label}` : item.title;
        return (
          <Stack key={item.id} gap="0">
            <Text size="sm" weight={600}>
              {title}
            </Text>
            <Stack as="ul" gap="0" className="ui-bare-list" aria-label={title}>
              {item.seats?.map((seat) => (
                <li
                  key={`${seat.section}-${seat.row}-${seat.seat}`}
                  className="ui-text"
                  data-size="sm"
                  data-testid="order-seat"
                >
                  {seatPlaceText(i18n, seat)}
                </li>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
