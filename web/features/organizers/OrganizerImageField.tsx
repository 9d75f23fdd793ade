import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ORGANIZER_IMAGE_RULES,
  type OrganizerImageResponse,
  type OrganizerImageType,
} from '../../../common/organizer-design';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { useDeleteOrganizerImage, useUploadOrganizerImage } from './design-api';

const MAX_BYTES = 5 * 1024 * 1024;

/** The homepage's logo or cover: what it is now, upload or replace (saved at once), delete. */
export function OrganizerImageField({
  organizerId,
  type,
  image,
  title,
}: {
  organizerId: number;
  type: OrganizerImageType;
  image: OrganizerImageResponse | undefined;
  title: string;
}) {
  const { t } = useLingui();
  const upload = useUploadOrganizerImage(organizerId);
  const remove = useDeleteOrganizerImage(organizerId);
  const [error, setError] = useState<string | null>(null);
  const rules = ORGANIZER_IMAGE_RULES[type];
  const logo = type === 'ORGANIZER_LOGO';

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t`The file is larger than 5 MB.`);
      return;
    }
    upload.mutate(
      { file, type },
      {
        onSuccess: () => notify(t`The image has been uploaded.`),
        onError: (e) => setError(apiFieldErrors(e).image?.[0] ?? errorMessage(e)),
      },
    );
  };

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
            src={image.variants[0]?.url ?? image.url}
            alt={logo ? t`Current logo` : t`Current cover image`}
            maw={logo ? 240 : 480}
            mah={logo ? 96 : 200}
            fit="contain"
            radius="sm"
            data-testid={logo ? 'organizer-logo-preview' : 'organizer-cover-preview'}
          />
        </Box>
      ) : (
        <Text size="sm" c="gray.7">
          {logo ? <Trans>No logo yet.</Trans> : <Trans>No cover image yet.</Trans>}
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
              {image ? <Trans>Replace</Trans> : <Trans>Upload</Trans>}
            </Button>
          )}
        </FileButton>
        {image ? (
          <Button
            variant="subtle"
            color="red.9"
            c="red.9"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(image.id, {
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
