import { buildSchema, getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { variableCoercion } from '../../../server/common/graphql-variables.js';

const schema = buildSchema(`
  enum Country { NL BE }
  input Address { zipcode: String! houseNumber: String country: Country = NL tags: [String!] }
  input Lookup { address: Address! phone: String limit: Int = 20 when: [Int] }
  input Either @oneOf { a: String b: Int }
  type Query { find(lookup: Lookup, either: Either, ids: [ID!], flag: Boolean): String }
`);

function definitionsOf(query: string) {
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  expect(operation.kind).toBe(Kind.OPERATION_DEFINITION);
  return operation.variableDefinitions ?? [];
}

const OPERATIONS = [
  'query ($lookup: Lookup!) { find(lookup: $lookup) }',
  'query ($lookup: Lookup, $ids: [ID!], $flag: Boolean) { find(lookup: $lookup, ids: $ids, flag: $flag) }',
  'query ($flag: Boolean = true, $ids: [ID!] = ["1"]) { find(flag: $flag, ids: $ids) }',
  'query ($either: Either) { find(either: $either) }',
];

const INPUTS: Record<string, unknown>[] = [
  {},
  { lookup: null },
  { lookup: { address: { zipcode: '1234 AB' } } },
  { lookup: { address: { zipcode: '1234 AB', houseNumber: '7', country: 'BE', tags: 'one' } }, phone: undefined },
  { lookup: { address: { zipcode: '1234 AB', houseNumber: undefined, tags: ['a', 'b'] }, limit: 5, when: [1, null] } },
  { lookup: { address: { zipcode: 1234 } } },
  { lookup: { address: { zipcode: '1234 AB', country: 'DE' } } },
  { lookup: { address: { zipcode: '1234 AB', street: 'Dorpsstraat' } } },
  { lookup: { address: { zipcode: '1234 AB', tags: ['a', null] } } },
  { lookup: { address: {} } },
  { lookup: { address: ['1234 AB'] } },
  { lookup: 'text' },
  { lookup: { address: { zipcode: '1234 AB' }, limit: 2 ** 40 } },
  { lookup: { address: { zipcode: '1234 AB' }, when: 3 } },
  { ids: [1, '2'], flag: false },
  { ids: 7, flag: 'yes' },
  { ids: null, flag: null },
  { either: { a: 'x' } },
  { either: { a: 'x', b: 1 } },
  { lookup: { address: { zipcode: '1234 AB' } }, unknownVariable: 1 },
];

describe('variables coerced with a worked-out coercion', () => {
  it('answers exactly what graphql-js answers, coerced or refused', () => {
    for (const operation of OPERATIONS) {
      const definitions = definitionsOf(operation);
      const coerce = variableCoercion(schema, definitions);
      for (const inputs of INPUTS) {
        const ours = coerce(inputs);
        const theirs = getVariableValues(schema, definitions, inputs, { maxErrors: 1 });
        expect({ operation, inputs, ours: JSON.stringify(ours) }).toEqual({
          operation,
          inputs,
          ours: JSON.stringify(theirs),
        });
      }
    }
  });

  it('coerces the common case without graphql-js, and leaves every fault to it', () => {
    const coerce = variableCoercion(schema, definitionsOf(OPERATIONS[0]));
    expect(coerce({ lookup: { address: { zipcode: '1234 AB', tags: 'one' } } })).toEqual({
      coerced: { lookup: { address: { zipcode: '1234 AB', country: 'NL', tags: ['one'] }, limit: 20 } },
    });
    const refused = coerce({ lookup: { address: { zipcode: '1234 AB', country: 'DE' } } });
    expect('errors' in refused && refused.errors[0].message).toMatch(/Value "DE" does not exist in "Country" enum/);
  });
});
