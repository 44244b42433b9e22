import { readFileSync } from 'node:fs';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS } from '../../server/common/auth/public-operations.js';
import { buildAppSchema, printAppSchema } from '../../server/schema.js';

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
});
