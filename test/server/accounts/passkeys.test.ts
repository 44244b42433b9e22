import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { SoftwareAuthenticator } from '../../utils/software-authenticator.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const NOW = '2026-03-10T09:00:00.000Z';
const ORIGIN = 'https://portal.example.test';
const RP_ID = 'portal.example.test';
/** The Belgian site: staff sign in there too, with passkeys of its own. */
const OTHER_SITE = 'https://rendezvous.example.test';

const REGISTRATION_OPTIONS = `mutation { passkeyRegistrationOptions { challengeId optionsJSON } }`;
const ADD = `mutation ($input: AddPasskeyInput!) { addPasskey(input: $input) { id name createdAt lastUsedAt } }`;
const MINE = `{ myPasskeys { id name createdAt lastUsedAt } }`;
const REMOVE = `mutation ($id: Int!) { removePasskey(id: $id) { id } }`;
const SIGN_IN_OPTIONS = `mutation { passkeySignInOptions { challengeId optionsJSON } }`;
const SIGN_IN_ADMIN = `mutation ($input: PasskeySignInInput!) { signInAdminWithPasskey(input: $input) { adminToken } }`;
const SIGN_IN_TECHNICIAN = `mutation ($input: PasskeySignInInput!) { signInTechnicianWithPasskey(input: $input) { accessToken } }`;
const REMOVE_ADMIN_PASSKEYS = `mutation ($id: Int!) { removeAdminPasskeys(id: $id) { id removed } }`;

interface Options {
  challengeId: string;
  optionsJSON: string;
}
interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

describe('staff passkeys with a software authenticator, on two instances of one database', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      JWT_SECRET: 'a-shared-secret-of-the-deployment-0123456789',
      CLOCK_NOW: NOW,
      APP_URL: ORIGIN,
      PASSKEY_ORIGINS: `${ORIGIN},${OTHER_SITE}`,
      RATE_LIMIT_SIGN_IN_PER_CLIENT: '1000/900',
    };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await database.drop();
  });

  const registrationOptions = async (server: TestServer, token: string): Promise<Options> => {
    const { body } = await server.graphql<{ passkeyRegistrationOptions: Options }>(REGISTRATION_OPTIONS, {}, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.passkeyRegistrationOptions;
  };
  const signInOptions = async (server: TestServer): Promise<Options> => {
    const { body } = await server.graphql<{ passkeySignInOptions: Options }>(SIGN_IN_OPTIONS);
    expect(body.errors).toBeUndefined();
    return body.data!.passkeySignInOptions;
  };
  /** Registers a passkey on `authenticator` for the token's account, through the first instance. */
  const register = async (token: string, authenticator: SoftwareAuthenticator, name = 'Laptop') => {
    const options = await registrationOptions(first, token);
    const { credential, responseJSON } = authenticator.create(options.optionsJSON, { origin: ORIGIN });
    const { body } = await second.graphql<{ addPasskey: { id: number; name: string } }>(
      ADD,
      { input: { challengeId: options.challengeId, responseJSON, name } },
      { token },
    );
    expect(body.errors).toBeUndefined();
    return { credential, passkey: body.data!.addPasskey };
  };
  const signInAdmin = (server: TestServer, challengeId: string, responseJSON: string) =>
    server.graphql<{ signInAdminWithPasskey: { adminToken: string } }>(SIGN_IN_ADMIN, {
      input: { challengeId, responseJSON },
    });

  it('an admin adds a passkey, lists it, and signs in with it alone into a session of its own', async () => {
    const admin = await createAdmin(first.em(), { email: 'lies@example.test' });
    const token = tokensFor(first).admin(admin);
    const authenticator = new SoftwareAuthenticator(RP_ID);

    const options = await registrationOptions(first, token);
    const creation = JSON.parse(options.optionsJSON) as Record<string, unknown>;
    // A discoverable passkey whose user is verified, bound to the configured site; no attestation asked.
    expect(creation).toMatchObject({
      rp: { id: RP_ID },
      user: { name: 'lies@example.test' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { responseJSON } = authenticator.create(options.optionsJSON, { origin: ORIGIN });
    const added = await second.graphql<{ addPasskey: { id: number; name: string; lastUsedAt: string | null } }>(
      ADD,
      { input: { challengeId: options.challengeId, responseJSON, name: '  Laptop thuis ' } },
      { token },
    );
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data?.addPasskey).toMatchObject({ name: 'Laptop thuis', lastUsedAt: null });

    // Usernameless: the options name no credential; the answer goes to the other instance.
    const signIn = await signInOptions(first);
    const request = JSON.parse(signIn.optionsJSON) as Record<string, unknown>;
    expect(request).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(request.allowCredentials ?? []).toEqual([]);
    const { body } = await signInAdmin(
      second,
      signIn.challengeId,
      authenticator.get(signIn.optionsJSON, { origin: ORIGIN }),
    );
    expect(body.errors).toBeUndefined();
    const adminToken = body.data!.signInAdminWithPasskey.adminToken;
    const claims = jwt.decode(adminToken) as { sub: string; role: string; sid?: string };
    expect(claims).toMatchObject({ sub: String(admin.id), role: Role.ADMIN });

    // The token works, and its session is listed among the devices like a password sign-in's.
    const devices = await first.graphql<{ myDevices: { id: string; current: boolean }[] }>(
      '{ myDevices { id current } }',
      {},
      { token: adminToken },
    );
    expect(devices.body.data?.myDevices).toEqual([{ id: claims.sid, current: true }]);
    const mine = await first.graphql<{ myPasskeys: { name: string; lastUsedAt: string | null }[] }>(
      MINE,
      {},
      {
        token: adminToken,
      },
    );
    expect(mine.body.data?.myPasskeys).toHaveLength(1);
    expect(mine.body.data?.myPasskeys[0].name).toBe('Laptop thuis');
    expect(mine.body.data?.myPasskeys[0].lastUsedAt).not.toBeNull();
  });

  it('a technician signs in with a passkey on the phone; an office passkey does not open the technician area', async () => {
    const technician = await createTechnician(first.em(), { email: 'tom@example.test' });
    const phone = new SoftwareAuthenticator(RP_ID);
    await register(tokensFor(first).technician(technician), phone, 'Telefoon');
    const options = await signInOptions(second);
    const { body } = await first.graphql<{ signInTechnicianWithPasskey: { accessToken: string } }>(SIGN_IN_TECHNICIAN, {
      input: { challengeId: options.challengeId, responseJSON: phone.get(options.optionsJSON, { origin: ORIGIN }) },
    });
    expect(body.errors).toBeUndefined();
    expect(jwt.decode(body.data!.signInTechnicianWithPasskey.accessToken)).toMatchObject({
      sub: String(technician.id),
      role: Role.TECHNICIAN,
    });

    const admin = await createAdmin(first.em());
    const laptop = new SoftwareAuthenticator(RP_ID);
    await register(tokensFor(first).admin(admin), laptop);
    const again = await signInOptions(first);
    const refused = await first.graphql(SIGN_IN_TECHNICIAN, {
      input: { challengeId: again.challengeId, responseJSON: laptop.get(again.optionsJSON, { origin: ORIGIN }) },
    });
    expect(codeOf(refused.body)).toBe('PASSKEY_UNKNOWN');
  });

  it("another site's origin is refused, at registration and at sign-in", async () => {
    const admin = await createAdmin(first.em());
    const token = tokensFor(first).admin(admin);
    const authenticator = new SoftwareAuthenticator(RP_ID);
    const options = await registrationOptions(first, token);
    const phished = authenticator.create(options.optionsJSON, { origin: 'https://portal.example.test.evil.test' });
    const { body: addRefused } = await first.graphql(
      ADD,
      { input: { challengeId: options.challengeId, responseJSON: phished.responseJSON, name: 'Laptop' } },
      { token },
    );
    expect(codeOf(addRefused)).toBe('PASSKEY_REFUSED');
    expect((await first.graphql<{ myPasskeys: unknown[] }>(MINE, {}, { token })).body.data?.myPasskeys).toEqual([]);

    const { credential } = await register(token, authenticator);
    const signIn = await signInOptions(first);
    const answer = authenticator.get(signIn.optionsJSON, { origin: 'https://evil.example.test', credential });
    const { body } = await signInAdmin(first, signIn.challengeId, answer);
    expect(codeOf(body)).toBe('PASSKEY_REFUSED');
    expect(body.data).toBeNull();
  });

  it('a challenge answers once: the same answer again, on either instance, is refused', async () => {
    const admin = await createAdmin(first.em());
    const authenticator = new SoftwareAuthenticator(RP_ID);
    await register(tokensFor(first).admin(admin), authenticator);
    const signIn = await signInOptions(first);
    const answer = authenticator.get(signIn.optionsJSON, { origin: ORIGIN });
    const [one, two] = await Promise.all([
      signInAdmin(first, signIn.challengeId, answer),
      signInAdmin(second, signIn.challengeId, answer),
    ]);
    const codes = [codeOf(one.body), codeOf(two.body)].sort();
    expect(codes).toEqual(['PASSKEY_REFUSED', undefined].sort());
    const replay = await signInAdmin(first, signIn.challengeId, answer);
    expect(codeOf(replay.body)).toBe('PASSKEY_REFUSED');
    // A challenge of a registration does not sign in either.
    const registration = await registrationOptions(first, tokensFor(first).admin(admin));
    const crossed = authenticator.get(registration.optionsJSON, { origin: ORIGIN });
    expect(codeOf((await signInAdmin(first, registration.challengeId, crossed)).body)).toBe('PASSKEY_REFUSED');
  });

  it('a counter that goes back (a copied key) and an unverified user are refused', async () => {
    const admin = await createAdmin(first.em());
    const authenticator = new SoftwareAuthenticator(RP_ID);
    const { credential } = await register(tokensFor(first).admin(admin), authenticator);
    const good = await signInOptions(first);
    credential.counter = 40;
    expect(
      codeOf(
        (await signInAdmin(first, good.challengeId, authenticator.get(good.optionsJSON, { origin: ORIGIN }))).body,
      ),
    ).toBeUndefined();

    // The copy still counts from before: its answer is well signed, but its counter did not move on.
    credential.counter = 10;
    const copied = await signInOptions(first);
    const { body } = await signInAdmin(
      first,
      copied.challengeId,
      authenticator.get(copied.optionsJSON, { origin: ORIGIN }),
    );
    expect(codeOf(body)).toBe('PASSKEY_REFUSED');

    credential.counter = 100;
    const unverified = await signInOptions(first);
    const answer = authenticator.get(unverified.optionsJSON, { origin: ORIGIN, userVerified: false });
    expect(codeOf((await signInAdmin(first, unverified.challengeId, answer)).body)).toBe('PASSKEY_REFUSED');
  });

  it("another account's passkey, challenge or handle is refused", async () => {
    const owner = await createAdmin(first.em());
    const other = await createAdmin(first.em());
    const authenticator = new SoftwareAuthenticator(RP_ID);
    const { credential, passkey } = await register(tokensFor(first).admin(owner), authenticator);

    // A credential answering with another account's user handle is not that account's.
    const otherOptions = await registrationOptions(first, tokensFor(first).admin(other));
    const otherHandle = (JSON.parse(otherOptions.optionsJSON) as { user: { id: string } }).user.id;
    const signIn = await signInOptions(first);
    const answer = authenticator.get(signIn.optionsJSON, { origin: ORIGIN, credential, userHandle: otherHandle });
    expect(codeOf((await signInAdmin(first, signIn.challengeId, answer)).body)).toBe('PASSKEY_REFUSED');

    // One account's registration challenge cannot add a passkey to another.
    const ownerOptions = await registrationOptions(first, tokensFor(first).admin(owner));
    const made = new SoftwareAuthenticator(RP_ID).create(ownerOptions.optionsJSON, { origin: ORIGIN });
    const { body: added } = await first.graphql(
      ADD,
      { input: { challengeId: ownerOptions.challengeId, responseJSON: made.responseJSON, name: 'Stolen' } },
      { token: tokensFor(first).admin(other) },
    );
    expect(codeOf(added)).toBe('PASSKEY_REFUSED');

    // Nor remove or see another's passkey.
    const { body: removed } = await first.graphql(REMOVE, { id: passkey.id }, { token: tokensFor(first).admin(other) });
    expect(codeOf(removed)).toBe('NOT_FOUND');
    const listed = await first.graphql<{ myPasskeys: unknown[] }>(MINE, {}, { token: tokensFor(first).admin(other) });
    expect(listed.body.data?.myPasskeys).toEqual([]);
    // Its owner removes it; it no longer signs in.
    const { body: own } = await first.graphql(REMOVE, { id: passkey.id }, { token: tokensFor(first).admin(owner) });
    expect(own.data).toEqual({ removePasskey: { id: passkey.id } });
    const after = await signInOptions(first);
    const gone = authenticator.get(after.optionsJSON, { origin: ORIGIN, credential });
    expect(codeOf((await signInAdmin(first, after.challengeId, gone)).body)).toBe('PASSKEY_UNKNOWN');
  });

  it("an admin removes another account's passkeys, recorded; a nameless passkey is refused", async () => {
    const admin = await createAdmin(first.em(), { firstname: 'Anna', lastname: 'Smit' });
    const dispatcher = await createAdmin(first.em(), { role: Role.DISPATCHER });
    const authenticator = new SoftwareAuthenticator(RP_ID);
    const dispatcherToken = tokensFor(first).admin(dispatcher);
    await register(dispatcherToken, authenticator);

    const options = await registrationOptions(first, dispatcherToken);
    const { responseJSON } = new SoftwareAuthenticator(RP_ID).create(options.optionsJSON, { origin: ORIGIN });
    const { body: nameless } = await first.graphql(
      ADD,
      { input: { challengeId: options.challengeId, responseJSON, name: '   ' } },
      { token: dispatcherToken },
    );
    expect(codeOf(nameless)).toBe('BAD_USER_INPUT');

    const { body: forbidden } = await first.graphql(
      REMOVE_ADMIN_PASSKEYS,
      { id: admin.id },
      { token: dispatcherToken },
    );
    expect(codeOf(forbidden)).toBe('FORBIDDEN');
    const { body } = await first.graphql(
      REMOVE_ADMIN_PASSKEYS,
      { id: dispatcher.id },
      { token: tokensFor(first).admin(admin) },
    );
    expect(body.data).toEqual({ removeAdminPasskeys: { id: dispatcher.id, removed: 1 } });
    const events = await first.em().getConnection().execute<
      {
        kind: string;
        actor_admin_id: number;
        actor_name: string;
        account_kind: string;
        account_id: number;
      }[]
    >('select kind, actor_admin_id, actor_name, account_kind, account_id from staff_security_events where account_id = ?', [dispatcher.id]);
    expect(events).toEqual([
      {
        kind: 'PASSKEYS_REMOVED',
        actor_admin_id: admin.id,
        actor_name: 'Anna Smit',
        account_kind: 'admin',
        account_id: dispatcher.id,
      },
    ]);
    expect(
      (await first.graphql<{ myPasskeys: unknown[] }>(MINE, {}, { token: dispatcherToken })).body.data?.myPasskeys,
    ).toEqual([]);
  });

  it('each listed site is its own relying party: a passkey signs in on the site it was made on only', async () => {
    const admin = await createAdmin(first.em());
    const token = tokensFor(first).admin(admin);
    const headers = { origin: OTHER_SITE };
    const { body: options } = await first.graphql<{ passkeyRegistrationOptions: Options }>(
      REGISTRATION_OPTIONS,
      {},
      { token, headers },
    );
    const registration = options.data!.passkeyRegistrationOptions;
    expect(JSON.parse(registration.optionsJSON)).toMatchObject({ rp: { id: 'rendezvous.example.test' } });
    const authenticator = new SoftwareAuthenticator('rendezvous.example.test');
    const { credential, responseJSON } = authenticator.create(registration.optionsJSON, { origin: OTHER_SITE });
    const { body: added } = await second.graphql(
      ADD,
      { input: { challengeId: registration.challengeId, responseJSON, name: 'Tablette' } },
      { token, headers },
    );
    expect(added.errors).toBeUndefined();

    const { body: there } = await second.graphql<{ passkeySignInOptions: Options }>(SIGN_IN_OPTIONS, {}, { headers });
    const onSite = there.data!.passkeySignInOptions;
    const answer = authenticator.get(onSite.optionsJSON, { origin: OTHER_SITE, credential });
    expect(codeOf((await signInAdmin(first, onSite.challengeId, answer)).body)).toBeUndefined();

    // On the Dutch site the same key answers for another relying party: refused.
    const here = await signInOptions(first);
    const elsewhere = authenticator.get(here.optionsJSON, { origin: ORIGIN, credential });
    expect(codeOf((await signInAdmin(first, here.challengeId, elsewhere)).body)).toBe('PASSKEY_REFUSED');
  });
});
