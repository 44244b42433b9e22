import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, PasswordResetToken } from '../../../server/accounts/password-reset-token.entity.js';
import { type Admin } from '../../../server/admins/admin.entity.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { postGraphQLWithHost } from '../../utils/raw-http.js';
import { readOutbox, resetLinkOf, waitForMail } from '../../utils/outbox.js';
import { requestFrom } from '../../utils/from-address.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const APP_URL = 'https://portal.example.test';
const FORGOT_TECHNICIAN = `mutation ($input: PasswordResetRequestInput!) { requestTechnicianPasswordReset(input: $input) { message } }`;
const FORGOT_ADMIN = `mutation ($input: PasswordResetRequestInput!) { requestAdminPasswordReset(input: $input) { message } }`;
const NEW_PASSWORD_TECHNICIAN = `mutation ($input: NewPasswordInput!) { resetTechnicianPassword(input: $input) { message } }`;
const NEW_PASSWORD_ADMIN = `mutation ($input: NewPasswordInput!) { resetAdminPassword(input: $input) { message } }`;

describe('password reset by mail', () => {
  let server: TestServer;
  let technician: Technician;
  let admin: Admin;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        APP_URL,
        RATE_LIMIT_PASSWORD_RESET_PER_CLIENT: '1000/3600',
        RATE_LIMIT_PASSWORD_RESET_MAILS_PER_ACCOUNT: '1000/1800',
        RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT_CLIENT: '1000/3600',
        RATE_LIMIT_SIGN_IN_PER_CLIENT: '1000/900',
      },
    });
    const em = server.em();
    technician = await createTechnician(em, { firstname: 'Jan', email: 'jan@example.test', password: 'old-password' });
    admin = await createAdmin(em, { firstname: 'Els', email: 'els@example.test', password: 'old-admin-password' });
  });
  afterAll(() => server.stop());

  const forgot = (email: string, headers?: Record<string, string>) =>
    server.graphql<{ requestTechnicianPasswordReset: { message: string } }>(
      FORGOT_TECHNICIAN,
      { input: { email } },
      { headers },
    );
  const newPassword = (token: string, password: string) =>
    server.graphql<{ resetTechnicianPassword: { message: string } }>(NEW_PASSWORD_TECHNICIAN, {
      input: { token, password },
    });
  /** Asks for a reset mail for the address and returns the token in its link. */
  const mailedToken = async (email: string, headers?: Record<string, string>) => {
    const seen = readOutbox(server.dataDir);
    const { body } = await forgot(email, headers);
    expect(body.data?.requestTechnicianPasswordReset.message).toBe('EMAIL_SENT');
    return resetLinkOf(await waitForMail(server.dataDir, email, { seen })).token;
  };
  const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;
  const signInTechnician = (email: string, password: string) =>
    server.rest<{ accessToken?: string; message?: string }>('POST', '/api/auth/technician', {
      form: { email, password },
    });

  it('mails a Dutch link to APP_URL/technician/newpassword/<token>, never to the Host header', async () => {
    const seen = readOutbox(server.dataDir);
    const { body } = await postGraphQLWithHost(server.url, 'evil.example', FORGOT_TECHNICIAN, {
      input: { email: 'JAN@example.test' },
    });
    expect(body.data?.requestTechnicianPasswordReset).toEqual({ message: 'EMAIL_SENT' });
    const mail = await waitForMail(server.dataDir, 'jan@example.test', { seen });
    expect(mail.subject).toBe('Stel een nieuw wachtwoord in');
    expect(mail.text).toContain('Beste Jan,');
    expect(mail.text).toContain('30 minuten');
    const { url, token } = resetLinkOf(mail);
    expect(url).toBe(`${APP_URL}/technician/newpassword/${token}`);
    expect(mail.html).toContain(url);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it("writes the mail in the caller's language", async () => {
    const seen = readOutbox(server.dataDir);
    await forgot('jan@example.test', { 'accept-language': 'fr' });
    const mail = await waitForMail(server.dataDir, 'jan@example.test', { seen });
    expect(mail.subject).toBe('Définissez un nouveau mot de passe');
    expect(mail.text).toContain('Bonjour Jan,');
  });

  it('stores only the SHA-256 of a 32-byte token', async () => {
    const token = await mailedToken('jan@example.test');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await server
      .em()
      .find(PasswordResetToken, { accountType: AccountType.TECHNICIAN, accountId: technician.id });
    expect(rows.map((row) => row.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the password once: PASSWORD_UPDATED, then the link is spent and earlier sessions end', async () => {
    const oldSession = tokensFor(server).technician(await server.em().findOneOrFail(Technician, { id: technician.id }));
    const token = await mailedToken('jan@example.test');
    const { body } = await newPassword(token, 'brand-new-password');
    expect(body.data?.resetTechnicianPassword.message).toBe('PASSWORD_UPDATED');

    const stored = await server.em().findOneOrFail(Technician, { id: technician.id }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(stored.passwordHash).not.toContain('brand-new-password');
    expect((await signInTechnician('jan@example.test', 'brand-new-password')).status).toBe(200);
    expect((await signInTechnician('jan@example.test', 'old-password')).status).toBe(404);

    const adminCall = await server.graphql('{ admins { id } }', {}, { token: oldSession });
    expect(codeOf(adminCall.body)).toBe('UNAUTHENTICATED'); // not FORBIDDEN: the token itself is dead

    const again = await newPassword(token, 'another-password');
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Ongeldige token ingevoerd.',
      extensions: { code: 'INVALID_TOKEN' },
    });
  });

  it('keeps an earlier link working when a newer one is mailed, until one of them is used', async () => {
    // Someone else asking for a link must not spoil the one the owner is about to open.
    const older = await mailedToken('jan@example.test');
    const newer = await mailedToken('jan@example.test');
    expect(codeOf((await newPassword(older, 'password-one')).body)).toBeUndefined();
    expect(codeOf((await newPassword(newer, 'password-two')).body)).toBe('INVALID_TOKEN');
  });

  it('refuses a link after 30 minutes', async () => {
    const token = await mailedToken('jan@example.test');
    const clock = server.services.clock;
    const start = clock.now();
    try {
      clock.travelTo(new Date(start.getTime() + 30 * 60_000 + 1000));
      expect(codeOf((await newPassword(token, 'too-late-password')).body)).toBe('INVALID_TOKEN');
    } finally {
      clock.travelTo(start);
    }
  });

  it('accepts a link just before it expires', async () => {
    const token = await mailedToken('jan@example.test');
    const clock = server.services.clock;
    const start = clock.now();
    try {
      clock.travelTo(new Date(start.getTime() + 29 * 60_000));
      expect(codeOf((await newPassword(token, 'just-in-time')).body)).toBeUndefined();
    } finally {
      clock.travelTo(start);
    }
  });

  it('refuses unknown, malformed and other-kind tokens', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    expect(codeOf((await newPassword(unknown, 'whatever-password')).body)).toBe('INVALID_TOKEN');
    expect(codeOf((await newPassword('abc', 'whatever-password')).body)).toBe('INVALID_TOKEN');
    const technicianToken = await mailedToken('jan@example.test');
    const asAdmin = await server.graphql(NEW_PASSWORD_ADMIN, {
      input: { token: technicianToken, password: 'an-admin-password' },
    });
    expect(codeOf(asAdmin.body)).toBe('INVALID_TOKEN');
    expect(codeOf((await newPassword(technicianToken, 'still-valid')).body)).toBeUndefined();
  });

  it('enforces 6 characters for technicians and 10 for admins, and keeps the link usable', async () => {
    const token = await mailedToken('jan@example.test');
    const short = await newPassword(token, '12345');
    expect(short.body.errors?.[0]).toMatchObject({
      message: 'Uw nieuwe wachtwoord moet minimaal 6 karakters bevatten',
      extensions: { code: 'PASSWORD_TOO_SHORT' },
    });
    expect(codeOf((await newPassword(token, '123456')).body)).toBeUndefined();

    const seen = readOutbox(server.dataDir);
    await server.graphql(FORGOT_ADMIN, { input: { email: 'els@example.test' } });
    const adminMail = await waitForMail(server.dataDir, 'els@example.test', { seen });
    const { url, token: adminToken } = resetLinkOf(adminMail);
    expect(url).toBe(`${APP_URL}/admin/newpassword/${adminToken}`);
    const adminShort = await server.graphql(NEW_PASSWORD_ADMIN, {
      input: { token: adminToken, password: '123456789' },
    });
    expect(adminShort.body.errors?.[0].message).toBe('Uw nieuwe wachtwoord moet minimaal 10 karakters bevatten');
    const ok = await server.rest('POST', '/api/auth/admin/newpassword', {
      form: { token: adminToken, password: '1234567890' },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: 'PASSWORD_UPDATED' } });
    const signIn = await server.rest('POST', '/api/auth/admin', {
      form: { email: admin.email, password: '1234567890' },
    });
    expect(signIn.status).toBe(200);
  });

  it('answers an unknown address with NO_USER_FOUND and its own text, and sends nothing', async () => {
    const before = readOutbox(server.dataDir).length;
    const { body } = await forgot('nobody@example.test');
    expect(body.errors?.[0]).toMatchObject({
      message: 'Dit e-mailadres is bij ons niet bekend.',
      extensions: { code: 'NO_USER_FOUND' },
    });
    const rest = await server.rest('POST', '/api/auth/technician/forgot', { form: { email: 'nobody@example.test' } });
    expect(rest).toMatchObject({ status: 404, body: { message: 'NO_USER_FOUND' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readOutbox(server.dataDir)).toHaveLength(before);
  });

  it('treats an inactive admin as unknown', async () => {
    await createAdmin(server.em(), { email: 'off@example.test', inactive: true });
    const { body } = await server.graphql(FORGOT_ADMIN, { input: { email: 'off@example.test' } });
    expect(codeOf(body)).toBe('NO_USER_FOUND');
  });

  it('answers the legacy forgot and newpassword calls with { message }', async () => {
    const seen = readOutbox(server.dataDir);
    const forgotCall = await server.rest('POST', '/api/auth/technician/forgot', {
      form: { email: 'jan@example.test' },
    });
    expect(forgotCall).toMatchObject({ status: 200, body: { message: 'EMAIL_SENT' } });
    const { token } = resetLinkOf(await waitForMail(server.dataDir, 'jan@example.test', { seen }));
    const wrong = await server.rest('POST', '/api/auth/technician/newpassword', {
      form: { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, password: 'legacy-password' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'INVALID_TOKEN' } });
    const right = await server.rest('POST', '/api/auth/technician/newpassword', {
      form: { token, password: 'legacy-password' },
    });
    expect(right).toMatchObject({ status: 200, body: { message: 'PASSWORD_UPDATED' } });
  });

  it('welcomes an account that has no password yet', async () => {
    await createTechnician(server.em(), { firstname: 'Nieuw', email: 'nieuw@example.test' });
    const seen = readOutbox(server.dataDir);
    await forgot('nieuw@example.test');
    const mail = await waitForMail(server.dataDir, 'nieuw@example.test', { seen });
    expect(mail.subject).toBe('Welkom bij Tijdvak: stel uw wachtwoord in');
    expect(mail.text).toContain('Er is een account voor u aangemaakt');
  });
});

describe('password reset rate limits', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PASSWORD_RESET_PER_CLIENT: '2/3600' } });
    const em = server.em();
    adminToken = tokensFor(server).admin(await createAdmin(em));
    for (const name of ['a', 'b', 'c', 'd']) await createTechnician(em, { email: `${name}@example.test` });
  });
  afterAll(() => server.stop());

  const forgot = (email: string, token?: string) =>
    server.rest('POST', '/api/auth/technician/forgot', { form: { email }, token });
  const mailsTo = (email: string) => readOutbox(server.dataDir).filter((mail) => mail.to.includes(email)).length;

  it('limits anonymous callers per address, but not an admin sending first mails to new technicians', async () => {
    expect((await forgot('a@example.test')).status).toBe(200);
    expect((await forgot('b@example.test')).status).toBe(200);
    expect(await forgot('c@example.test')).toMatchObject({ status: 429, body: { message: 'RATE_LIMITED' } });
    expect((await forgot('c@example.test', adminToken)).status).toBe(200);
    expect((await forgot('d@example.test', adminToken)).status).toBe(200);
  });

  it('mails an account at most once per 5 minutes without refusing the call, for admins too', async () => {
    await expect.poll(() => mailsTo('d@example.test')).toBe(1);
    expect((await forgot('d@example.test', adminToken)).status).toBe(200);
    expect((await forgot('d@example.test', adminToken)).status).toBe(200);
    await expect.poll(() => mailAttempts(server)).toBe(6);
    expect(mailsTo('d@example.test')).toBe(1);
    server.services.clock.travelTo(new Date(server.services.clock.now().getTime() + 301_000));
    expect((await forgot('d@example.test', adminToken)).status).toBe(200);
    await expect.poll(() => mailsTo('d@example.test')).toBe(2);
  });
});

/** Forgot calls of known accounts that reached the mail step (each counts once, mailed or not). */
async function mailAttempts(server: TestServer): Promise<number> {
  const rows = await server
    .em()
    .getConnection()
    .execute<{ hits: string | null }[]>(
      `select sum(hits) as hits from rate_limit_buckets where key like 'PASSWORD_RESET_MAILS_PER_ACCOUNT:%'`,
    );
  return Number(rows[0]?.hits ?? 0);
}

describe('password reset limits a stranger cannot turn against the owner', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await createTechnician(server.em(), { email: 'owner@example.test', password: 'old-password' });
  });
  afterAll(() => server.stop());

  const forgotFrom = (client: string) =>
    requestFrom(client, `${server.url}/api/auth/technician/forgot`, { form: { email: 'owner@example.test' } });
  const ownersMails = () => readOutbox(server.dataDir).filter((mail) => mail.to.includes('owner@example.test'));

  it("gives the owner a working link after strangers' 25 calls, which mailed the account once", async () => {
    // five addresses, five calls each: every call is answered, none is refused for the account's sake
    for (const stranger of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      for (let i = 0; i < 5; i++) expect((await forgotFrom(stranger)).status).toBe(200);
    }
    // a stranger past its own share is refused (and that costs the owner nothing)
    expect(await forgotFrom('127.0.0.2')).toMatchObject({ status: 429, body: { message: 'RATE_LIMITED' } });

    expect((await forgotFrom('127.0.0.9')).status).toBe(200);
    await expect.poll(() => mailAttempts(server)).toBe(26);
    // one mail for 26 calls within 5 minutes: its link (valid 30 minutes) is the owner's
    const mails = ownersMails();
    expect(mails).toHaveLength(1);
    const reset = await requestFrom('127.0.0.9', `${server.url}/api/auth/technician/newpassword`, {
      form: { token: resetLinkOf(mails[0]).token, password: 'new-password' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'PASSWORD_UPDATED' } });
    const signIn = await requestFrom('127.0.0.9', `${server.url}/api/auth/technician`, {
      form: { email: 'owner@example.test', password: 'new-password' },
    });
    expect(signIn.status).toBe(200);
  });

  it("mails a fresh link once 5 minutes have passed, which a stranger's later call does not spoil", async () => {
    const clock = server.services.clock;
    clock.travelTo(new Date(clock.now().getTime() + 301_000));
    const seen = readOutbox(server.dataDir);
    expect((await forgotFrom('127.0.0.9')).status).toBe(200);
    const ownersLink = resetLinkOf(await waitForMail(server.dataDir, 'owner@example.test', { seen })).token;

    clock.travelTo(new Date(clock.now().getTime() + 301_000));
    expect((await forgotFrom('127.0.0.7')).status).toBe(200);
    await expect.poll(() => ownersMails().length).toBe(3);
    const reset = await requestFrom('127.0.0.9', `${server.url}/api/auth/technician/newpassword`, {
      form: { token: ownersLink, password: 'newer-password' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'PASSWORD_UPDATED' } });
  });
});
