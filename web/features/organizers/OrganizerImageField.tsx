import { useLingui } from '@lingui/react/macro';
import {
  ORGANIZER_IMAGE_RULES,
  type OrganizerImageResponse,
  type OrganizerImageType,
} from '../../../common/organizer-design';
import { ImageUploadField } from '../../components/ImageUploadField';
import { useDeleteOrganizerImage, useUploadOrganizerImage } from './design-api';

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
  const logo = type === 'ORGANIZER_LOGO';
  return (
    <ImageUploadField
      title={title}
      image={
        image && {
          id: image.id,
          src: image.variants[0]?.url ?? image.url,
          alt: logo ? t`Current logo` : t`Current cover image`,
          maw: logo ? 240 : 480,
          mah: logo ? 96 : 200,
          testId: logo ? 'organizer-logo-preview' : 'organizer-cover-preview',
        }
      }
      none={logo ? t`No logo yet.` : t`No cover image yet.`}
      rules={ORGANIZER_IMAGE_RULES[type]}
      upload={{
        run: (file, callbacks) => upload.mutate({ file, type }, callbacks),
        pending: upload.isPending,
      }}
      remove={{ run: (id, callbacks) => remove.mutate(id, callbacks), pending: remove.isPending }}
    />
  );
}
