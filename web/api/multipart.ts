import { HTTP_ERRORS } from '../../common/errors/http';
import { i18n } from '../i18n';
import { apiUrl } from './client';
import { ApiError } from './errors';
import { getToken } from './token';

/**
 * A multipart POST (an image upload), sent with fetch directly as `apiFetch` sends JSON; its
 * errors read as the API's, field errors included.
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n._(HTTP_ERRORS.INTERNAL.message) });
  }
  const body = (await response.json().catch(() => undefined)) as
    | (T & { code?: string; message?: string; errors?: Record<string, string[]> })
    | undefined;
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: body?.code ?? 'UNEXPECTED',
      message: body?.message ?? i18n._(HTTP_ERRORS.INTERNAL.message),
      fieldErrors: body?.errors ?? {},
    });
  }
  return body as T;
}
