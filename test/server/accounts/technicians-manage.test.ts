import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, PasswordResetToken } from '../../../server/accounts/password-reset-token.entity.js';
import { Admin } from '../../../server/admins/admin.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { postGraphQLWithHost } from '../../utils/raw-http.js';
import { readOutbox, resetLinkOf, waitForMail } from '../../utils/outbox.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const FIELDS = 'id firstname lastname email personalNumber startingTime country lastOnline';
const CREATE = `mutation ($input: CreateTechnicianInput!) { createTechnician(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: Int!, $input: UpdateTechnicianInput!) { updateTechnician(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: Int!) { deleteTechnician(id: $id) { id } }`;
const SIGN_IN_AS = `mutation ($id: Int!) { signInAsTechnician(technicianId: $id) { technicianToken } }`;

type Body = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

describe('technician management', () => {
  let server: TestServer;
  let admin: Admin;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    admin = await createAdmin(server.em());
    token = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
    server.graphql<T>(query, variables, { token });

  it("creates a technician without a password, at 8 o'clock, in the site's country", async () => {
    const { body } = await postGraphQLWithHost<{ data?: { createTechnician: unknown }; errors?: unknown }>(
      server.url,
      'rendezvous.be.example.test',
      CREATE,
      { input: { firstname: 'Luc', lastname: 'Peeters', email: 'Luc@Example.test', personalNumber: 'N500' } },
      token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.createTechnician).toMatchObject({
      email: 'luc@example.test',
      personalNumber: 'N500',
      startingTime: 8,
      country: 'BE',
      lastOnline: null,
    });
    const stored = await server
      .em()
      .findOneOrFail(Technician, { personalNumber: 'N500' }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toBeNull();
  });

  it('refuses a taken e-mail or personal number with the legacy text', async () => {
    for (const input of [
      { firstname: 'A', lastname: 'B', email: 'luc@example.test', personalNumber: 'N501' },
      { firstname: 'A', lastname: 'B', email: 'fresh@example.test', personalNumber: 'N500' },
    ]) {
      const { body } = await gql(CREATE, { input });
      expect(body.errors?.[0]).toMatchObject({
        message: 'Opgelet, het e-mailadres of het N-nummer bestaat al',
        extensions: { code: 'TECHNICIAN_ALREADY_EXISTS' },
      });
    }
    const rest = await server.rest('POST', '/api/admin/technician', {
      token,
      form: { firstname: 'A', lastname: 'B', email: 'luc@example.test', personalNumber: 'N502' },
    });
    expect(rest).toMatchObject({ status: 409, body: { message: 'TECHNICIAN_ALREADY_EXISTS' } });
  });

  it('names every invalid field', async () => {
    const { body } = await gql(CREATE, {
      input: { firstname: 'A', lastname: '', email: 'x@', personalNumber: 'N 1', startingTime: 21 },
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].extensions?.fields).toEqual([
      { field: 'lastname', message: 'Dit veld is verplicht.' },
      { field: 'email', message: 'Dit is geen geldig e-mailadres.' },
      { field: 'personalNumber', message: 'Een N-nummer bestaat uit letters en cijfers, zonder spaties.' },
      { field: 'startingTime', message: 'Kies een begintijd tussen 7.00 en 20.00.' },
    ]);
  });

  it('answers the legacy create, get and edit calls with <brand>_identifier; the personal number stays', async () => {
    const created = await server.rest<Record<string, unknown>>('POST', '/api/admin/technician', {
      token,
      form: { firstname: 'Jan', lastname: 'Smit', email: 'jan@example.test', personalNumber: 'N600' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      firstname: 'Jan',
      lastname: 'Smit',
      email: 'jan@example.test',
      acme_identifier: 'N600',
      starting_time: 8,
      last_online: null,
    });
    const id = created.body.id as number;
    expect(await server.rest('GET', `/api/admin/technician/${id}`, { token })).toMatchObject({
      status: 200,
      body: created.body,
    });
    const edited = await server.rest('PUT', `/api/admin/technician/${id}`, {
      token,
      form: {
        id: String(id),
        firstname: 'Jan',
        lastname: 'Smid',
        email: 'jan.smid@example.test',
        personalNumber: 'N999',
        startingTime: '7',
      },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { lastname: 'Smid', email: 'jan.smid@example.test', acme_identifier: 'N600', starting_time: 7 },
    });
    expect(await server.rest('GET', '/api/admin/technician/999999', { token })).toMatchObject({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
  });

  it('edits start hours 7 to 20 only, and refuses an e-mail of another technician', async () => {
    const technician = await createTechnician(server.em(), { email: 'edit@example.test' });
    const input = (startingTime: number, email = 'edit@example.test') => ({
      firstname: technician.firstname,
      lastname: technician.lastname,
      email,
      startingTime,
    });
    for (const hour of [7, 20]) {
      const { body } = await gql<{ updateTechnician: { startingTime: number } }>(UPDATE, {
        id: technician.id,
        input: input(hour),
      });
      expect(body.data?.updateTechnician.startingTime).toBe(hour);
    }
    for (const hour of [6, 21]) {
      expect(codeOf((await gql(UPDATE, { id: technician.id, input: input(hour) })).body)).toBe('BAD_USER_INPUT');
    }
    const taken = await gql(UPDATE, { id: technician.id, input: input(9, 'luc@example.test') });
    expect(taken.body.errors?.[0]).toMatchObject({
      message: 'Opgelet, dit mailadres is al in gebruik bij een andere monteur.',
      extensions: { code: 'TECHNICIAN_ALREADY_EXISTS' },
    });
    const country = await gql<{ updateTechnician: { country: string } }>(UPDATE, {
      id: technician.id,
      input: { ...input(9), country: 'BE' },
    });
    expect(country.body.data?.updateTechnician.country).toBe('BE');
  });

  it('keeps the country of a technician with orders still to visit, and changes it once they are gone', async () => {
    const em = server.em();
    const technician = await createTechnician(em, { firstname: 'Kees', lastname: 'Land', email: 'land@example.test' });
    const coming = await createOrder(em, { appointment: new Date(Date.now() + 7 * 86_400_000), technician });
    await createOrder(em, { appointment: new Date('2026-01-05T09:00:00Z'), technician });
    const toBelgium = {
      firstname: 'Kees',
      lastname: 'Land',
      email: 'land@example.test',
      startingTime: 8,
      country: 'BE',
    };

    const refused = await gql(UPDATE, { id: technician.id, input: toBelgium });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Kees Land heeft in zijn huidige land nog opdrachten te bezoeken (aantal: 1).'),
      extensions: { code: 'TECHNICIAN_COUNTRY_HAS_ORDERS' },
    });
    const french = await server.graphql(
      UPDATE,
      { id: technician.id, input: toBelgium },
      {
        token,
        headers: { 'accept-language': 'fr' },
      },
    );
    expect(french.body.errors?.[0]?.message).toContain(
      'Kees Land a encore des missions à effectuer dans son pays actuel (nombre\u00a0: 1)',
    );
    const unchanged = await server.em().fork().findOneOrFail(Technician, { id: technician.id });
    expect(unchanged).toMatchObject({ country: 'NL', startingTime: technician.startingTime });

    // The past order does not count; the coming one, once deleted, no longer either.
    await server.em().fork().nativeUpdate(Order, { id: coming.id }, { deletedAt: new Date() });
    const moved = await gql<{ updateTechnician: { country: string } }>(UPDATE, { id: technician.id, input: toBelgium });
    expect(moved.body.data?.updateTechnician.country).toBe('BE');
  });

  it('deletes a technician for good: its past orders keep no technician, its links and sessions end', async () => {
    const em = server.em();
    const technician = await createTechnician(em, { email: 'leaving@example.test' });
    const order = await createOrder(em, { appointment: new Date('2026-01-05T09:00:00Z'), technician });
    em.create(PasswordResetToken, {
      tokenHash: 'f'.repeat(64),
      accountType: AccountType.TECHNICIAN,
      accountId: technician.id,
      expiresAt: new Date(Date.now() + 60_000),
      createdAt: new Date(),
    });
    await em.flush();
    const session = tokensFor(server).technician(technician);

    expect(await server.rest('DELETE', `/api/admin/technician/${technician.id}`, { token })).toMatchObject({
      status: 200,
      body: { id: technician.id },
    });
    const check = server.em();
    expect(await check.count(Technician, { id: technician.id })).toBe(0);
    expect(
      (await check.findOneOrFail(Order, { id: order.id }, { ...INCLUDING_DELETED, populate: ['technician'] }))
        .technician,
    ).toBeNull();
    expect(
      await check.count(PasswordResetToken, { accountType: AccountType.TECHNICIAN, accountId: technician.id }),
    ).toBe(0);
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: session })).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await gql(DELETE, { id: technician.id })).body)).toBe('NOT_FOUND');
  });

  it('gives an admin a token to open the technician area as a technician', async () => {
    const technician = await createTechnician(server.em(), { firstname: 'Émile' });
    const { status, body } = await server.rest<{ technicianToken: string }>('POST', '/api/admin/token', {
      token,
      form: { id: String(technician.id) },
    });
    expect(status).toBe(200);
    const claims = jwt.decode(body.technicianToken) as Record<string, unknown>;
    expect(claims).toMatchObject({
      role: 'TECHNICIAN',
      sub: String(technician.id),
      act: admin.id,
      actVer: admin.tokenVersion,
      firstname: '%C3%89mile',
    });
    // A valid technician token: admin operations answer FORBIDDEN, not UNAUTHENTICATED.
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: body.technicianToken })).body)).toBe(
      'FORBIDDEN',
    );
    expect(codeOf((await gql(SIGN_IN_AS, { id: 999999 })).body)).toBe('NOT_FOUND');
  });

  it('ends those tokens when the admin who made them is deactivated', async () => {
    const other = await createAdmin(server.em());
    const technician = await createTechnician(server.em());
    const { body } = await server.graphql<{ signInAsTechnician: { technicianToken: string } }>(
      SIGN_IN_AS,
      { id: technician.id },
      { token: tokensFor(server).admin(other) },
    );
    const technicianToken = body.data!.signInAsTechnician.technicianToken;
    await server.em().nativeUpdate(Admin, { id: other.id }, { inactive: true });
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: technicianToken })).body)).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("ends those tokens when the admin who made them resets its password, as it ends the admin's own", async () => {
    const other = await createAdmin(server.em(), { email: 'acting-reset@example.test' });
    const otherToken = tokensFor(server).admin(other);
    const technician = await createTechnician(server.em());
    const { body } = await server.graphql<{ signInAsTechnician: { technicianToken: string } }>(
      SIGN_IN_AS,
      { id: technician.id },
      { token: otherToken },
    );
    const technicianToken = body.data!.signInAsTechnician.technicianToken;
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: technicianToken })).body)).toBe('FORBIDDEN');

    const seen = readOutbox(server.dataDir);
    expect(
      await server.rest('POST', '/api/auth/admin/forgot', { form: { email: 'acting-reset@example.test' } }),
    ).toMatchObject({ status: 200 });
    const mail = await waitForMail(server.dataDir, 'acting-reset@example.test', { seen });
    const reset = await server.rest('POST', '/api/auth/admin/newpassword', {
      form: { token: resetLinkOf(mail).token, password: 'a-brand-new-admin-password' },
    });
    expect(reset.status).toBe(200);

    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: otherToken })).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: technicianToken })).body)).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('lets a new technician set its password from the first mail and sign in', async () => {
    const created = await gql<{ createTechnician: { id: number } }>(CREATE, {
      input: { firstname: 'Nina', lastname: 'Nieuw', email: 'nina@example.test', personalNumber: 'N700' },
    });
    expect(created.body.errors).toBeUndefined();
    const seen = readOutbox(server.dataDir);
    const forgot = await server.rest('POST', '/api/auth/technician/forgot', {
      token,
      form: { email: 'nina@example.test' },
    });
    expect(forgot).toMatchObject({ status: 200, body: { message: 'EMAIL_SENT' } });
    const mail = await waitForMail(server.dataDir, 'nina@example.test', { seen });
    expect(mail.subject).toBe('Welkom bij Acme: stel uw wachtwoord in');
    const reset = await server.rest('POST', '/api/auth/technician/newpassword', {
      form: { token: resetLinkOf(mail).token, password: 'nina-password' },
    });
    expect(reset.status).toBe(200);
    const signIn = await server.rest('POST', '/api/auth/technician', {
      form: { email: 'nina@example.test', password: 'nina-password' },
    });
    expect(signIn.status).toBe(200);
    const stored = await server.em().findOneOrFail(Technician, { id: created.body.data!.createTechnician.id });
    expect(stored.lastOnline).not.toBeNull();
  });

  it('refuses technician management to technicians and anonymous callers', async () => {
    const technician = await createTechnician(server.em());
    const technicianToken = tokensFor(server).technician(technician);
    const operations = [
      `{ technician(id: ${technician.id}) { id } }`,
      `mutation { createTechnician(input: { firstname: "a", lastname: "b", email: "q@example.test", personalNumber: "Q1" }) { id } }`,
      `mutation { updateTechnician(id: ${technician.id}, input: { firstname: "a", lastname: "b", email: "q@example.test", startingTime: 8 }) { id } }`,
      `mutation { deleteTechnician(id: ${technician.id}) { id } }`,
      `mutation { signInAsTechnician(technicianId: ${technician.id}) { technicianToken } }`,
    ];
    for (const operation of operations) {
      expect(codeOf((await server.graphql(operation, {}, { token: technicianToken })).body)).toBe('FORBIDDEN');
      expect(codeOf((await server.graphql(operation)).body)).toBe('UNAUTHENTICATED');
    }
    expect(
      await server.rest('POST', '/api/admin/token', { token: technicianToken, form: { id: String(technician.id) } }),
    ).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
    expect(await server.rest('DELETE', `/api/admin/technician/${technician.id}`)).toMatchObject({ status: 401 });
    expect(await server.em().count(Technician, { id: technician.id })).toBe(1);
  });
});
