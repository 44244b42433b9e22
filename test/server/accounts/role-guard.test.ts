import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const PROTECTED = '{ currentAdmin { email } }';

describe('role guard', () => {
  let server: TestServer;
  let adminToken: string;
  let technicianToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    adminToken = tokensFor(server).admin(await createAdmin(em, { email: 'guard@example.test' }));
    technicianToken = tokensFor(server).technician(await createTechnician(em));
  });
  afterAll(() => server.stop());

  const codeOf = async (token?: string) => {
    const { body } = await server.graphql(PROTECTED, {}, { token });
    return { code: body.errors?.[0]?.extensions?.code, data: body.data };
  };

  it('lets the right role through', async () => {
    const { body } = await server.graphql<{ currentAdmin: { email: string } }>(PROTECTED, {}, { token: adminToken });
    expect(body.errors).toBeUndefined();
    expect(body.data?.currentAdmin.email).toBe('guard@example.test');
  });

  it('refuses a caller without a token', async () => {
    expect(await codeOf()).toEqual({ code: 'UNAUTHENTICATED', data: null });
  });

  it('refuses a token of another role', async () => {
    expect((await codeOf(technicianToken)).code).toBe('FORBIDDEN');
    const consumer = server.services.tokens.signConsumer([1], { state: false, company: 0 });
    expect((await codeOf(consumer)).code).toBe('FORBIDDEN');
  });

  it('refuses an expired token', async () => {
    const secret = server.services.config.jwtSecret;
    const admin = jwt.decode(adminToken) as { sub: string; ver: number };
    const expired = jwt.sign(
      { role: Role.ADMIN, sub: admin.sub, ver: admin.ver, iat: Math.floor(Date.now() / 1000) - 7200 },
      secret,
      { algorithm: 'HS256', expiresIn: 60, issuer: 'tijdvak' },
    );
    expect((await codeOf(expired)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token that expired after it was accepted (verified tokens are remembered, their expiry is not)', async () => {
    const admin = await createAdmin(server.em(), { email: 'expires@example.test' });
    const token = tokensFor(server).admin(admin);
    expect((await codeOf(token)).code).toBeUndefined();
    const { exp } = jwt.decode(token) as { exp: number };
    server.services.clock.travelTo(new Date(exp * 1000 + 1000));
    try {
      expect((await codeOf(token)).code).toBe('UNAUTHENTICATED');
    } finally {
      server.services.clock.travelTo(new Date());
    }
  });

  it('refuses a token of any role without an expiry, even when signed with our secret', async () => {
    const secret = server.services.config.jwtSecret;
    const admin = jwt.decode(adminToken) as { sub: string; ver: number };
    const technician = jwt.decode(technicianToken) as { sub: string; ver: number; firstname: string };
    const withoutExpiry = (claims: object) =>
      jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) }, secret, { algorithm: 'HS256', issuer: 'tijdvak' });
    const forever = {
      admin: withoutExpiry({ role: Role.ADMIN, sub: admin.sub, ver: admin.ver }),
      technician: withoutExpiry({
        role: Role.TECHNICIAN,
        sub: technician.sub,
        ver: technician.ver,
        firstname: technician.firstname,
      }),
      consumer: withoutExpiry({ role: Role.CONSUMER, orders: [1], external: { state: false, company: 0 } }),
    };
    for (const token of Object.values(forever)) expect(jwt.decode(token)).not.toHaveProperty('exp');
    expect((await codeOf(forever.admin)).code).toBe('UNAUTHENTICATED');
    const schedule = await server.graphql('{ technicianSchedule { date } }', {}, { token: forever.technician });
    expect(schedule.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const visits = await server.graphql('{ consumerVisits { appointment } }', {}, { token: forever.consumer });
    expect(visits.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // The same claims with an expiry are accepted: only the missing expiry is refused.
    const { tokens } = server.services;
    expect((await codeOf(tokens.signAdmin({ id: Number(admin.sub), tokenVersion: admin.ver }))).code).toBeUndefined();
    const withExpiry = await server.graphql(
      '{ consumerVisits { appointment } }',
      {},
      {
        token: tokens.signConsumer([1], { state: false, company: 0 }),
      },
    );
    expect(withExpiry.body.errors).toBeUndefined();
    const scheduled = await server.graphql('{ technicianSchedule { date } }', {}, { token: technicianToken });
    expect(scheduled.body.errors).toBeUndefined();
  });

  it('refuses a token signed with another secret', async () => {
    const payload = jwt.decode(adminToken) as jwt.JwtPayload;
    const forged = jwt.sign(payload, 'another-secret-another-secret-another', { algorithm: 'HS256' });
    expect((await codeOf(forged)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token with algorithm none', async () => {
    const payload = jwt.decode(adminToken) as jwt.JwtPayload;
    const unsigned = jwt.sign(payload, '', { algorithm: 'none' });
    expect((await codeOf(unsigned)).code).toBe('UNAUTHENTICATED');
    const [header, body] = adminToken.split('.');
    void header;
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await codeOf(`${noneHeader}.${body}.`)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token signed with another algorithm (HS512)', async () => {
    const payload = jwt.decode(adminToken) as jwt.JwtPayload;
    const other = jwt.sign(payload, server.services.config.jwtSecret, { algorithm: 'HS512' });
    expect((await codeOf(other)).code).toBe('UNAUTHENTICATED');
  });

  it('stops an admin token at once when the admin becomes inactive', async () => {
    const em = server.em();
    const admin = await createAdmin(em);
    const token = tokensFor(server).admin(admin);
    expect((await codeOf(token)).code).toBeUndefined();
    admin.inactive = true;
    await em.flush();
    expect((await codeOf(token)).code).toBe('UNAUTHENTICATED');
  });

  it("answers in the caller's language", async () => {
    const nl = await server.graphql(PROTECTED);
    expect(nl.body.errors?.[0].message).toBe('U bent niet (meer) ingelogd. Log opnieuw in.');
    const fr = await server.graphql(PROTECTED, {}, { headers: { 'accept-language': 'fr' } });
    expect(fr.body.errors?.[0].message).toMatch(/connecté/);
  });
});
