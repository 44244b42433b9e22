import { readFileSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../server/schema.js';

describe('schema/examples.graphql', () => {
  it('holds only operations that the schema accepts', async () => {
    const schema = await buildAppSchema();
    const document = parse(readFileSync('schema/examples.graphql', 'utf8'));
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
