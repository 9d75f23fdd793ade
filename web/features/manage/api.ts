import { apiFetch } from '../../api/client';
import { clearToken, getToken } from '../../api/token';

/**
 * Ends the session: forgets the token and asks the server to revoke it, whatever the answer
 * (an expired token or an unreachable server must not keep anyone logged in).
 */
export async function logout(options: { beforeRevoke?: () => Promise<void> } = {}): Promise<void> {
  // Forget the token first and let the caller stop requests in flight, so nothing on screen
  // is answered 401 by a server that has already revoked the token.
  const token = getToken();
  clearToken();
  await options.beforeRevoke?.();
  if (token) {
    await apiFetch('/auth/logout', {
      method: 'POST',
      redirectOnAuthError: false,
      headers: { Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
}
