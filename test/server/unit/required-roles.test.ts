import { buildSchema, graphql, parse, subscribe } from 'graphql';
import { describe, expect, it } from 'vitest';
import { enforceRequiredRoles } from '../../../server/common/auth/auth-checker.js';
import { Role } from '../../../server/common/auth/role.js';
import type { AppContext } from '../../../server/context.js';

const SDL = /* GraphQL */ `
  directive @auth(requires: [Role!]!) on FIELD_DEFINITION | OBJECT
  enum Role {
    ADMIN
    TECHNICIAN
    CONSUMER
  }
  type Query {
    open: String
    schedule: Schedule @auth(requires: [TECHNICIAN, ADMIN])
  }
  type Schedule {
    date: String @auth(requires: [TECHNICIAN, ADMIN])
    note: String @auth(requires: [ADMIN])
    open: String
  }
  type Subscription {
    ticks: String @auth(requires: [ADMIN])
  }
`;

function schemaWithRoles() {
  const schema = buildSchema(SDL);
  schema.getQueryType()!.getFields().schedule.resolve = () => ({ date: '2026-11-27', note: 'achterom', open: 'yes' });
  schema.getQueryType()!.getFields().open.resolve = () => 'anyone';
  const ticks = schema.getSubscriptionType()!.getFields().ticks;
  ticks.subscribe = async function* () {
    yield { ticks: 'tick' };
  };
  enforceRequiredRoles(schema);
  return schema;
}

const contextOf = (role: Role | null) => ({ viewer: role ? { role } : null }) as unknown as AppContext;
const codes = (errors: readonly { extensions?: Record<string, unknown> }[] | undefined) =>
  (errors ?? []).map((error) => error.extensions?.code);

describe("the schema's @auth rule, enforced per field", () => {
  const schema = schemaWithRoles();
  const run = (source: string, role: Role | null) => graphql({ schema, source, contextValue: contextOf(role) });

  it('lets the roles of a field through, property fields included, and leaves unruled fields open', async () => {
    const result = await run('{ open schedule { date open } }', Role.TECHNICIAN);
    expect(result).toEqual({ data: { open: 'anyone', schedule: { date: '2026-11-27', open: 'yes' } } });
  });

  it('refuses a field of another role with FORBIDDEN, and any ruled field without a token with UNAUTHENTICATED', async () => {
    const technician = await run('{ schedule { date note } }', Role.TECHNICIAN);
    expect(technician.data).toEqual({ schedule: { date: '2026-11-27', note: null } });
    expect(codes(technician.errors)).toEqual(['FORBIDDEN']);
    const anonymous = await run('{ open schedule { date } }', null);
    expect(anonymous.data).toEqual({ open: 'anyone', schedule: null });
    expect(codes(anonymous.errors)).toEqual(['UNAUTHENTICATED']);
  });

  it('checks a subscription when it is made, not only per event', async () => {
    const refused = await subscribe({
      schema,
      document: parse('subscription { ticks }'),
      contextValue: contextOf(null),
    });
    expect('errors' in refused && codes(refused.errors)).toEqual(['UNAUTHENTICATED']);
    const allowed = await subscribe({
      schema,
      document: parse('subscription { ticks }'),
      contextValue: contextOf(Role.ADMIN),
    });
    expect(Symbol.asyncIterator in allowed).toBe(true);
  });
});
