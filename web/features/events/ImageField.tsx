import { useLingui } from '@lingui/react/macro';
import { IMAGE_RULES, type ImageResponse, type ImageType } from '../../../common/images';
import { ImageUploadField } from '../../components/ImageUploadField';
import { useDeleteImage, useUploadImage } from './api';

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
  const text = useTypeText(type);
  const upload = useUploadImage(eventId);
  const remove = useDeleteImage(eventId);
  return (
    <ImageUploadField
      title={title}
      image={
        image && {
          id: image.id,
          src: image.variants.at(-1)?.url ?? image.url,
          srcSet: image.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined,
          sizes: '(max-width: 600px) 100vw, 480px',
          alt: text.alt,
          maw: 480,
          mah: 240,
          testId: text.testId,
        }
      }
      none={text.none}
      rules={IMAGE_RULES[type]}
      upload={{
        run: (file, callbacks) => upload.mutate({ file, type, ticketId }, callbacks),
        pending: upload.isPending,
      }}
      remove={{ run: (id, callbacks) => remove.mutate(id, callbacks), pending: remove.isPending }}
    />
  );
}
