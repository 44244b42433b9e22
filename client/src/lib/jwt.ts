/**
 * Reads a token's payload for display (first name, external flag). Never a security decision:
 * the server checks every token on every request.
 */
export function decodeTokenPayload<T extends object>(token: string | null): Partial<T> {
  if (!token) return {};
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Partial<T>;
  } catch {
    return {};
  }
}

export interface TechnicianTokenPayload {
  firstname: string;
}

export interface ConsumerTokenPayload {
  external: { state: boolean; company: number };
}

/** The technician's first name from the access token, where it is stored URL-encoded (docs/rules.md, Planner day). */
export function firstnameFromToken(token: string | null): string {
  const { firstname } = decodeTokenPayload<TechnicianTokenPayload>(token);
  try {
    return firstname ? decodeURIComponent(firstname) : '';
  } catch {
    return firstname ?? '';
  }
}
