import { readFileSync } from 'node:fs';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../../server/schema.js';

describe('schema/examples.graphql', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  it('holds only operations that are valid against the schema, so integrators can run them', () => {
    const document = parse(readFileSync('schema/examples.graphql', 'utf8'));
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
