import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DataExportResponse, ErasureRequest, ErasureResponse } from '../../../common/personal-data';
import { apiFetch } from '../../api/client';

/** `GET /api/public/data-exports/{token}`: the export a data request's link opens (410 once expired). */
export const dataExportQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'data-export', token] as const,
    queryFn: ({ signal }) =>
      apiFetch<DataExportResponse>(`/public/data-exports/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `POST /api/accounts/current/erasures`: erases a buyer from the account (ADMINs, decision 064). */
export const useEraseBuyer = () =>
  useMutation({
    mutationFn: (body: ErasureRequest) =>
      apiFetch<ErasureResponse>('/accounts/current/erasures', { method: 'POST', body }),
  });
