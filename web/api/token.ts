/** The bearer token of the logged-in organizer, kept in localStorage. */
const TOKEN_KEY = 'tessera_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

/**
 * For the queries of logged-in pages: they wait while there is no token. After a logout the
 * pages still mounted for a moment would otherwise ask again, without one, and get a 401.
 */
export const whileLoggedIn = { enabled: () => hasToken() };

/**
 * `enabled` for a logged-in query that also waits for something else. A plain `enabled: x`
 * would replace `whileLoggedIn` and let the query run without a token after a logout.
 */
export const whileLoggedInAnd = (condition: boolean) => ({ enabled: () => condition && hasToken() });
