/** Local storage keys; accessToken and adminToken are the legacy portal's names. */
export const TOKEN_KEYS = {
  consumer: 'dataToken',
  technician: 'accessToken',
  admin: 'adminToken',
} as const;

export type TokenKind = keyof typeof TOKEN_KEYS;

export function readToken(kind: TokenKind): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEYS[kind]);
  } catch {
    return null;
  }
}

export function storeToken(kind: TokenKind, token: string): void {
  window.localStorage.setItem(TOKEN_KEYS[kind], token);
}

/** Logout and failed consumer details clear everything, as the legacy portal did. */
export function clearStorage(): void {
  window.localStorage.clear();
}

/** Ends one role's session only: an admin leaving the technician area stays signed in as admin. */
export function removeToken(kind: TokenKind): void {
  window.localStorage.removeItem(TOKEN_KEYS[kind]);
}
