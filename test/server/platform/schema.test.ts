import { readFileSync } from 'node:fs';
import { isObjectType, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolverOf } from '../../../server/common/auth/auth-checker.js';
import { PUBLIC_OPERATIONS } from '../../../server/common/auth/public-operations.js';
import { buildAppSchema, printAppSchema } from '../../../server/schema.js';

describe('GraphQL schema', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  it('matches the committed schema/schema.graphql (run `npm run schema:print` after changing types)', () => {
    expect(printAppSchema(schema)).toBe(readFileSync('schema/schema.graphql', 'utf8'));
  });

  it('prints @auth on every root field that is not public', () => {
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
      (type) => type !== null && type !== undefined,
    );
    for (const root of roots) {
      for (const field of Object.values(root.getFields())) {
        const guarded = field.astNode?.directives?.some((directive) => directive.name.value === 'auth') ?? false;
        expect({ field: field.name, guarded }).toEqual({
          field: field.name,
          guarded: !PUBLIC_OPERATIONS.has(field.name),
        });
      }
    }
  });

  it('describes every type and field', () => {
    const undocumented: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !isObjectType(type)) continue;
      if (!['Query', 'Mutation', 'Subscription'].includes(type.name) && !type.description) undocumented.push(type.name);
      for (const field of Object.values(type.getFields())) {
        if (!field.description) undocumented.push(`${type.name}.${field.name}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('gives a field resolver that takes only its parent the parent itself, not a copy in its class', () => {
    const read: PropertyKey[] = [];
    const order = new Proxy(
      { id: 1, name: 'Klant', special: true },
      {
        get: (target, key, receiver) => {
          read.push(key);
          return Reflect.get(target, key, receiver) as unknown;
        },
        ownKeys: (target) => {
          read.push('(its keys)');
          return Reflect.ownKeys(target);
        },
      },
    );
    const flag = (schema.getType('ScheduleOrder') as GraphQLObjectType).getFields().flag;
    expect(resolverOf(flag)?.(order, {}, undefined as never, {} as GraphQLResolveInfo)).toBe(1);
    // type-graphql's handler would have copied every property into a new ScheduleOrder first.
    expect(read).toEqual(['special']);
  });
});
