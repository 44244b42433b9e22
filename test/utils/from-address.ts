import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface AddressedAnswer {
  status: number;
  setCookie: string[];
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * One HTTP(S) request from a chosen loopback address (all of 127.0.0.0/8 reaches this host), so a test
 * can play several distinct clients as the server (or a load balancer in front of it) sees them.
 */
export function requestFrom(
  clientAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<AddressedAnswer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers = {
    ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    ...options.headers,
  };
  const request = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: clientAddress,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({
            status: res.statusCode ?? 0,
            setCookie: res.headers['set-cookie'] ?? [],
            headers: res.headers,
            body: parsed,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
