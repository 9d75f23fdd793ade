import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { apiFieldErrors, errorMessage } from './api-error';
import { notify } from './notify';

const MAX_BYTES = 5 * 1024 * 1024;

/** The image types the upload fields accept. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** What a mutation is told when it ends (TanStack Query's `mutate` options). */
interface Callbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/** Sends a file (or deletes an image): the feature's mutation, and whether it is running. */
export interface ImageAction<V> {
  run: (value: V, callbacks: Callbacks) => void;
  pending: boolean;
}

/**
 * A chosen file checked for its size and uploaded (`upload`), with the error to show under the
 * field; `removeImage` deletes one (`remove`). Both say when they are done.
 */
export function useImageActions({
  upload,
  remove,
}: {
  upload: ImageAction<File>;
  remove: ImageAction<number>;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t`The file is larger than 5 MB.`);
      return;
    }
    upload.run(file, {
      onSuccess: () => notify(t`The image has been uploaded.`),
      onError: (e) => setError(apiFieldErrors(e).image?.[0] ?? errorMessage(e)),
    });
  };
  const removeImage = (id: number) =>
    remove.run(id, {
      onSuccess: () => notify(t`The image has been deleted.`),
      onError: (e) => notify(errorMessage(e), 'error'),
    });
  return { error, choose, removeImage };
}

/** An upload's error, under its field. */
export function ImageUploadError({ error }: { error: string | null }) {
  return error ? (
    <Text size="sm" c="red.8" role="alert">
      {error}
    </Text>
  ) : null;
}

/** The image a field has now, as its preview shows it. */
export interface CurrentImage {
  id: number;
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  maw: number;
  mah: number;
  testId: string;
}

/**
 * One image (a logo, a cover, a picture): what it is now (or `none`), upload or replace (saved
 * at once), delete.
 */
export function ImageUploadField({
  title,
  image,
  none,
  rules,
  upload,
  remove,
}: {
  title: string;
  image: CurrentImage | undefined;
  /** Said when there is no image yet. */
  none: string;
  /** The smallest size the server takes. */
  rules: { minWidth: number; minHeight: number };
  upload: ImageAction<File>;
  remove: ImageAction<number>;
}) {
  const { error, choose, removeImage } = useImageActions({ upload, remove });
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {image ? (
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
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            alt={image.alt}
            maw={image.maw}
            mah={image.mah}
            fit="contain"
            radius="sm"
            data-testid={image.testId}
          />
        </Box>
      ) : (
        <Text size="sm" c="gray.7">
          {none}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        <Trans>
          PNG, JPEG, WebP or GIF, up to 5 MB, at least {rules.minWidth}×{rules.minHeight} pixels.
        </Trans>
      </Text>
      <Group gap="sm">
        <FileButton onChange={choose} accept={IMAGE_ACCEPT} inputProps={{ 'aria-label': title }}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.pending}>
              {image ? <Trans>Replace</Trans> : <Trans>Upload</Trans>}
            </Button>
          )}
        </FileButton>
        {image ? (
          <Button
            variant="subtle"
            color="red.9"
            // Mantine draws a subtle button's text at shade 6 at most, too light on white (3.3:1).
            c="red.9"
            loading={remove.pending}
            onClick={() => removeImage(image.id)}
          >
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </Group>
      <ImageUploadError error={error} />
    </Stack>
  );
}
