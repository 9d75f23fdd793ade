import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_RULES, type ImageResponse, type ImageType } from '../../../common/images';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { useDeleteImage, useUploadImage } from './api';

const MAX_BYTES = 5 * 1024 * 1024;

/** What each type's preview and its absence say. */
function useTypeText(type: ImageType) {
  const { t } = useLingui();
  if (type === 'EVENT_COVER')
    return { alt: t`Current cover image`, none: t`No cover image yet.`, testId: 'cover-preview' };
  if (type === 'EVENT_LOGO') return { alt: t`Current logo`, none: t`No logo yet.`, testId: 'logo-preview' };
  return { alt: t`Current picture`, none: t`No picture yet.`, testId: 'product-picture-preview' };
}

/**
 * One image of the event (cover or logo) or a product's picture (`ticketId`): preview, upload
 * or replace, delete.
 */
export function ImageField({
  eventId,
  type,
  image,
  title,
  ticketId,
}: {
  eventId: number;
  type: ImageType;
  image: ImageResponse | undefined;
  title: string;
  ticketId?: number;
}) {
  const { t } = useLingui();
  const text = useTypeText(type);
  const upload = useUploadImage(eventId);
  const remove = useDeleteImage(eventId);
  const [error, setError] = useState<string | null>(null);
  const rules = IMAGE_RULES[type];

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t`The file is larger than 5 MB.`);
      return;
    }
    upload.mutate(
      { file, type, ticketId },
      {
        onSuccess: () => notify(t`The image has been uploaded.`),
        onError: (e) => setError(apiFieldErrors(e).image?.[0] ?? errorMessage(e)),
      },
    );
  };

  const previous = image;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {previous ? (
        <Box
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
          p={4}
          w="fit-content"
          maw="100%"
        >
          <Image
            src={previous.variants.at(-1)?.url ?? previous.url}
            srcSet={previous.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
            sizes="(max-width: 600px) 100vw, 480px"
            alt={text.alt}
            maw={480}
            mah={240}
            fit="contain"
            radius="sm"
            data-testid={text.testId}
          />
        </Box>
      ) : (
        <Text size="sm" c="gray.7">
          {text.none}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        <Trans>
          PNG, JPEG, WebP or GIF, up to 5 MB, at least {rules.minWidth}×{rules.minHeight} pixels.
        </Trans>
      </Text>
      <Group gap="sm">
        <FileButton
          onChange={choose}
          accept="image/png,image/jpeg,image/webp,image/gif"
          inputProps={{ 'aria-label': title }}
        >
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {previous ? <Trans>Replace</Trans> : <Trans>Upload</Trans>}
            </Button>
          )}
        </FileButton>
        {previous ? (
          <Button
            variant="subtle"
            color="red.9"
            // Mantine draws a subtle button's text at shade 6 at most, too light on white (3.3:1).
            c="red.9"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(previous.id, {
                onSuccess: () => notify(t`The image has been deleted.`),
                onError: (e) => notify(errorMessage(e), 'error'),
              })
            }
          >
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
