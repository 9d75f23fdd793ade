import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  OrganizerDesign,
  OrganizerImageResponse,
  OrganizerImageType,
} from '../../../common/organizer-design';
import { apiFetch, apiUrl } from '../../api/client';
import { postMultipart } from '../../api/multipart';
import { queryKeys } from '../../api/query-keys';
import { getToken, whileLoggedIn } from '../../api/token';
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
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The images' ids are part of the key: a new logo or cover draws the preview again.
  const key = JSON.stringify({ design, version });
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    const timer = window.setTimeout(async () => {
      try {
        const token = getToken();
        const response = await fetch(apiUrl(`/organizers/${organizerId}/homepage-preview`), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(i18n.locale ? { 'Accept-Language': i18n.locale } : {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ design: JSON.parse(key).design }),
          signal: controller.signal,
        });
        if (!response.ok) {
          setFailed(true);
          return;
        }
        const html = await response.text();
        made = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
        setFailed(false);
        setUrl(made);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      }
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [organizerId, key]);
  return { url, failed };
}
