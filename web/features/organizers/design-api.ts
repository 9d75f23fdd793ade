import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrganizerDesign,
  OrganizerImageResponse,
  OrganizerImageType,
} from '../../../common/organizer-design';
import { apiFetch } from '../../api/client';
import { postMultipart } from '../../api/multipart';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import { useBlobPreview } from '../../components/use-blob-preview';
import { i18n } from '../../i18n';

export const organizerImagesQuery = (organizerId: number) =>
  queryOptions({
    queryKey: queryKeys.organizers.images(organizerId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: OrganizerImageResponse[] }>(`/organizers/${organizerId}/images`, { signal }),
    ...whileLoggedIn,
  });

export const useOrganizerImages = (organizerId: number) => useQuery(organizerImagesQuery(organizerId));

export function useUploadOrganizerImage(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, type }: { file: File; type: OrganizerImageType }) => {
      const form = new FormData();
      form.append('type', type);
      form.append('image', file);
      return postMultipart<OrganizerImageResponse>(`/organizers/${organizerId}/images`, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizers.images(organizerId) }),
  });
}

export function useDeleteOrganizerImage(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) =>
      apiFetch<void>(`/organizers/${organizerId}/images/${imageId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizers.images(organizerId) }),
  });
}

/**
 * The homepage written by the server with `design` (not saved), as a `blob:` address for the
 * preview's frame: asked again 300 ms after the last change, and when the images change
 * (`version`). The old address is let go when a new one comes.
 */
export function useHomepagePreview(
  organizerId: number,
  { design, version }: { design: OrganizerDesign; version: string },
) {
  return useBlobPreview({
    path: `/organizers/${organizerId}/homepage-preview`,
    body: { design },
    delay: 300,
    headers: i18n.locale ? { 'Accept-Language': i18n.locale } : {},
    // The images' ids: a new logo or cover draws the preview again.
    refresh: version,
    type: 'text/html',
  });
}
