import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { TicketResponse } from '../../../common/tickets';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { useEventImages } from '../events/api';
import { ImageField } from '../events/ImageField';
import { FormSection } from './FormSection';

/**
 * A product's picture in its form: uploaded at once, like the event's images, so only a product
 * that exists can have one.
 */
export function ProductPicture({ eventId, product }: { eventId: number; product: TicketResponse | null }) {
  const { t } = useLingui();
  return (
    <FormSection title={t`Picture`}>
      {product ? (
        <SavedProductPicture eventId={eventId} product={product} />
      ) : (
        <Text size="sm" c="gray.7">
          {t`Create the product first, then add its picture here.`}
        </Text>
      )}
    </FormSection>
  );
}

function SavedProductPicture({ eventId, product }: { eventId: number; product: TicketResponse }) {
  const { t } = useLingui();
  const images = useEventImages(eventId);
  if (images.isError) return <ErrorAlert error={images.error} title={t`Could not load the picture`} />;
  if (!images.data) return <InlineLoader />;
  return (
    <ImageField
      eventId={eventId}
      type="PRODUCT"
      ticketId={product.id}
      title={t`Picture of ${product.title}`}
      image={images.data.find((image) => image.ticket_id === product.id)}
    />
  );
}
