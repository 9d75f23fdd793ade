import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../common/i18n/locales';
import type {
  MailTemplateKind,
  MailTemplateListResponse,
  MailTemplatePreviewRequest,
  MailTemplatePreviewResponse,
  MailTemplateTestResponse,
  SaveMailTemplateRequest,
} from '../../../common/mail-templates';
import { apiFetch } from '../../api/client';
import { whileLoggedIn } from '../../api/token';

/** Whose templates a screen edits: the account's, or one event's (decision 055). */
export type TemplateScope = { eventId: number | null };

const base = ({ eventId }: TemplateScope) =>
  eventId === null ? '/accounts/current/mail-templates' : `/events/${eventId}/mail-templates`;
const key = ({ eventId }: TemplateScope) => ['mail-templates', eventId ?? 'account'] as const;

export const mailTemplatesQuery = (scope: TemplateScope) =>
  queryOptions({
    queryKey: key(scope),
    queryFn: ({ signal }) => apiFetch<MailTemplateListResponse>(base(scope), { signal }),
    ...whileLoggedIn,
  });

export const useMailTemplates = (scope: TemplateScope) => useQuery(mailTemplatesQuery(scope));

type Target = { kind: MailTemplateKind; locale: Locale };

export function useSaveMailTemplate(scope: TemplateScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, locale, ...body }: Target & SaveMailTemplateRequest) =>
      apiFetch<null>(`${base(scope)}/${kind}/${locale}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(scope) }),
  });
}

export function useResetMailTemplate(scope: TemplateScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, locale }: Target) =>
      apiFetch<null>(`${base(scope)}/${kind}/${locale}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(scope) }),
  });
}

export const usePreviewMailTemplate = (scope: TemplateScope) =>
  useMutation({
    mutationFn: (body: MailTemplatePreviewRequest) =>
      apiFetch<MailTemplatePreviewResponse>(`${base(scope)}/preview`, { method: 'POST', body }),
  });

export const useTestMailTemplate = (scope: TemplateScope) =>
  useMutation({
    mutationFn: (body: MailTemplatePreviewRequest) =>
      apiFetch<MailTemplateTestResponse>(`${base(scope)}/test`, { method: 'POST', body }),
  });
