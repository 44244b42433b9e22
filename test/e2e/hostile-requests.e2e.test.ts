import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL } from '../utils/http.js';
import { rawExchange, rawRequest } from '../utils/raw-socket.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';

const ADMIN = { email: 'hostile@example.test', password: 'a-long-password-1' };

/** Multipart bodies that stop in the middle of a part, as a hostile or broken client sends them. */
const TRUNCATED_FILE = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx';
const TRUNCATED_OTHER_FIELD = '--XYZ\r\nContent-Disposition: form-data; name="other"; filename="a.csv"\r\n\r\nx';
const TRUNCATED_GRAPHQL =
  '--XYZ\r\nContent-Disposition: form-data; name="operations"\r\n\r\n' +
  JSON.stringify({
    query: 'mutation ($f: Upload!) { importOrders(country: NL, file: $f) { __typename } }',
    variables: { f: null },
  }) +
  '\r\n--XYZ\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.f"]}\r\n' +
  '--XYZ\r\nContent-Disposition: form-data; name="0"; filename="a.csv"\r\n\r\nx';

describe('the built server in production mode under hostile upload requests', () => {
  let app: AppProcess;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const { body } = await postGraphQL<{ signInAdmin: { adminToken: string } }>(
      app.url,
      'mutation ($input: SignInInput!) { signInAdmin(input: $input) { adminToken } }',
      { input: ADMIN },
    );
    adminToken = body.data!.signInAdmin.adminToken;
  });
  afterAll(() => app.stop());

  it('stays alive and serving after truncated multipart bodies to every upload path, with and without a token', async () => {
    const requests = [
      ['/api/admin/import/NL', TRUNCATED_FILE],
      ['/api/admin/import/NL', TRUNCATED_OTHER_FIELD],
      ['/graphql', TRUNCATED_GRAPHQL],
    ] as const;
    for (const [path, body] of requests) {
      for (const authorization of [undefined, `Bearer ${adminToken}`]) {
        const exchange = await rawExchange(
          app.url,
          rawRequest(
            'POST',
            path,
            {
              'content-type': 'multipart/form-data; boundary=XYZ',
              'apollo-require-preflight': 'true',
              connection: 'close',
              ...(authorization ? { authorization } : {}),
            },
            body,
          ),
        );
        expect(
          exchange.status,
          `${path} ${authorization ? 'admin' : 'anonymous'}: ${exchange.response}`,
        ).toBeGreaterThanOrEqual(200);
        expect(exchange.status).toBeLessThan(500);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.alive(), app.output()).toBe(true);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const { body } = await postGraphQL<{ serverInfo: { brand: string } }>(app.url, '{ serverInfo { brand } }');
    expect(body.data?.serverInfo.brand).toBe('tijdvak');
  });
});
