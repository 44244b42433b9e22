/** The XSRF-TOKEN cookie the server sets; echoed as X-XSRF-TOKEN on every request. */
export function readXsrfToken(): string | undefined {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : undefined;
}
