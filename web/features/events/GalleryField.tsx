import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMAGE_RULES, type ImageResponse } from '../../../common/images';
import { GALLERY_MAX_IMAGES } from '../../../common/page-sections';
import { IMAGE_ACCEPT, ImageUploadError, useImageActions } from '../../components/ImageUploadField';
import { Section } from '../../components/Section';
import { useDeleteImage, useUploadImage } from './api';

/**
 * The gallery's images, in upload order (the page's order): add one (saved at once, as the
 * cover is), remove one. At most `GALLERY_MAX_IMAGES`.
 */
export function GalleryField({ eventId, images }: { eventId: number; images: ImageResponse[] }) {
  const { t } = useLingui();
  const upload = useUploadImage(eventId);
  const remove = useDeleteImage(eventId);
  const { error, choose, removeImage } = useImageActions({
    upload: {
      run: (file, callbacks) => upload.mutate({ file, type: 'EVENT_GALLERY' }, callbacks),
      pending: upload.isPending,
    },
    remove: { run: (id, callbacks) => remove.mutate(id, callbacks), pending: remove.isPending },
  });
  const rules = IMAGE_RULES.EVENT_GALLERY;
  const max = GALLERY_MAX_IMAGES;
  const count = images.length;

  return (
    <Section
      title={t`Gallery images`}
      description={t`Up to ${max} images, shown in the order they were added. Images are saved at once.`}
    >
      {count > 0 ? (
        <SimpleGrid type="container" cols={{ base: 2, '420px': 3 }} spacing="sm">
          {images.map((image, index) => {
            const number = index + 1;
            return (
              <Stack key={image.id} gap={4} data-testid="gallery-field-image">
                <Image
                  src={image.variants.at(0)?.url ?? image.url}
                  alt={t`Gallery image ${number}`}
                  radius="sm"
                  h={90}
                  fit="cover"
                />
                <Button
                  variant="subtle"
                  color="red.9"
                  c="red.9"
                  size="xs"
                  loading={remove.isPending && remove.variables === image.id}
                  onClick={() => removeImage(image.id)}
                >
                  <Trans>Remove image {number}</Trans>
                </Button>
              </Stack>
            );
          })}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="gray.7">
          <Trans>No images yet.</Trans>
        </Text>
      )}
      <Text size="xs" c="gray.7">
        <Trans>
          {count} of {max}. PNG, JPEG, WebP or GIF, up to 5 MB, at least {rules.minWidth}×{rules.minHeight}{' '}
          pixels.
        </Trans>
      </Text>
      <Group gap="sm">
        <FileButton
          onChange={choose}
          accept={IMAGE_ACCEPT}
          inputProps={{ 'aria-label': t`Add an image to the gallery` }}
        >
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending} disabled={count >= max}>
              <Trans>Add an image</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <ImageUploadError error={error} />
    </Section>
  );
}
