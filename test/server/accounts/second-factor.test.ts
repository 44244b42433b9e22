import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { Country } from '../../../server/common/locale.js';
import { createAdmin, createTechnician } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const NOW = '2026-03-10T09:00:00.000Z';
const PASSWORD = 'a-long-admin-password';

const SIGN_IN_ADMIN = `mutation ($input: SignInInput!) { signInAdmin(input: $input) { adminToken } }`;
const BEGIN_ADMIN = `mutation ($input: SignInInput!) {
  beginAdminSignIn(input: $input) { token secondFactor { challenge methods setupRequired expiresAt } } }`;
const BEGIN_TECHNICIAN = `mutation ($input: SignInInput!) {
  beginTechnicianSignIn(input: $input) { token secondFactor { challenge methods setupRequired } } }`;
const VERIFY = `mutation ($input: VerifySecondFactorInput!) {
  verifySecondFactor(input: $input) { token recoveryCodes recoveryCodesLeft } }`;
const START_SETUP = `mutation { startTotpSetup { secret otpauthUri qrCode } }`;
const START_SETUP_AT_SIGN_IN = `mutation ($challenge: String!) { startTotpSetupAtSignIn(challenge: $challenge) { secret } }`;
const CONFIRM_SETUP = `mutation ($code: String!) { confirmTotpSetup(code: $code) { recoveryCodes } }`;
const STATUS = `{ mySecondFactor { totpEnabled recoveryCodesLeft required } }`;
const TURN_OFF = `mutation ($input: SecondFactorProofInput!) { turnOffTotp(input: $input) { totpEnabled } }`;
const RENEW = `mutation ($input: SecondFactorProofInput!) { renewRecoveryCodes(input: $input) { recoveryCodes } }`;
const RESET = `mutation ($input: StaffAccountInput!) { resetSecondFactor(input: $input) }`;
const SETTING = `mutation ($input: SecondFactorSettingInput!) {
  updateSecondFactorSetting(input: $input) { country adminsRequired dispatchersRequired techniciansRequired } }`;

type GraphQLBody = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions?.code;

interface Step {
  token: string | null;
  secondFactor: { challenge: string; methods: string[]; setupRequired: boolean; expiresAt?: string } | null;
}

describe('time-based codes as the second step of a staff sign-in', () => {
  let server: TestServer;
  let admin: { id: number; email: string };
  let other: { id: number; email: string };
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        CLOCK_NOW: NOW,
        RATE_LIMIT_SIGN_IN_PER_CLIENT: '1000/900',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_CLIENT: '1000/900',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/900',
        RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: '1000/900',
        RATE_LIMIT_SECOND_FACTOR_PER_DEVICE: '1000/900',
      },
    });
    admin = await createAdmin(server.em(), { email: 'anna@example.test', password: PASSWORD });
    other = await createAdmin(server.em(), { email: 'bert@example.test', password: PASSWORD, lastname: 'Reset' });
  });
  afterAll(() => server.stop());

  /** The code an authenticator app shows at the server's "now" (give `seconds` to look elsewhere in time). */
  const codeAt = (seconds = 0) => generate({ secret, epoch: server.services.clock.nowSeconds() + seconds });
  /** Moves the server's clock on by two steps, so the next code is a new one. */
  const nextStep = () => server.services.clock.travelTo(new Date(server.services.clock.now().getTime() + 60_000));

  const eventsOf = (id: number) =>
    server
      .em()
      .getConnection()
      .execute<{ kind: string; actor_admin_id: number | null; actor_name: string | null }[]>(
        `select kind, actor_admin_id, actor_name from staff_security_events
          where account_kind = 'admin' and account_id = ? order by id`,
        [id],
      );
  const signInWithPassword = async (email: string) => {
    const { body } = await server.graphql<{ signInAdmin: { adminToken: string } }>(SIGN_IN_ADMIN, {
      input: { email, password: PASSWORD },
    });
    return body;
  };
  const begin = async (email: string): Promise<Step> => {
    const { body } = await server.graphql<{ beginAdminSignIn: Step }>(BEGIN_ADMIN, {
      input: { email, password: PASSWORD },
    });
    expect(body.errors).toBeUndefined();
    return body.data!.beginAdminSignIn;
  };
  const verify = (challenge: string, method: string, code: string) =>
    server.graphql<{
      verifySecondFactor: { token: string; recoveryCodes: string[] | null; recoveryCodesLeft: number };
    }>(VERIFY, { input: { challenge, method, code } });

  it('sets up an app from the account page: the first code turns it on and gives ten recovery codes', async () => {
    const step = await begin(admin.email);
    expect(step.secondFactor).toBeNull();
    const token = step.token!;
    const setup = await server.graphql<{ startTotpSetup: { secret: string; otpauthUri: string; qrCode: string } }>(
      START_SETUP,
      {},
      { token },
    );
    ({ secret } = setup.body.data!.startTotpSetup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data!.startTotpSetup.otpauthUri).toBe(
      `otpauth://totp/Tijdvak:anna%40example.test?secret=${secret}&issuer=Tijdvak`,
    );
    expect(setup.body.data!.startTotpSetup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on until a code proved the app holds the key: the password alone still signs in.
    expect((await signInWithPassword(admin.email)).errors).toBeUndefined();

    const wrong = await server.graphql(CONFIRM_SETUP, { code: await codeAt(-600) }, { token });
    expect(codeOf(wrong.body)).toBe('SECOND_FACTOR_CODE_INVALID');
    const confirmed = await server.graphql<{ confirmTotpSetup: { recoveryCodes: string[] } }>(
      CONFIRM_SETUP,
      { code: await codeAt() },
      { token },
    );
    recoveryCodes = confirmed.body.data!.confirmTotpSetup.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const status = await server.graphql(STATUS, {}, { token });
    expect(status.body.data).toEqual({ mySecondFactor: { totpEnabled: true, recoveryCodesLeft: 10, required: false } });
    // Only hashes are kept.
    const stored = await server
      .em()
      .getConnection()
      .execute<{ code_hash: string }[]>(`select code_hash from staff_recovery_codes where admin_id = ?`, [admin.id]);
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0].replace(/-/g, ''));
  });

  it('refuses the password alone, over GraphQL and the legacy call', async () => {
    expect(codeOf(await signInWithPassword(admin.email))).toBe('SECOND_FACTOR_REQUIRED');
    const rest = await server.rest('POST', '/api/auth/admin', { json: { email: admin.email, password: PASSWORD } });
    expect(rest.status).toBe(403);
  });

  it('signs in with the password and a current code; a wrong or a reused code is refused', async () => {
    nextStep();
    const step = await begin(admin.email);
    expect(step.token).toBeNull();
    expect(step.secondFactor).toMatchObject({ methods: ['TOTP', 'RECOVERY_CODE'], setupRequired: false });
    const { challenge } = step.secondFactor!;
    // The challenge opens nothing by itself.
    const asBearer = await server.graphql('{ currentAdmin { email } }', {}, { token: challenge });
    expect(codeOf(asBearer.body)).toBe('UNAUTHENTICATED');

    expect(codeOf((await verify(challenge, 'TOTP', await codeAt(-600))).body)).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(codeOf((await verify(challenge, 'TOTP', '12345')).body)).toBe('SECOND_FACTOR_CODE_INVALID');
    const code = await codeAt();
    const signedIn = await verify(challenge, 'TOTP', code);
    expect(signedIn.body.errors).toBeUndefined();
    const me = await server.graphql<{ currentAdmin: { email: string } }>(
      '{ currentAdmin { email } }',
      {},
      { token: signedIn.body.data!.verifySecondFactor.token },
    );
    expect(me.body.data?.currentAdmin.email).toBe(admin.email);

    // The same code again, even with a new challenge within its window: refused.
    const again = await begin(admin.email);
    expect(codeOf((await verify(again.secondFactor!.challenge, 'TOTP', code)).body)).toBe('SECOND_FACTOR_CODE_INVALID');
    // The code of a later step works.
    nextStep();
    expect((await verify(again.secondFactor!.challenge, 'TOTP', await codeAt())).body.errors).toBeUndefined();
  });

  it('refuses a challenge that expired', async () => {
    const step = await begin(admin.email);
    server.services.clock.travelTo(new Date(server.services.clock.now().getTime() + 6 * 60_000));
    const late = await verify(step.secondFactor!.challenge, 'TOTP', await codeAt());
    expect(codeOf(late.body)).toBe('SIGN_IN_CHALLENGE_INVALID');
  });

  it('signs in once with each recovery code', async () => {
    const first = await begin(admin.email);
    const typed = recoveryCodes[0].toUpperCase().replace(/-/g, ' ');
    const used = await verify(first.secondFactor!.challenge, 'RECOVERY_CODE', typed);
    expect(used.body.errors).toBeUndefined();
    expect(used.body.data!.verifySecondFactor.recoveryCodesLeft).toBe(9);
    const second = await begin(admin.email);
    const reused = await verify(second.secondFactor!.challenge, 'RECOVERY_CODE', recoveryCodes[0]);
    expect(codeOf(reused.body)).toBe('SECOND_FACTOR_CODE_INVALID');
    const events = await eventsOf(admin.id);
    expect(events.map((event) => event.kind)).toEqual(['TOTP_ENABLED', 'RECOVERY_CODE_USED']);
  });

  it('renews the recovery codes with a current code: the earlier ones stop working', async () => {
    nextStep();
    const step = await begin(admin.email);
    const token = (await verify(step.secondFactor!.challenge, 'TOTP', await codeAt())).body.data!.verifySecondFactor
      .token;
    nextStep();
    const renewed = await server.graphql<{ renewRecoveryCodes: { recoveryCodes: string[] } }>(
      RENEW,
      { input: { code: await codeAt() } },
      { token },
    );
    expect(renewed.body.data!.renewRecoveryCodes.recoveryCodes).toHaveLength(10);
    const old = await begin(admin.email);
    expect(codeOf((await verify(old.secondFactor!.challenge, 'RECOVERY_CODE', recoveryCodes[1])).body)).toBe(
      'SECOND_FACTOR_CODE_INVALID',
    );
    recoveryCodes = renewed.body.data!.renewRecoveryCodes.recoveryCodes;
  });

  it('a required second factor refuses the password alone and leads to set-up right after it', async () => {
    const adminToken = (
      await verify((await begin(admin.email)).secondFactor!.challenge, 'RECOVERY_CODE', recoveryCodes[0])
    ).body.data!.verifySecondFactor.token;
    const setting = await server.graphql(
      SETTING,
      { input: { country: 'BE', adminsRequired: true, dispatchersRequired: false, techniciansRequired: false } },
      { token: adminToken },
    );
    expect(setting.body.data).toEqual({
      updateSecondFactorSetting: {
        country: 'BE',
        adminsRequired: true,
        dispatchersRequired: false,
        techniciansRequired: false,
      },
    });
    expect(codeOf(await signInWithPassword(other.email))).toBe('SECOND_FACTOR_REQUIRED');
    const step = await begin(other.email);
    expect(step).toMatchObject({ token: null, secondFactor: { methods: [], setupRequired: true } });
    const { challenge } = step.secondFactor!;
    // Nothing to give before the app is set up; a recovery code there is none of.
    expect(codeOf((await verify(challenge, 'TOTP', '123456')).body)).toBe('SECOND_FACTOR_CODE_INVALID');
    const setup = await server.graphql<{ startTotpSetupAtSignIn: { secret: string } }>(START_SETUP_AT_SIGN_IN, {
      challenge,
    });
    const othersSecret = setup.body.data!.startTotpSetupAtSignIn.secret;
    const code = await generate({ secret: othersSecret, epoch: server.services.clock.nowSeconds() });
    const signedIn = await verify(challenge, 'TOTP', code);
    expect(signedIn.body.errors).toBeUndefined();
    expect(signedIn.body.data!.verifySecondFactor.recoveryCodes).toHaveLength(10);
    const token = signedIn.body.data!.verifySecondFactor.token;
    // Required: it cannot be turned off.
    nextStep();
    const off = await server.graphql(TURN_OFF, { input: { password: PASSWORD } }, { token });
    expect(codeOf(off.body)).toBe('SECOND_FACTOR_STATE');
    const status = await server.graphql(STATUS, {}, { token });
    expect(status.body.data).toEqual({ mySecondFactor: { totpEnabled: true, recoveryCodesLeft: 10, required: true } });

    // A dispatcher is not bound by the admins' rule.
    const dispatcher = await createAdmin(server.em(), { password: PASSWORD, role: Role.DISPATCHER });
    expect((await signInWithPassword(dispatcher.email)).errors).toBeUndefined();
  });

  it('another admin resets a lost factor, recorded with its name; its own and a dispatcher are refused', async () => {
    nextStep();
    const token = (await verify((await begin(admin.email)).secondFactor!.challenge, 'TOTP', await codeAt())).body.data!
      .verifySecondFactor.token;
    const own = await server.graphql(RESET, { input: { adminId: admin.id } }, { token });
    expect(codeOf(own.body)).toBe('OWN_SECOND_FACTOR');
    const dispatcher = await createAdmin(server.em(), { password: PASSWORD, role: Role.DISPATCHER });
    const dispatcherToken = (await signInWithPassword(dispatcher.email)) as {
      data?: { signInAdmin: { adminToken: string } };
    };
    const refused = await server.graphql(
      RESET,
      { input: { adminId: other.id } },
      { token: dispatcherToken.data!.signInAdmin.adminToken },
    );
    expect(codeOf(refused.body)).toBe('FORBIDDEN');

    const reset = await server.graphql(RESET, { input: { adminId: other.id } }, { token });
    expect(reset.body.data).toEqual({ resetSecondFactor: other.id });
    const events = await eventsOf(other.id);
    expect(events.map((event) => [event.kind, event.actor_admin_id, event.actor_name])).toEqual([
      ['TOTP_ENABLED', null, null],
      ['SECOND_FACTOR_RESET', admin.id, expect.stringMatching(/^Admin\d+ Test$/)],
    ]);
    // Still required: its next sign-in leads to a new set-up, not into a locked door.
    expect((await begin(other.email)).secondFactor).toMatchObject({ setupRequired: true, methods: [] });
  });

  it('turns the app off with the password once no setting requires it', async () => {
    const token = (await verify((await begin(admin.email)).secondFactor!.challenge, 'RECOVERY_CODE', recoveryCodes[2]))
      .body.data!.verifySecondFactor.token;
    await server.graphql(
      SETTING,
      { input: { country: 'BE', adminsRequired: false, dispatchersRequired: false, techniciansRequired: false } },
      { token },
    );
    const wrong = await server.graphql(TURN_OFF, { input: { password: 'not-the-password' } }, { token });
    expect(codeOf(wrong.body)).toBe('SECOND_FACTOR_CODE_INVALID');
    const off = await server.graphql(TURN_OFF, { input: { password: PASSWORD } }, { token });
    expect(off.body.data).toEqual({ turnOffTotp: { totpEnabled: false } });
    expect((await signInWithPassword(admin.email)).errors).toBeUndefined();
  });

  it("binds technicians by their own country's rule", async () => {
    const belgian = await createTechnician(server.em(), { password: 'monteur1', country: Country.BE });
    const dutch = await createTechnician(server.em(), { password: 'monteur1' });
    const adminToken = (await signInWithPassword(admin.email)) as { data?: { signInAdmin: { adminToken: string } } };
    await server.graphql(
      SETTING,
      { input: { country: 'BE', adminsRequired: false, dispatchersRequired: false, techniciansRequired: true } },
      { token: adminToken.data!.signInAdmin.adminToken },
    );
    const beginTechnician = async (email: string) =>
      (
        await server.graphql<{ beginTechnicianSignIn: Step }>(BEGIN_TECHNICIAN, {
          input: { email, password: 'monteur1' },
        })
      ).body.data!.beginTechnicianSignIn;
    expect((await beginTechnician(belgian.email)).secondFactor).toMatchObject({ setupRequired: true });
    expect((await beginTechnician(dutch.email)).token).toEqual(expect.any(String));
  });
});

describe("strangers who know the password cannot spend the owner's code attempts", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        CLOCK_NOW: NOW,
        RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: '4/3600',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/900',
      },
    });
  });
  afterAll(() => server.stop());

  it('refuses the account after its budget, but not the owner on a device that signed in with its code', async () => {
    const admin = await createAdmin(server.em(), { email: 'owner@example.test', password: PASSWORD });
    const beginFrom = async (cookie?: string) => {
      const answer = await server.graphql<{ beginAdminSignIn: Step }>(
        BEGIN_ADMIN,
        { input: { email: admin.email, password: PASSWORD } },
        { headers: cookie ? { cookie } : {} },
      );
      return answer.body.data!.beginAdminSignIn;
    };
    const first = await beginFrom();
    const token = first.token!;
    const { body } = await server.graphql<{ startTotpSetup: { secret: string } }>(START_SETUP, {}, { token });
    const secret = body.data!.startTotpSetup.secret;
    const now = () => server.services.clock.nowSeconds();
    await server.graphql(CONFIRM_SETUP, { code: await generate({ secret, epoch: now() }) }, { token });
    server.services.clock.travelTo(new Date((now() + 60) * 1000));

    // The owner signs in with its code: its browser now holds the device cookie of the account.
    const owners = await beginFrom();
    const signedIn = await server.graphql(VERIFY, {
      input: {
        challenge: owners.secondFactor!.challenge,
        method: 'TOTP',
        code: await generate({ secret, epoch: now() }),
      },
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((header) => header.startsWith('device_'))!
      .split(';')[0];
    expect(cookie).toMatch(/^device_/);

    // A stranger with the password uses up the account's attempts (the owner's first sign-in, without the cookie,
    // spent one of the four)...
    const strangers = await beginFrom();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await server.graphql(VERIFY, {
        input: { challenge: strangers.secondFactor!.challenge, method: 'TOTP', code: '000000' },
      });
      expect(codeOf(wrong.body)).toBe('SECOND_FACTOR_CODE_INVALID');
    }
    const limited = await server.graphql(VERIFY, {
      input: { challenge: strangers.secondFactor!.challenge, method: 'TOTP', code: '000000' },
    });
    expect(codeOf(limited.body)).toBe('RATE_LIMITED');
    // ...but the owner's device counts on its own and still signs in.
    server.services.clock.travelTo(new Date((now() + 60) * 1000));
    const again = await beginFrom(cookie);
    const owner = await server.graphql(
      VERIFY,
      {
        input: {
          challenge: again.secondFactor!.challenge,
          method: 'TOTP',
          code: await generate({ secret, epoch: now() }),
        },
      },
      { headers: { cookie } },
    );
    expect(owner.body.errors).toBeUndefined();
  });
});
