import 'reflect-metadata';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { isObjectType, lexicographicSortSchema, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage, type NonEmptyArray } from 'type-graphql';
import { accountResolvers } from './accounts/index.js';
import { apiClientResolvers } from './api-clients/index.js';
import { webhookResolvers } from './webhooks/index.js';
import { adminResolvers } from './admins/index.js';
import { enforceRequiredRoles } from './common/auth/auth-checker.js';
import { assertEveryFieldGuarded } from './common/auth/guarded-fields.js';
import { authDirective } from './common/auth/require-role.js';
import { scopeDirective } from './common/auth/scope.js';
import { DateTimeISOScalar } from './common/time/date-scalars.js';
import { consumerLinkResolvers } from './consumer-links/index.js';
import { consumerResolvers } from './consumers/index.js';
import { exportResolvers } from './exports/index.js';
import { holidayResolvers } from './holidays/index.js';
import { importResolvers } from './imports/index.js';
import { informedResolvers } from './informed/index.js';
import { messageSettingResolvers } from './message-settings/index.js';
import { messageResolvers } from './messages/index.js';
import { legacyFieldResolvers } from './legacy/index.js';
import { liveResolvers } from './live/index.js';
import { visitEstimateResolvers } from './visit-estimates/index.js';
import { ratingResolvers } from './ratings/index.js';
import { selfMoveResolvers } from './self-move/index.js';
import { dataRequestResolvers } from './data-requests/index.js';
import { passkeyResolvers } from './passkeys/index.js';
import { boardResolvers } from './board/index.js';
import { plannerResolvers } from './planner/index.js';
import { orderResolvers } from './orders/index.js';
import { overviewResolvers } from './overview/index.js';
import { statisticsResolvers } from './statistics/index.js';
import { systemResolvers } from './system/index.js';
import { technicianResolvers } from './technicians/index.js';
import { visitResolvers } from './visits/index.js';
import { visitRecordResolvers } from './visit-records/index.js';

/** Every resolver of every domain. */
export const RESOLVERS = [
  ...systemResolvers,
  ...consumerResolvers,
  ...accountResolvers,
  ...passkeyResolvers,
  ...adminResolvers,
  // integrators' applications and their keys
  ...apiClientResolvers,
  ...webhookResolvers,
  ...technicianResolvers,
  ...plannerResolvers,
  ...holidayResolvers,
  ...importResolvers,
  ...exportResolvers,
  ...orderResolvers,
  ...overviewResolvers,
  ...statisticsResolvers,
  // "informed?" and the call list
  ...informedResolvers,
  // the technician's visit day
  ...visitResolvers,
  // the technician's record of a visit: appliance, parts, notes, photos, signature
  ...visitRecordResolvers,
  // personal links in consumer messages
  ...consumerLinkResolvers,
  // how consumers are told: per country
  ...messageSettingResolvers,
  // the order's message log and resending
  ...messageResolvers,
  // the visit day followed live
  ...liveResolvers,
  ...visitEstimateResolvers,
  // the consumer's rating of a finished visit
  ...ratingResolvers,
  ...selfMoveResolvers,
  ...dataRequestResolvers,
  // the office's board of today
  ...boardResolvers,
  // the legacy numeric forms of fields the schema names or answers as booleans, deprecated (server/legacy/)
  ...legacyFieldResolvers,
] as unknown as NonEmptyArray<Function>;

/**
 * type-graphql wants a publish/subscribe system as soon as there is a subscription, even when each one
 * brings its own source (`subscribe`, as ours do: server/live/visit-feed.ts). Topics are not used.
 */
const noTopics = {
  publish(): void {
    throw new Error('Subscriptions bring their own source; nothing is published by topic.');
  },
  subscribe(): AsyncIterable<unknown> {
    throw new Error('Subscriptions bring their own source; nothing is published by topic.');
  },
};

/**
 * Plain fields resolve by graphql's own property read. type-graphql otherwise gives every field without a resolver of
 * its own a wrapper that runs the field's middleware chain (none here: roles are checked by enforceRequiredRoles), a
 * call and an object per field: a schedule of thirty orders resolves two hundred. A field whose schema name differs
 * from its property (graphql reads by the schema name) or that has middleware keeps the wrapper.
 */
function resolvePlainFieldsDirectly(): void {
  for (const field of getMetadataStorage().fields) {
    const plain = field.schemaName === field.name && !field.middlewares?.length && !field.roles?.length;
    if (plain) field.simple ??= true;
  }
}

/** A parameter a field resolver can be given without type-graphql: its parent value or (part of) the context. */
type PlainParam = { kind: 'root' } | { kind: 'context'; propertyName: string | undefined };

/**
 * A field resolver of a resolver class that takes only its parent value and the context runs as a plain call.
 * type-graphql's handler otherwise copies the parent into a new instance of the type's class (each declared property
 * created, the missing ones deleted) and sorts the parameters, on every call: the legacy `flag` of a thirty-order
 * schedule made thirty copies, about a twentieth of its CPU. The method gets the parent itself instead of that copy; the
 * classes of the schema's types are plain data (fields, no methods), so it reads the same values. Fields with
 * arguments, middleware or type-graphql roles keep type-graphql's handler.
 */
function resolveParentFieldsDirectly(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  for (const resolver of storage.fieldResolvers) {
    if (resolver.kind !== 'external' || resolver.middlewares?.length || resolver.roles?.length) continue;
    const params: PlainParam[] = [];
    for (const param of [...(resolver.params ?? [])].sort((a, b) => a.index - b.index)) {
      if (param.index !== params.length) break;
      if (param.kind === 'root' && param.propertyName === undefined) params.push({ kind: 'root' });
      else if (param.kind === 'context') params.push({ kind: 'context', propertyName: param.propertyName });
      else break;
    }
    const typeClass = resolver.getObjectType?.();
    const typeName = storage.objectTypes.find((type) => type.target === typeClass)?.name;
    const type = typeName === undefined ? undefined : schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[resolver.schemaName] : undefined;
    const Target = resolver.target as new () => Record<string, unknown>;
    if (!field || params.length !== (resolver.params?.length ?? 0) || Target.length > 0) continue;
    const instance = new Target();
    const method = instance[resolver.methodName];
    if (typeof method !== 'function') continue;
    const resolve: GraphQLFieldResolver<unknown, Record<string, unknown>> = (parent, _args, context) =>
      method.apply(
        instance,
        params.map((param) =>
          param.kind === 'root' ? parent : param.propertyName === undefined ? context : context[param.propertyName],
        ),
      );
    field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
}

let built: Promise<GraphQLSchema> | undefined;

/** The one schema, built once per process (type-graphql's metadata is global). */
export function buildAppSchema(): Promise<GraphQLSchema> {
  if (!built) resolvePlainFieldsDirectly();
  built ??= buildSchema({
    resolvers: RESOLVERS,
    directives: [authDirective, scopeDirective],
    pubSub: noTopics,
    // Every Date the schema takes is an instant of the planning years (see date-scalars.ts).
    scalarsMap: [{ type: Date, scalar: DateTimeISOScalar }],
    validate: false,
    // Its check runs the whole introspection query on the new schema, a fifth of a second at start; Apollo Server
    // asserts the schema valid when it starts (assertValidSchema), which is what that check would find.
    skipCheck: true,
  }).then((schema) => {
    resolveParentFieldsDirectly(schema);
    enforceRequiredRoles(schema);
    assertEveryFieldGuarded(schema);
    return schema;
  });
  return built;
}

const HEADER = `# Tijdvak GraphQL schema. Generated by \`npm run schema:print\` from the server's types; do not edit.
# @auth(requires: [...]) shows the roles whose bearer token may use a field; @scope(requires: [...]) the scopes an
# application's key needs besides (a root field without @scope refuses application keys).
`;

export function printAppSchema(schema: GraphQLSchema): string {
  return `${HEADER}\n${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}
