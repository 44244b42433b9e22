import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { postGraphQLWithHost } from '../../utils/raw-http.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const UPDATE_ADMIN = `mutation ($id: Int!, $input: AdminInput!) { updateAdmin(id: $id, input: $input) { id role } }`;
const CREATE_ADMIN = `mutation ($input: AdminInput!) { createAdmin(input: $input) { id role } }`;

const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;
const messageOf = (body: { errors?: { message?: string }[] }) => body.errors?.[0]?.message;

describe('office roles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const inputOf = (account: { firstname: string; lastname: string; email: string }, role?: Role) => ({
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
    inactive: false,
    ...(role ? { role } : {}),
  });

  it('an admin sets an account role; the new role holds from its next request, without signing in again', async () => {
    const em = server.em();
    const admin = await createAdmin(em);
    const colleague = await createAdmin(em);
    const sign = tokensFor(server);
    const colleagueToken = sign.admin(colleague);
    const adminToken = sign.admin(admin);
    // An admin may read the staff accounts.
    expect((await server.graphql('{ admins { id } }', {}, { token: colleagueToken })).body.errors).toBeUndefined();

    const { body } = await server.graphql(
      UPDATE_ADMIN,
      { id: colleague.id, input: inputOf(colleague, Role.DISPATCHER) },
      { token: adminToken },
    );
    expect(body.data).toEqual({ updateAdmin: { id: colleague.id, role: 'DISPATCHER' } });
    // The same token, now a dispatcher's: staff accounts refused, orders and the role itself readable.
    expect(codeOf((await server.graphql('{ admins { id } }', {}, { token: colleagueToken })).body)).toBe('FORBIDDEN');
    const { body: current } = await server.graphql('{ currentAdmin { role } }', {}, { token: colleagueToken });
    expect(current.data).toEqual({ currentAdmin: { role: 'DISPATCHER' } });
    // An edit without a role keeps it.
    const { body: kept } = await server.graphql(
      UPDATE_ADMIN,
      { id: colleague.id, input: inputOf(colleague) },
      { token: adminToken },
    );
    expect(kept.data).toEqual({ updateAdmin: { id: colleague.id, role: 'DISPATCHER' } });
  });

  it('a new account is an admin unless given another role', async () => {
    const token = tokensFor(server).admin(await createAdmin(server.em()));
    const plain = await server.graphql(
      CREATE_ADMIN,
      { input: inputOf({ firstname: 'An', lastname: 'Peters', email: 'an@example.test' }) },
      { token },
    );
    expect(plain.body.data).toMatchObject({ createAdmin: { role: 'ADMIN' } });
    const viewer = await server.graphql(
      CREATE_ADMIN,
      { input: inputOf({ firstname: 'Bo', lastname: 'Peters', email: 'bo@example.test' }, Role.VIEWER) },
      { token },
    );
    expect(viewer.body.data).toMatchObject({ createAdmin: { role: 'VIEWER' } });
  });

  it('nobody changes their own role (refused in French on a French site); another admin may', async () => {
    const database = await startTestServer();
    try {
      const em = database.em();
      const only = await createAdmin(em);
      const dispatcher = await createAdmin(em, { role: Role.DISPATCHER });
      const token = tokensFor(database).admin(only);
      const own = await postGraphQLWithHost<{ errors?: { message?: string; extensions?: Record<string, unknown> }[] }>(
        database.url,
        'rendezvous.be.example.test',
        UPDATE_ADMIN,
        { id: only.id, input: inputOf(only, Role.VIEWER) },
        token,
      );
      expect(codeOf(own.body)).toBe('OWN_ACCOUNT');
      expect(messageOf(own.body)).toBe('Vous ne pouvez pas modifier le rôle de votre propre compte.');
      // Another account may be made an admin, and then the first may be demoted by it.
      const promoted = await database.graphql(
        UPDATE_ADMIN,
        { id: dispatcher.id, input: inputOf(dispatcher, Role.ADMIN) },
        { token },
      );
      expect(promoted.body.data).toEqual({ updateAdmin: { id: dispatcher.id, role: 'ADMIN' } });
      const demoted = await database.graphql(
        UPDATE_ADMIN,
        { id: only.id, input: inputOf(only, Role.VIEWER) },
        { token: tokensFor(database).admin(dispatcher) },
      );
      expect(demoted.body.data).toEqual({ updateAdmin: { id: only.id, role: 'VIEWER' } });
      // The demoted account, now a viewer, manages no account any more.
      const refused = await database.graphql(
        UPDATE_ADMIN,
        { id: dispatcher.id, input: inputOf(dispatcher, Role.DISPATCHER) },
        { token },
      );
      expect(codeOf(refused.body)).toBe('FORBIDDEN');
    } finally {
      await database.stop();
    }
  });
});
