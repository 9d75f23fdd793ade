import { ApiErrorBody } from '../../common/api-error';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502;

/** The error responses a route documents, all in the one error shape. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, typeof ApiErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorBody]));
}
