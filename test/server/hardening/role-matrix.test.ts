import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { Country } from '../../../server/common/locale.js';
import { buildAppSchema } from '../../../server/schema.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/**
 * Reads the rules from the schema itself: every field carrying @auth(requires: [...]) is called as
 * anonymous, with a tampered token and as every role it does not name, and must be refused. New fields
 * are covered without touching this test.
 */

type Caller = 'ANONYMOUS' | 'TAMPERED' | Role;

const { ADMIN, DISPATCHER, VIEWER, TECHNICIAN, CONSUMER } = Role;
const OFFICE = [ADMIN, DISPATCHER, VIEWER];
const PLANNING = [ADMIN, DISPATCHER];
/** Public: no token needed. */
const PUBLIC = null;

/**
 * The rule of every root operation, written out: what each office role may do (docs/rules.md, Staff accounts). The
 * schema must print exactly this, so a rule changed by accident, or a new operation left without a decision, fails.
 */
const EXPECTED_RULES: Record<string, Role[] | null> = {
  // staff accounts, settings, import windows, CSV import and export, statistics: admins only
  'query admin': [ADMIN],
  'query admins': [ADMIN],
  'mutation createAdmin': [ADMIN],
  'mutation updateAdmin': [ADMIN],
  'mutation deleteAdmin': [ADMIN],
  // integrators' applications and their keys
  'query apiClients': [ADMIN],
  'mutation createApiClient': [ADMIN],
  'mutation rotateApiClientKey': [ADMIN],
  'mutation revokeApiClient': [ADMIN],
  'query webhookEndpoints': [ADMIN],
  'query webhookDeliveries': [ADMIN],
  'mutation createWebhookEndpoint': [ADMIN],
  'mutation updateWebhookEndpoint': [ADMIN],
  'mutation rotateWebhookSecret': [ADMIN],
  'mutation deleteWebhookEndpoint': [ADMIN],
  'mutation redeliverWebhook': [ADMIN],
  // a person's data on request: found, exported, erased, and kept for a time per country
  'query personalData': [ADMIN],
  'mutation exportPersonalData': [ADMIN],
  'mutation erasePersonalData': [ADMIN],
  'mutation confirmDataErasure': [ADMIN],
  'query dataRequests': [ADMIN],
  'query dataRequestSettings': [ADMIN],
  'mutation updateDataRequestSetting': [ADMIN],
  'mutation createTechnician': [ADMIN],
  'mutation updateTechnician': [ADMIN],
  'mutation deleteTechnician': [ADMIN],
  'mutation signInAsTechnician': [ADMIN],
  'mutation endAdminSessions': [ADMIN],
  'mutation endTechnicianSessions': [ADMIN],
  // who must use a second factor, and resetting one of a lost device
  'query secondFactorSettings': [ADMIN],
  'mutation updateSecondFactorSetting': [ADMIN],
  'mutation resetSecondFactor': [ADMIN],
  'mutation removeAdminPasskeys': [ADMIN],
  'mutation removeTechnicianPasskeys': [ADMIN],
  'mutation createHoliday': [ADMIN],
  'mutation deleteHoliday': [ADMIN],
  'query importSettings': [ADMIN],
  'mutation saveImportSettings': [ADMIN],
  'mutation updateImportSetting': [ADMIN],
  'query messageSettings': [ADMIN],
  'mutation updateMessageSetting': [ADMIN],
  'query selfMoveSettings': [ADMIN],
  'mutation updateSelfMoveSetting': [ADMIN],
  'mutation importOrders': [ADMIN],
  'query importJob': [ADMIN],
  'mutation migrateOrders': [ADMIN],
  'query ordersExport': [ADMIN],
  'query ordersSelectionExport': [ADMIN],
  'query statistics': [ADMIN],
  'query mailReads': [ADMIN],
  // planning: admins and dispatchers
  'mutation createOrder': PLANNING,
  'mutation updateOrderAddress': PLANNING,
  'mutation rescheduleOrder': PLANNING,
  'mutation reassignOrder': PLANNING,
  'mutation deleteOrder': PLANNING,
  'mutation restoreOrder': PLANNING,
  'mutation setCallStatus': PLANNING,
  'mutation resendConsumerMessage': PLANNING,
  // reading the console, the call list, the board and the figures: every office role
  'query currentAdmin': OFFICE,
  'query orders': OFFICE,
  'query orderByReference': OFFICE,
  'query orderHistory': OFFICE,
  'query orderMessages': OFFICE,
  'query orderCancellationChannels': OFFICE,
  'query failedConsumerMessages': OFFICE,
  'query activeOrdersOnDate': OFFICE,
  'query callList': OFFICE,
  'query dispatchOverview': OFFICE,
  'query visitBoard': OFFICE,
  'query officeFigures': OFFICE,
  'query holidays': OFFICE,
  'query technician': OFFICE,
  'query technicians': OFFICE,
  'query technicianDayOrders': OFFICE,
  'query technicianOpenOrders': OFFICE,
  'subscription boardVisitChanged': OFFICE,
  // one's own devices: every staff member
  'query myDevices': [...OFFICE, TECHNICIAN],
  'mutation endSession': [...OFFICE, TECHNICIAN],
  // one's own second factor
  'query mySecondFactor': [...OFFICE, TECHNICIAN],
  'mutation startTotpSetup': [...OFFICE, TECHNICIAN],
  'mutation confirmTotpSetup': [...OFFICE, TECHNICIAN],
  'mutation turnOffTotp': [...OFFICE, TECHNICIAN],
  'mutation renewRecoveryCodes': [...OFFICE, TECHNICIAN],
  // one's own passkeys: every staff member
  'query myPasskeys': [...OFFICE, TECHNICIAN],
  'mutation passkeyRegistrationOptions': [...OFFICE, TECHNICIAN],
  'mutation addPasskey': [...OFFICE, TECHNICIAN],
  'mutation removePasskey': [...OFFICE, TECHNICIAN],
  // technicians
  'query currentTechnician': [TECHNICIAN],
  'query technicianSchedule': [TECHNICIAN],
  'query technicianToday': [TECHNICIAN],
  'mutation confirmSchedule': [TECHNICIAN],
  'mutation setVisitStatus': [TECHNICIAN],
  'mutation undoVisitStatus': [TECHNICIAN],
  'query technicianVisitRecord': [TECHNICIAN],
  'mutation saveVisitRecord': [TECHNICIAN],
  'mutation addVisitPhoto': [TECHNICIAN],
  'mutation removeVisitPhoto': [TECHNICIAN],
  'mutation signVisit': [TECHNICIAN],
  'subscription visitProgressChanged': [CONSUMER, TECHNICIAN],
  // consumers
  'query consumerVisits': [CONSUMER],
  'query consumerContact': [CONSUMER],
  'query visitCalendar': [CONSUMER],
  'query visitMoveOffers': [CONSUMER],
  'mutation chooseConsumerLanguage': [CONSUMER],
  'mutation moveVisit': [CONSUMER],
  'mutation undoVisitMove': [CONSUMER],
  'mutation rateVisit': [CONSUMER],
  'mutation replyToVisit': [CONSUMER],
  // public
  'query ratingLink': PUBLIC,
  'query visitReportLink': PUBLIC,
  'query serverInfo': PUBLIC,
  'mutation lookUpVisits': PUBLIC,
  'mutation openPersonalLink': PUBLIC,
  'mutation rateVisitByLink': PUBLIC,
  'mutation unsubscribeByPersonalLink': PUBLIC,
  'mutation signInAdmin': PUBLIC,
  'mutation signInTechnician': PUBLIC,
  'mutation beginAdminSignIn': PUBLIC,
  'mutation beginTechnicianSignIn': PUBLIC,
  'mutation startTotpSetupAtSignIn': PUBLIC,
  'mutation verifySecondFactor': PUBLIC,
  'mutation passkeySignInOptions': PUBLIC,
  'mutation signInAdminWithPasskey': PUBLIC,
  'mutation signInTechnicianWithPasskey': PUBLIC,
  'mutation requestAdminPasswordReset': PUBLIC,
  'mutation requestTechnicianPasswordReset': PUBLIC,
  'mutation resetAdminPassword': PUBLIC,
  'mutation resetTechnicianPassword': PUBLIC,
};

function requiredRoles(field: GraphQLField<unknown, unknown>): Role[] | undefined {
  const directive = field.astNode?.directives?.find((node) => node.name.value === 'auth');
  const argument = directive?.arguments?.find((node) => node.name.value === 'requires');
  if (!argument || argument.value.kind !== Kind.LIST) return undefined;
  return argument.value.values.map((value) => (value.kind === Kind.ENUM ? value.value : '') as Role);
}

/** A literal of the right type, so a call reaches the resolver's guard instead of failing validation. */
function literalFor(type: GraphQLInputType, depth = 0): string {
  if (isNonNullType(type)) return literalFor(type.ofType, depth);
  if (isListType(type)) return `[${literalFor(type.ofType, depth)}]`;
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    if (depth > 3) return '{}';
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return `{ ${fields.map((field) => `${field.name}: ${literalFor(field.type, depth + 1)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Float':
        return '1';
      case 'Boolean':
        return 'false';
      case 'DateTimeISO':
        return '"2030-01-02T08:00:00.000Z"';
      case 'LocalDate':
        return '"2030-01-02"';
      default:
        return '"x"';
    }
  }
  return 'null';
}

const isUpload = (arg: GraphQLArgument) => getNamedType(arg.type).name === 'Upload';

/** Required arguments as literals; uploads as variables `$<name>` (sent as multipart files). */
function argumentsFor(args: readonly GraphQLArgument[]): string {
  const required = args.filter((arg) => isNonNullType(arg.type));
  const values = required.map((arg) => `${arg.name}: ${isUpload(arg) ? `$${arg.name}` : literalFor(arg.type)}`);
  return values.length ? `(${values.join(', ')})` : '';
}

function variablesFor(args: readonly GraphQLArgument[]): string {
  const uploads = args.filter((arg) => isNonNullType(arg.type) && isUpload(arg));
  return uploads.length ? `(${uploads.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ')})` : '';
}

function selectionOf(type: GraphQLObjectType | ReturnType<typeof getNamedType>): string {
  return isLeafType(type) ? '' : ' { __typename }';
}

interface Probe {
  name: string;
  document: string;
  /** Path of the guarded field in the response. */
  fieldPath: string[];
  requires: Role[];
  /** Variables that carry a file (sent as a GraphQL multipart request). */
  uploads: string[];
  /** Roles that pass every guard on the way to the field (so their refusal comes from the field itself). */
  rootRoles: Role[];
}

/** Roots with optional arguments only, by what they return, for reaching nested object types. */
function pathsToTypes(
  schema: GraphQLSchema,
): Map<string, { root: string; kind: 'query'; chain: string[]; roles: Role[] }> {
  const found = new Map<string, { root: string; kind: 'query'; chain: string[]; roles: Role[] }>();
  const queue: { type: GraphQLObjectType; chain: string[]; roles: Role[] }[] = [];
  for (const field of Object.values(schema.getQueryType()!.getFields())) {
    const named = getNamedType(field.type);
    if (!isObjectType(named) || field.args.some((arg) => isNonNullType(arg.type))) continue;
    queue.push({ type: named, chain: [field.name], roles: requiredRoles(field) ?? Object.values(Role) });
  }
  while (queue.length > 0) {
    const { type, chain, roles } = queue.shift()!;
    if (found.has(type.name) || chain.length > 4) continue;
    found.set(type.name, { root: chain[0], kind: 'query', chain, roles });
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (!isObjectType(named) || field.args.some((arg) => isNonNullType(arg.type))) continue;
      const fieldRoles = requiredRoles(field);
      queue.push({
        type: named,
        chain: [...chain, field.name],
        roles: fieldRoles ? roles.filter((role) => fieldRoles.includes(role)) : roles,
      });
    }
  }
  return found;
}

function probesOf(schema: GraphQLSchema): Probe[] {
  const probes: Probe[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const requires = requiredRoles(field);
      if (!requires) continue;
      probes.push({
        name: `${kind} ${field.name}`,
        document: `${kind}${variablesFor(field.args)} { ${field.name}${argumentsFor(field.args)}${selectionOf(getNamedType(field.type))} }`,
        fieldPath: [field.name],
        requires,
        uploads: field.args.filter((arg) => isNonNullType(arg.type) && isUpload(arg)).map((arg) => arg.name),
        rootRoles: Object.values(Role),
      });
    }
  }
  const paths = pathsToTypes(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (
      !isObjectType(type) ||
      type.name.startsWith('__') ||
      type === schema.getQueryType() ||
      type === schema.getMutationType()
    ) {
      continue;
    }
    const path = paths.get(type.name);
    if (!path) continue; // reachable only through operations with required arguments: covered at their root
    for (const field of Object.values(type.getFields())) {
      const requires = requiredRoles(field);
      if (!requires) continue;
      let selection = `${field.name}${argumentsFor(field.args)}${selectionOf(getNamedType(field.type))}`;
      for (const step of [...path.chain].reverse()) selection = `${step} { ${selection} }`;
      probes.push({
        name: `${type.name}.${field.name} (via ${path.chain.join('.')})`,
        document: `query { ${selection} }`,
        fieldPath: [...path.chain, field.name],
        requires,
        uploads: [],
        rootRoles: path.roles,
      });
    }
  }
  return probes;
}

describe('role matrix, read from the schema', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    server = await startTestServer();
    schema = await buildAppSchema();
    const em = server.em();
    const sign = tokensFor(server);
    const admin = await createAdmin(em);
    const dispatcher = await createAdmin(em, { role: Role.DISPATCHER });
    const viewer = await createAdmin(em, { role: Role.VIEWER });
    const technician = await createTechnician(em, { country: Country.NL });
    // Data every role can see, so nested fields are actually resolved (and their guards run).
    const now = server.services.clock.now();
    const order = await createOrder(em, { appointment: new Date(now.getTime() + 2 * 86_400_000), technician });
    await createOrder(em, { appointment: new Date(now.getTime() + 86_400_000), technician });
    tokens.set('ANONYMOUS', undefined);
    tokens.set(Role.ADMIN, sign.admin(admin));
    // An office account's token names the account; its role is the account's (read at every request).
    tokens.set(Role.DISPATCHER, sign.admin(dispatcher));
    tokens.set(Role.VIEWER, sign.admin(viewer));
    tokens.set(Role.TECHNICIAN, sign.technician(technician));
    tokens.set(Role.CONSUMER, sign.consumer([order]));
    // A real admin token whose payload was changed after signing (role kept, subject changed).
    const [header, , signature] = sign.admin(admin).split('.');
    const payload = jwt.decode(sign.admin(admin)) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: String(admin.id + 1000) })).toString('base64url');
    tokens.set('TAMPERED', `${header}.${forged}.${signature}`);
  });
  afterAll(() => server.stop());

  async function call(probe: Probe, token: string | undefined) {
    if (probe.uploads.length === 0) return (await server.graphql(probe.document, {}, { token })).body;
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: probe.document,
        variables: Object.fromEntries(probe.uploads.map((name) => [name, null])),
      }),
    );
    form.set(
      'map',
      JSON.stringify(Object.fromEntries(probe.uploads.map((name, i) => [String(i), [`variables.${name}`]]))),
    );
    probe.uploads.forEach((_, i) => form.set(String(i), new Blob(['reference_number;name\n']), 'orders.csv'));
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
    return (await response.json()) as Awaited<ReturnType<typeof server.graphql>>['body'];
  }

  it('gives every root operation the rule written for it, role by role', () => {
    const actual: Record<string, Role[] | null> = {};
    for (const [kind, root] of [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
      ['subscription', schema.getSubscriptionType()],
    ] as const) {
      for (const field of Object.values(root?.getFields() ?? {})) {
        actual[`${kind} ${field.name}`] = requiredRoles(field) ?? PUBLIC;
      }
    }
    const sorted = (rules: Record<string, Role[] | null>) =>
      Object.fromEntries(Object.entries(rules).map(([name, roles]) => [name, roles && [...roles].sort()]));
    expect(sorted(actual)).toEqual(sorted(EXPECTED_RULES));
  });

  it('covers every guarded field', () => {
    const probes = probesOf(schema);
    const guardedRoots = Object.values({
      ...schema.getQueryType()?.getFields(),
      ...schema.getMutationType()?.getFields(),
    }).filter((field) => requiredRoles(field));
    expect(probes.filter((probe) => probe.fieldPath.length === 1)).toHaveLength(guardedRoots.length);
    expect(probes.length).toBeGreaterThan(guardedRoots.length);
  });

  it('refuses every guarded field to anonymous callers, tampered tokens and every other role', async () => {
    const leaks: string[] = [];
    let calls = 0;
    let ownGuards = 0;
    for (const probe of probesOf(schema)) {
      const callers: Caller[] = [
        'ANONYMOUS',
        'TAMPERED',
        ...Object.values(Role).filter((role) => !probe.requires.includes(role)),
      ];
      for (const caller of callers) {
        const body = await call(probe, tokens.get(caller));
        calls += 1;
        const codes = (body.errors ?? []).map((error) => error.extensions?.code);
        const refused = codes.some((code) => code === 'UNAUTHENTICATED' || code === 'FORBIDDEN');
        let value: unknown = body.data;
        for (const step of probe.fieldPath) {
          value = Array.isArray(value)
            ? value.map((item: Record<string, unknown> | null) => item?.[step])
            : (value as Record<string, unknown> | null | undefined)?.[step];
        }
        const leaked = Array.isArray(value)
          ? value.some((item) => item !== null && item !== undefined)
          : value !== null && value !== undefined;
        const expectedCode = caller === 'ANONYMOUS' || caller === 'TAMPERED' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
        // A role that passes the guards on the way must be stopped by this field's own guard.
        const ownGuard = caller !== 'ANONYMOUS' && caller !== 'TAMPERED' && probe.rootRoles.includes(caller);
        if (ownGuard) ownGuards += 1;
        if (leaked || !refused || (ownGuard && !codes.includes(expectedCode))) {
          leaks.push(`${probe.name} as ${caller}: codes ${JSON.stringify(codes)}, value ${JSON.stringify(value)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The matrix really ran, and nested fields were reached by roles that only their own guard stops.
    expect(calls).toBeGreaterThan(probesOf(schema).length * 2);
    expect(ownGuards).toBeGreaterThan(0);
    // One request per probe and caller, one after the other: the time grows with the schema.
  }, 120_000);

  it('lets every role a root operation names past every guard: no service refuses a role its rule admits', async () => {
    // After the refusals (these calls change data), and those that end sessions or remove the callers last of all.
    const lastly = (probe: Probe) => /^mutation (end|delete)/.test(probe.name);
    const roots = probesOf(schema).filter((probe) => probe.fieldPath.length === 1);
    const refusals: string[] = [];
    for (const probe of [...roots.filter((p) => !lastly(p)), ...roots.filter(lastly)]) {
      for (const role of probe.requires) {
        const body = await call(probe, tokens.get(role));
        const codes = (body.errors ?? []).map((error) => error.extensions?.code);
        if (codes.includes('FORBIDDEN') || codes.includes('UNAUTHENTICATED')) {
          refusals.push(`${probe.name} as ${role}: ${JSON.stringify(codes)}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  }, 120_000);
});
