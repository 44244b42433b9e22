import { Kind, parse, validate, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../../server/legacy/routes.js';
import { buildAppSchema } from '../../../server/schema.js';

describe('the operations of the legacy REST table', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  it.each(REST_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route.operation]))(
    '%s is valid against the schema, so a renamed field fails here rather than at a legacy caller',
    (_call, operation) => {
      const document = parse(operation);
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
      expect(document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)).toHaveLength(
        1,
      );
    },
  );

  it('cover every legacy call once', () => {
    const calls = REST_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls.length).toBeGreaterThanOrEqual(30);
  });
});
