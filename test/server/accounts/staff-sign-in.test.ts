import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Admin } from '../../../server/admins/admin.entity.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createTechnician } from '../../utils/factories.js';
import { requestFrom } from '../../utils/from-address.js';
import { resetLinkOf, waitForMail } from '../../utils/outbox.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const GENEROUS_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_CLIENT: '1000/900',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/900',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT_CLIENT: '1000/900',
};

const SIGN_IN_TECHNICIAN = `mutation ($input: SignInInput!) { signInTechnician(input: $input) { accessToken } }`;
const SIGN_IN_ADMIN = `mutation ($input: SignInInput!) { signInAdmin(input: $input) { adminToken } }`;
const NO_USER_FOUND_NL = 'Deze combinatie van e-mailadres en wachtwoord is bij ons niet bekend.';

describe('staff sign-in', () => {
  let server: TestServer;
  let technician: Technician;
  let admin: Admin;

  beforeAll(async () => {
    server = await startTestServer({ env: GENEROUS_LIMITS });
    const em = server.em();
    technician = await createTechnician(em, { firstname: 'Zoë', email: 'zoe@example.test', password: 'monteur1' });
    admin = await createAdmin(em, { email: 'chef@example.test', password: 'a-long-admin-password' });
  });
  afterAll(() => server.stop());

  const signInTechnician = (email: string, password: string, headers?: Record<string, string>) =>
    server.graphql<{ signInTechnician: { accessToken: string } }>(
      SIGN_IN_TECHNICIAN,
      { input: { email, password } },
      { headers },
    );
  const signInAdmin = (email: string, password: string) =>
    server.graphql<{ signInAdmin: { adminToken: string } }>(SIGN_IN_ADMIN, { input: { email, password } });

  it('gives a technician an access token with its URL-encoded first name, and records the last login', async () => {
    const before = Date.now();
    const { body } = await signInTechnician('ZOE@example.test ', 'monteur1');
    expect(body.errors).toBeUndefined();
    const claims = jwt.decode(body.data!.signInTechnician.accessToken) as Record<string, unknown>;
    expect(claims).toMatchObject({ role: 'TECHNICIAN', sub: String(technician.id), firstname: 'Zo%C3%AB' });
    const stored = await server.em().findOneOrFail(Technician, { id: technician.id });
    expect(stored.lastOnline!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers the legacy call POST /api/auth/technician with accessToken', async () => {
    const { status, body } = await server.rest<{ accessToken: string }>('POST', '/api/auth/technician', {
      form: { email: 'zoe@example.test', password: 'monteur1' },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['accessToken']);
    expect(jwt.decode(body.accessToken)).toMatchObject({ role: 'TECHNICIAN' });
  });

  it('gives an admin an admin token that works for admin operations', async () => {
    const { body } = await signInAdmin('chef@example.test', 'a-long-admin-password');
    const token = body.data!.signInAdmin.adminToken;
    const me = await server.graphql<{ currentAdmin: { email: string } }>('{ currentAdmin { email } }', {}, { token });
    expect(me.body.data?.currentAdmin.email).toBe('chef@example.test');
    const rest = await server.rest<{ adminToken: string }>('POST', '/api/auth/admin', {
      json: { email: 'chef@example.test', password: 'a-long-admin-password' },
    });
    expect(rest.status).toBe(200);
    expect(jwt.decode(rest.body.adminToken)).toMatchObject({ role: 'ADMIN', sub: String(admin.id) });
  });

  it('answers an unknown e-mail and a wrong password alike: NO_USER_FOUND with the legacy text', async () => {
    const unknown = await signInTechnician('nobody@example.test', 'monteur1');
    const wrong = await signInTechnician('zoe@example.test', 'monteur2');
    for (const { body } of [unknown, wrong]) {
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: NO_USER_FOUND_NL, extensions: { code: 'NO_USER_FOUND' } });
    }
    const french = await signInTechnician('nobody@example.test', 'x', { 'accept-language': 'fr' });
    expect(french.body.errors?.[0].message).toBe(
      "Cette combinaison d'adresse e-mail et de mot de passe nous est inconnue.",
    );
    const rest = await server.rest('POST', '/api/auth/admin', { form: { email: 'chef@example.test', password: 'no' } });
    expect(rest).toMatchObject({ status: 404, body: { message: 'NO_USER_FOUND' } });
  });

  it('keeps technician and admin accounts apart', async () => {
    const { body } = await signInAdmin('zoe@example.test', 'monteur1');
    expect(body.errors?.[0].extensions?.code).toBe('NO_USER_FOUND');
  });

  it('refuses an account without a password yet', async () => {
    await createTechnician(server.em(), { email: 'new@example.test' });
    const { body } = await signInTechnician('new@example.test', '');
    expect(body.errors?.[0].extensions?.code).toBe('NO_USER_FOUND');
  });

  it('refuses an inactive admin with the same answer, even with the right password', async () => {
    await createAdmin(server.em(), {
      email: 'sleeping@example.test',
      password: 'a-long-admin-password',
      inactive: true,
    });
    const { body } = await signInAdmin('sleeping@example.test', 'a-long-admin-password');
    expect(body.errors?.[0]).toMatchObject({ message: NO_USER_FOUND_NL, extensions: { code: 'NO_USER_FOUND' } });
  });

  it('stores argon2id hashes at the OWASP minimum, never the password, and uses all of a 100-character password', async () => {
    const password = `${'abcdefghij'.repeat(9)}123456789X`;
    expect(password).toHaveLength(100);
    await createTechnician(server.em(), { email: 'long@example.test', password });
    const stored = await server
      .em()
      .findOneOrFail(Technician, { email: 'long@example.test' }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(stored.passwordHash).not.toContain(password.slice(0, 20));
    expect((await signInTechnician('long@example.test', password)).body.errors).toBeUndefined();
    const lastCharacterDiffers = `${password.slice(0, 99)}Y`;
    expect((await signInTechnician('long@example.test', lastCharacterDiffers)).body.errors?.[0].extensions?.code).toBe(
      'NO_USER_FOUND',
    );
    expect((await signInTechnician('long@example.test', password.slice(0, 72))).body.errors?.[0].extensions?.code).toBe(
      'NO_USER_FOUND',
    );
  });
});

describe('sign-in rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    await createTechnician(em, { email: 'target@example.test', password: 'monteur1' });
    await createTechnician(em, { email: 'other@example.test', password: 'monteur1' });
  });
  afterAll(() => server.stop());

  const signIn = (client: string, email: string, password: string) =>
    requestFrom(client, `${server.url}/api/auth/technician`, { form: { email, password } });

  it('stops one client on one account after 10 attempts, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('127.0.0.2', 'target@example.test', 'wrong')).status).toBe(404);
    const blocked = await signIn('127.0.0.2', 'target@example.test', 'monteur1');
    expect(blocked).toMatchObject({ status: 429, body: { message: 'RATE_LIMITED' } });
  });

  it('lets the owner sign in from another address meanwhile: a stranger cannot lock the account', async () => {
    expect((await signIn('127.0.0.3', 'target@example.test', 'monteur1')).status).toBe(200);
    expect((await signIn('127.0.0.2', 'other@example.test', 'monteur1')).status).toBe(200);
  });

  it('stops one client address after 30 attempts, whatever the accounts', async () => {
    // 12 attempts so far from 127.0.0.2
    for (let i = 0; i < 18; i++) expect((await signIn('127.0.0.2', `nobody${i}@example.test`, 'x')).status).toBe(404);
    expect((await signIn('127.0.0.2', 'other@example.test', 'monteur1')).status).toBe(429);
  });
});

describe("an account's sign-in ceiling across all clients", () => {
  let server: TestServer;

  beforeAll(async () => {
    // 100 by default; made small enough to reach in a test.
    server = await startTestServer({ env: { RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '25/900' } });
    await createTechnician(server.em(), { email: 'crowded@example.test', password: 'monteur1' });
  });
  afterAll(() => server.stop());

  const signIn = (client: string, password: string) =>
    requestFrom(client, `${server.url}/api/auth/technician`, { form: { email: 'crowded@example.test', password } });

  it('caps the guesses of many addresses together, telling how the owner still gets in', async () => {
    // Three addresses, 10 wrong passwords each: the account's ceiling is reached on the third.
    const statuses: number[] = [];
    for (const client of ['127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      for (let i = 0; i < 10; i++) statuses.push((await signIn(client, 'wrong')).status);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(25);
    expect(statuses.slice(25)).toEqual([429, 429, 429, 429, 429]);
    // a browser that never signed in to the account is a stranger too
    expect((await signIn('127.0.0.7', 'monteur1')).status).toBe(429);
    const { body } = await server.graphql(SIGN_IN_TECHNICIAN, {
      input: { email: 'crowded@example.test', password: 'monteur1' },
    });
    expect(body.errors?.[0]).toMatchObject({
      message:
        'Er is de laatste tijd te vaak met een verkeerd wachtwoord geprobeerd in te loggen op dit account. Log in op een apparaat waarop u eerder inlogde, vraag een nieuw wachtwoord aan of probeer het over 15 minuten opnieuw.',
      extensions: { code: 'RATE_LIMITED' },
    });
  });
});

/** The device cookie an answer sets, as `name=value` for a Cookie header. */
function deviceCookieOf(setCookie: string[]): string {
  const cookie = setCookie.find((header) => header.startsWith('device_'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(setCookie)}`);
  return cookie.split(';')[0];
}

describe("strangers' failed sign-ins never refuse the owner's correct password", () => {
  let server: TestServer;
  /** The device cookie of the owner's browser, from its first sign-in. */
  let ownersDevice: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    await createTechnician(em, { email: 'fatima@example.test', password: 'monteur1' });
    await createTechnician(em, { email: 'stranger@example.test', password: 'stranger1' });
  });
  afterAll(() => server.stop());

  const signIn = (client: string, email: string, password: string, cookie?: string) =>
    requestFrom(client, `${server.url}/api/auth/technician`, {
      form: { email, password },
      headers: cookie ? { cookie } : {},
    });

  it('gives a browser that signed in a signed, HttpOnly device cookie of that account', async () => {
    const answer = await signIn('127.0.0.20', 'fatima@example.test', 'monteur1');
    expect(answer.status).toBe(200);
    ownersDevice = deviceCookieOf(answer.setCookie);
    const header = answer.setCookie.find((cookie) => cookie.startsWith('device_'));
    expect(header).toMatch(/; Max-Age=15552000;/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    // a wrong password sets none
    expect((await signIn('127.0.0.20', 'fatima@example.test', 'wrong')).setCookie).toEqual([]);
  });

  it('lets the owner in from a new address after 110 wrong passwords from 11 addresses', async () => {
    const statuses: number[] = [];
    for (let client = 30; client < 41; client++) {
      for (let i = 0; i < 10; i++)
        statuses.push((await signIn(`127.0.0.${client}`, 'fatima@example.test', 'x')).status);
    }
    // the account's ceiling (100 per 15 minutes) still stops the guessing
    // (the owner's own two attempts above count too: 98 of the strangers' get an answer)
    expect(statuses.slice(0, 98)).toEqual(Array(98).fill(404));
    expect(statuses.slice(98)).toEqual(Array(12).fill(429));

    const owner = await signIn('127.0.0.50', 'fatima@example.test', 'monteur1', ownersDevice);
    expect(owner.status).toBe(200);
    // the cookie is renewed, so a device in use keeps it
    expect(deviceCookieOf(owner.setCookie)).toMatch(/^device_/);
    // without it, a new address is one more stranger
    expect((await signIn('127.0.0.51', 'fatima@example.test', 'monteur1')).status).toBe(429);
    // about 100 full password verifications: slow on a busy machine
  }, 180_000);

  it("does not exempt a forged cookie, nor another account's cookie under the owner's name", async () => {
    const name = ownersDevice.split('=')[0];
    const strangers = deviceCookieOf((await signIn('127.0.0.23', 'stranger@example.test', 'stranger1')).setCookie);
    const forgeries = [
      `${name}=${strangers.split('=')[1]}`,
      `${name}=9999999999.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA`,
      `${name}=garbage`,
    ];
    for (const cookie of forgeries) {
      expect((await signIn('127.0.0.52', 'fatima@example.test', 'monteur1', cookie)).status, cookie).toBe(429);
    }
  });

  it('limits the guesses made with a device cookie per device', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await signIn('127.0.0.53', 'fatima@example.test', 'x', ownersDevice)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
    expect((await signIn('127.0.0.53', 'fatima@example.test', 'monteur1', ownersDevice)).status).toBe(429);
  });

  it("lets the owner in on a new device once it set a new password from the account's mail", async () => {
    await server.rest('POST', '/api/auth/technician/forgot', { form: { email: 'fatima@example.test' } });
    const mail = await waitForMail(server.dataDir, 'fatima@example.test');
    const reset = await requestFrom('127.0.0.60', `${server.url}/api/auth/technician/newpassword`, {
      form: { token: resetLinkOf(mail).token, password: 'monteur2' },
    });
    expect(reset.status).toBe(200);
    const owner = await signIn('127.0.0.60', 'fatima@example.test', 'monteur2', deviceCookieOf(reset.setCookie));
    expect(owner.status).toBe(200);
  });
});
