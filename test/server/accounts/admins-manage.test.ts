import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../../server/admins/admin.entity.js';
import { AdminService } from '../../../server/admins/admin.service.js';
import { Role } from '../../../server/common/auth/role.js';
import { Country, Language } from '../../../server/common/locale.js';
import type { AppContext } from '../../../server/context.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { readOutbox, resetLinkOf, waitForMail } from '../../utils/outbox.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ADMIN_FIELDS = 'id firstname lastname email inactive';
const CREATE = `mutation ($input: AdminInput!) { createAdmin(input: $input) { ${ADMIN_FIELDS} } }`;
const UPDATE = `mutation ($id: Int!, $input: AdminInput!) { updateAdmin(id: $id, input: $input) { ${ADMIN_FIELDS} } }`;
const DELETE = `mutation ($id: Int!) { deleteAdmin(id: $id) { id } }`;

type Body = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

describe('admin management', () => {
  let server: TestServer;
  let me: Admin;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    me = await createAdmin(server.em(), { firstname: 'Ik', email: 'me@example.test' });
    token = tokensFor(server).admin(me);
  });
  afterAll(() => server.stop());

  const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
    server.graphql<T>(query, variables, { token });

  it('creates an admin without a password, lists it and reads it back', async () => {
    const { body } = await gql<{ createAdmin: { id: number; email: string; inactive: boolean } }>(CREATE, {
      input: { firstname: ' Piet ', lastname: 'Pol', email: 'Piet@Example.test', inactive: false },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.createAdmin).toMatchObject({ email: 'piet@example.test', inactive: false });
    const id = body.data!.createAdmin.id;
    const stored = await server.em().findOneOrFail(Admin, { id }, { populate: ['passwordHash'] });
    expect(stored).toMatchObject({ firstname: 'Piet', passwordHash: null });

    const list = await gql<{ admins: { email: string }[] }>(`{ admins { email } }`);
    expect(list.body.data?.admins.map((admin) => admin.email)).toEqual(['me@example.test', 'piet@example.test']);
    const one = await gql<{ admin: { lastname: string } }>(`query ($id: Int!) { admin(id: $id) { lastname } }`, { id });
    expect(one.body.data?.admin.lastname).toBe('Pol');
    expect(codeOf((await gql(`{ admin(id: 999999) { id } }`)).body)).toBe('NOT_FOUND');
  });

  it('refuses a taken e-mail with the legacy text', async () => {
    const { body } = await gql(CREATE, {
      input: { firstname: 'Ander', lastname: 'Iemand', email: 'ME@example.test', inactive: false },
    });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Opgelet, dit e-mailadres bestaat al',
      extensions: { code: 'ADMIN_EMAIL_TAKEN' },
    });
  });

  it('names every invalid field', async () => {
    const { body } = await gql(CREATE, {
      input: { firstname: ' ', lastname: 'X', email: 'not-an-email', inactive: false },
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].extensions?.fields).toEqual([
      { field: 'firstname', message: 'Dit veld is verplicht.' },
      { field: 'email', message: 'Dit is geen geldig e-mailadres.' },
    ]);
  });

  it('answers the legacy calls: list, get as an array, create with inactive as a string, edit, delete', async () => {
    const created = await server.rest<Record<string, unknown>>('POST', '/api/admin/user', {
      token,
      form: { firstname: 'Legacy', lastname: 'Admin', email: 'legacy@example.test', inactive: '1' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      firstname: 'Legacy',
      lastname: 'Admin',
      email: 'legacy@example.test',
      inactive: 1,
    });
    const id = created.body.id as number;

    const list = await server.rest<{ email: string; inactive: number }[]>('GET', '/api/admin/admins', { token });
    expect(list.status).toBe(200);
    expect(list.body.find((admin) => admin.email === 'legacy@example.test')?.inactive).toBe(1);

    const got = await server.rest<unknown[]>('GET', `/api/admin/user/${id}`, { token });
    expect(got.body).toEqual([created.body]);

    const edited = await server.rest('PUT', `/api/admin/user/${id}`, {
      token,
      form: { id: String(id), firstname: 'Legacy', lastname: 'Aangepast', email: 'legacy@example.test', inactive: '0' },
    });
    expect(edited).toMatchObject({ status: 200, body: { lastname: 'Aangepast', inactive: 0 } });

    expect(await server.rest('DELETE', `/api/admin/user/${id}`, { token })).toMatchObject({
      status: 200,
      body: { id },
    });
    expect(await server.rest('GET', `/api/admin/user/${id}`, { token })).toMatchObject({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
    const taken = await server.rest('POST', '/api/admin/user', {
      token,
      form: { firstname: 'X', lastname: 'Y', email: 'me@example.test', inactive: '0' },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'ADMIN_EMAIL_TAKEN' } });
    const badFlag = await server.rest('POST', '/api/admin/user', {
      token,
      form: { firstname: 'X', lastname: 'Y', email: 'flag@example.test', inactive: 'maybe' },
    });
    expect(badFlag).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
  });

  it('deactivating an admin ends its sessions at once; reactivating does not revive them', async () => {
    const other = await createAdmin(server.em(), { email: 'other@example.test' });
    const otherToken = tokensFor(server).admin(other);
    const input = { firstname: other.firstname, lastname: other.lastname, email: other.email };
    expect(codeOf((await gql(UPDATE, { id: other.id, input: { ...input, inactive: true } })).body)).toBeUndefined();
    const refused = await server.graphql('{ currentAdmin { id } }', {}, { token: otherToken });
    expect(codeOf(refused.body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await gql(UPDATE, { id: other.id, input: { ...input, inactive: false } })).body)).toBeUndefined();
    const stillRefused = await server.graphql('{ currentAdmin { id } }', {}, { token: otherToken });
    expect(codeOf(stillRefused.body)).toBe('UNAUTHENTICATED');
  });

  it('does not let an admin deactivate or delete itself', async () => {
    const input = { firstname: 'Ik', lastname: me.lastname, email: me.email, inactive: true };
    const deactivate = await gql(UPDATE, { id: me.id, input });
    expect(deactivate.body.errors?.[0]).toMatchObject({
      message: 'U kunt uw eigen account niet op inactief zetten.',
      extensions: { code: 'OWN_ACCOUNT' },
    });
    const remove = await gql(DELETE, { id: me.id });
    expect(remove.body.errors?.[0]).toMatchObject({
      message: 'U kunt uw eigen account niet verwijderen.',
      extensions: { code: 'OWN_ACCOUNT' },
    });
    expect(await server.rest('DELETE', `/api/admin/user/${me.id}`, { token })).toMatchObject({ status: 409 });
    const renamed = await gql(UPDATE, { id: me.id, input: { ...input, firstname: 'Ikzelf', inactive: false } });
    expect(codeOf(renamed.body)).toBeUndefined();
  });

  /** A service context for an admin, as if its request had been authenticated a moment ago. */
  const contextOf = (adminId: number): AppContext => ({
    em: server.em(),
    viewer: { role: Role.ADMIN, adminId },
    language: Language.NL,
    country: Country.NL,
    clientKey: '127.0.0.1',
    userAgent: 'test',
    log: pino({ level: 'silent' }),
    services: server.services,
  });
  const inputOf = (admin: Admin, inactive: boolean) => ({
    firstname: admin.firstname,
    lastname: admin.lastname,
    email: admin.email,
    inactive,
  });

  it('keeps one admin active when the last two deactivate or delete each other at the same moment', async () => {
    for (const action of ['update', 'delete'] as const) {
      const em = server.em();
      const a = await createAdmin(em);
      const b = await createAdmin(em);
      await em.nativeUpdate(Admin, { id: { $nin: [a.id, b.id] } }, { inactive: true });
      const act = (as: Admin, target: Admin) => {
        const service = new AdminService(contextOf(as.id));
        return action === 'update' ? service.update(target.id, inputOf(target, true)) : service.delete(target.id);
      };
      const results = await Promise.allSettled([act(a, b), act(b, a)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toMatchObject({ extensions: { code: 'LAST_ACTIVE_ADMIN' } });
      expect(await server.em().count(Admin, { id: [a.id, b.id], inactive: false })).toBe(1);
      await server.em().nativeUpdate(Admin, { id: me.id }, { inactive: false });
    }
  });

  it('refuses to deactivate or delete the last active admin', async () => {
    // A caller whose own deactivation landed after it was authenticated: the last rule left.
    const em = server.em();
    const stale = await createAdmin(em, { inactive: true });
    const last = await createAdmin(em);
    await em.nativeUpdate(Admin, { id: { $ne: last.id } }, { inactive: true });
    const ctx = contextOf(stale.id);
    await expect(new AdminService(ctx).update(last.id, inputOf(last, true))).rejects.toMatchObject({
      extensions: { code: 'LAST_ACTIVE_ADMIN' },
    });
    await expect(new AdminService(ctx).delete(last.id)).rejects.toMatchObject({
      extensions: { code: 'LAST_ACTIVE_ADMIN' },
    });
    expect(await server.em().count(Admin, { id: last.id, inactive: false })).toBe(1);
    await server.em().nativeUpdate(Admin, { id: me.id }, { inactive: false });
  });

  it('refuses every admin operation to technicians and anonymous callers', async () => {
    const technicianToken = tokensFor(server).technician(await createTechnician(server.em()));
    const operations = [
      '{ admins { id } }',
      `{ admin(id: ${me.id}) { id } }`,
      `mutation { createAdmin(input: { firstname: "a", lastname: "b", email: "x@example.test" }) { id } }`,
      `mutation { deleteAdmin(id: ${me.id}) { id } }`,
    ];
    for (const operation of operations) {
      expect(codeOf((await server.graphql(operation, {}, { token: technicianToken })).body)).toBe('FORBIDDEN');
      expect(codeOf((await server.graphql(operation)).body)).toBe('UNAUTHENTICATED');
    }
    expect(await server.rest('GET', '/api/admin/admins', { token: technicianToken })).toMatchObject({ status: 403 });
    expect(await server.rest('DELETE', `/api/admin/user/${me.id}`)).toMatchObject({ status: 401 });
  });
});

describe('the first mail of a new account', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em(), { email: 'office@example.test' }));
  });
  afterAll(() => server.stop());

  const create = (mutation: string, input: Record<string, unknown>, language = 'nl') =>
    server.graphql<Record<string, { id: number }>>(
      mutation,
      { input },
      { token, headers: { 'accept-language': language } },
    );
  const CREATE_TECHNICIAN = `mutation ($input: CreateTechnicianInput!) { createTechnician(input: $input) { id } }`;

  it('is sent by the server, not asked for by the screen: a new technician gets a welcome link in the office language', async () => {
    const seen = readOutbox(server.dataDir);
    const { body } = await create(
      CREATE_TECHNICIAN,
      { firstname: 'Noor', lastname: 'Nieuw', email: 'noor@example.test', personalNumber: 'T-900', country: 'BE' },
      'fr',
    );
    expect(body.errors).toBeUndefined();
    const mail = await waitForMail(server.dataDir, 'noor@example.test', { seen });
    expect(mail.subject).toContain('Bienvenue');
    expect(resetLinkOf(mail).url).toContain('/technician/newpassword/');
  });

  it('welcomes an active admin once, and mails nobody for an inactive one or a refused create', async () => {
    const seen = readOutbox(server.dataDir);
    await create(CREATE, { firstname: 'Piet', lastname: 'Pol', email: 'piet@example.test', inactive: false });
    await create(CREATE, { firstname: 'Slaap', lastname: 'Er', email: 'slaap@example.test', inactive: true });
    const refused = await create(CREATE, {
      firstname: 'Dubbel',
      lastname: 'Op',
      email: 'office@example.test',
      inactive: false,
    });
    expect(codeOf(refused.body)).toBe('ADMIN_EMAIL_TAKEN');
    const mail = await waitForMail(server.dataDir, 'piet@example.test', { seen });
    expect(mail.subject).toBe('Welkom bij Tijdvak: stel uw wachtwoord in');
    // The job queue has had time to send anything else it held.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = readOutbox(server.dataDir).filter((each) => !seen.some((old) => old.file === each.file));
    expect(sent.map((each) => each.to)).toEqual(['piet@example.test']);
  });
});
