import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { readOutbox, resetLinkOf, waitForMail } from '../../utils/outbox.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const NOW = '2026-03-10T09:00:00.000Z';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const SIGN_IN_ADMIN = `mutation ($input: SignInInput!) { signInAdmin(input: $input) { adminToken } }`;
const SIGN_IN_TECHNICIAN = `mutation ($input: SignInInput!) { signInTechnician(input: $input) { accessToken } }`;
const MY_DEVICES = `{ myDevices { id browser os signedInAt lastSeenAt current } }`;
const END_SESSION = `mutation ($id: String!) { endSession(id: $id) { id } }`;

interface Device {
  id: string;
  browser: string;
  os: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;

describe('staff sessions on two instances of one database', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      JWT_SECRET: 'a-shared-secret-of-the-deployment-0123456789',
      CLOCK_NOW: NOW,
      APP_URL: 'https://portal.example.test',
      RATE_LIMIT_SIGN_IN_PER_CLIENT: '1000/900',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT_CLIENT: '1000/900',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/900',
    };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await database.drop();
  });

  const signInAdmin = async (server: TestServer, email: string, password: string, userAgent: string) => {
    const { body } = await server.graphql<{ signInAdmin: { adminToken: string } }>(
      SIGN_IN_ADMIN,
      { input: { email, password } },
      { headers: { 'user-agent': userAgent } },
    );
    return body.data!.signInAdmin.adminToken;
  };
  const signInTechnician = async (server: TestServer, email: string, password: string, userAgent: string) => {
    const { body } = await server.graphql<{ signInTechnician: { accessToken: string } }>(
      SIGN_IN_TECHNICIAN,
      { input: { email, password } },
      { headers: { 'user-agent': userAgent } },
    );
    return body.data!.signInTechnician.accessToken;
  };
  const devices = async (server: TestServer, token: string) => {
    const { body } = await server.graphql<{ myDevices: Device[] }>(MY_DEVICES, {}, { token });
    return body;
  };

  it('a sign-in makes a session named in the token, with the browser and system of the device', async () => {
    await createAdmin(first.em(), { email: 'lies@example.test', password: 'a-long-admin-password' });
    const token = await signInAdmin(first, 'lies@example.test', 'a-long-admin-password', PHONE);
    const sid = (jwt.decode(token) as { sid?: string }).sid;
    expect(sid).toMatch(/^[\w-]{22}$/);
    const body = await devices(second, token);
    const [device] = body.data!.myDevices;
    expect(body.data?.myDevices).toEqual([
      {
        id: sid,
        browser: 'Chrome',
        os: 'Android',
        signedInAt: device.signedInAt,
        lastSeenAt: device.signedInAt,
        current: true,
      },
    ]);
    // The server's clock runs on from CLOCK_NOW; a request within minutes of the sign-in writes no new last seen.
    expect(Date.parse(device.signedInAt) - Date.parse(NOW)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(device.signedInAt) - Date.parse(NOW)).toBeLessThan(60_000);
  });

  it('a device signed out on one instance is refused at its next request on the other', async () => {
    await createAdmin(first.em(), { email: 'bram@example.test', password: 'a-long-admin-password' });
    const phone = await signInAdmin(first, 'bram@example.test', 'a-long-admin-password', PHONE);
    const desktop = await signInAdmin(second, 'bram@example.test', 'a-long-admin-password', DESKTOP);
    // Both work on both instances first.
    for (const server of [first, second]) {
      for (const token of [phone, desktop]) {
        expect((await devices(server, token)).data?.myDevices).toHaveLength(2);
      }
    }
    const listed = (await devices(first, desktop)).data!.myDevices;
    expect(listed.map((device) => [device.browser, device.os, device.current])).toEqual([
      ['Firefox', 'Windows', true],
      ['Chrome', 'Android', false],
    ]);
    const phoneId = listed[1].id;
    const { body: ended } = await first.graphql(END_SESSION, { id: phoneId }, { token: desktop });
    expect(ended.data).toEqual({ endSession: { id: phoneId } });

    // The other instance refuses the phone at once: no cache stands between the sign-out and the check.
    const refused = await second.graphql('{ currentAdmin { email } }', {}, { token: phone });
    expect(codeOf(refused.body)).toBe('UNAUTHENTICATED');
    expect((await second.rest('GET', '/api/admin/technicians', { token: phone })).status).toBe(401);
    // The desktop goes on, and lists only itself.
    expect((await devices(second, desktop)).data?.myDevices.map((device) => device.id)).toEqual([
      (jwt.decode(desktop) as { sid: string }).sid,
    ]);
    // Signing out the same device twice, or another account's device, is NOT_FOUND in the caller's language.
    const again = await second.graphql(END_SESSION, { id: phoneId }, { token: desktop });
    expect(codeOf(again.body)).toBe('NOT_FOUND');
  });

  it("one cannot sign out another account's device", async () => {
    await createAdmin(first.em(), { email: 'noor@example.test', password: 'a-long-admin-password' });
    await createAdmin(first.em(), { email: 'sem@example.test', password: 'a-long-admin-password' });
    const noor = await signInAdmin(first, 'noor@example.test', 'a-long-admin-password', PHONE);
    const sem = await signInAdmin(first, 'sem@example.test', 'a-long-admin-password', DESKTOP);
    const semId = (jwt.decode(sem) as { sid: string }).sid;
    const { body } = await first.graphql(END_SESSION, { id: semId }, { token: noor });
    expect(codeOf(body)).toBe('NOT_FOUND');
    expect((await devices(second, sem)).data?.myDevices).toHaveLength(1);
  });

  it('a new password set by a reset link ends every session of the account, and its devices are gone', async () => {
    await createTechnician(first.em(), { email: 'kees@example.test', password: 'old-password' });
    const phone = await signInTechnician(first, 'kees@example.test', 'old-password', PHONE);
    const tablet = await signInTechnician(second, 'kees@example.test', 'old-password', DESKTOP);
    expect((await devices(first, phone)).data?.myDevices).toHaveLength(2);

    const seen = readOutbox(first.dataDir);
    await first.graphql(
      `mutation { requestTechnicianPasswordReset(input: { email: "kees@example.test" }) { message } }`,
    );
    const { token } = resetLinkOf(await waitForMail(first.dataDir, 'kees@example.test', { seen }));
    const { body: reset } = await second.graphql(
      `mutation ($input: NewPasswordInput!) { resetTechnicianPassword(input: $input) { message } }`,
      { input: { token, password: 'new-password' } },
    );
    expect(reset.data).toEqual({ resetTechnicianPassword: { message: 'PASSWORD_UPDATED' } });

    for (const server of [first, second]) {
      for (const old of [phone, tablet]) expect(codeOf(await devices(server, old))).toBe('UNAUTHENTICATED');
    }
    const fresh = await signInTechnician(first, 'kees@example.test', 'new-password', PHONE);
    expect((await devices(second, fresh)).data?.myDevices.map((device) => device.current)).toEqual([true]);
  });

  it('an admin signs another account out on every device; not its own account, and a dispatcher not at all', async () => {
    const em = first.em();
    const admin = await createAdmin(em, { email: 'chef@example.test', password: 'a-long-admin-password' });
    const dispatcher = await createAdmin(em, {
      email: 'planner@example.test',
      password: 'a-long-admin-password',
      role: Role.DISPATCHER,
    });
    const technician = await createTechnician(em, { email: 'piet@example.test', password: 'piet-password' });
    const chef = await signInAdmin(first, 'chef@example.test', 'a-long-admin-password', DESKTOP);
    const planner = await signInAdmin(first, 'planner@example.test', 'a-long-admin-password', DESKTOP);
    const pietPhone = await signInTechnician(first, 'piet@example.test', 'piet-password', PHONE);
    const pietOld = tokensFor(first).technician(technician); // a token made before sessions were

    const forbidden = await first.graphql(
      `mutation { endTechnicianSessions(id: ${technician.id}) { id } }`,
      {},
      {
        token: planner,
      },
    );
    expect(codeOf(forbidden.body)).toBe('FORBIDDEN');
    const own = await first.graphql(`mutation { endAdminSessions(id: ${admin.id}) { id } }`, {}, { token: chef });
    expect(codeOf(own.body)).toBe('OWN_SESSIONS');

    const { body } = await first.graphql(
      `mutation { endTechnicianSessions(id: ${technician.id}) { id } }`,
      {},
      {
        token: chef,
      },
    );
    expect(body.data).toEqual({ endTechnicianSessions: { id: technician.id } });
    for (const token of [pietPhone, pietOld]) {
      const refused = await second.graphql('{ currentTechnician { firstname } }', {}, { token });
      expect(codeOf(refused.body)).toBe('UNAUTHENTICATED');
    }
    const { body: dispatcherOut } = await second.graphql(
      `mutation { endAdminSessions(id: ${dispatcher.id}) { id } }`,
      {},
      { token: chef },
    );
    expect(dispatcherOut.data).toEqual({ endAdminSessions: { id: dispatcher.id } });
    expect(codeOf(await devices(first, planner))).toBe('UNAUTHENTICATED');
  });

  it("an admin's technician area ends with the admin's device", async () => {
    await createAdmin(first.em(), { email: 'acting@example.test', password: 'a-long-admin-password' });
    const technician = await createTechnician(first.em(), { email: 'henk@example.test' });
    const adminToken = await signInAdmin(first, 'acting@example.test', 'a-long-admin-password', DESKTOP);
    const { body } = await first.graphql<{ signInAsTechnician: { technicianToken: string } }>(
      `mutation { signInAsTechnician(technicianId: ${technician.id}) { technicianToken } }`,
      {},
      { token: adminToken },
    );
    const acting = body.data!.signInAsTechnician.technicianToken;
    expect((await second.graphql('{ currentTechnician { firstname } }', {}, { token: acting })).body.data).toEqual({
      currentTechnician: { firstname: technician.firstname },
    });
    // The technician area lists the admin's devices: the session is the admin's.
    const listed = (await devices(second, acting)).data!.myDevices;
    expect(listed.map((device) => device.current)).toEqual([true]);
    await first.graphql(END_SESSION, { id: listed[0].id }, { token: acting });
    for (const token of [acting, adminToken]) {
      expect(codeOf(await devices(second, token))).toBe('UNAUTHENTICATED');
    }
    // The legacy schedule checks the session in its own statement: refused there too.
    expect((await second.rest('GET', '/api/technician/appointments', { token: acting })).status).toBe(401);
  });
});
