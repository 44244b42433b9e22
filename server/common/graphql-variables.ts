import {
  getVariableValues,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from 'graphql';

/** What `getVariableValues` answers: the coerced variables, or why they were refused. */
export type CoercedVariables = { coerced: Record<string, unknown> } | { errors: readonly GraphQLError[] };

/** A value the worked-out coercion does not take: graphql-js coerces it instead. */
const REFUSED = Symbol('refused');

type Coerce = (value: unknown) => unknown;

/** The coercion of values of `type` as graphql-js's `coerceInputValue` does it when it finds no fault. */
function coercionOf(type: GraphQLInputType): Coerce {
  if (isNonNullType(type)) {
    const inner = coercionOf(type.ofType);
    return (value) => (value === null || value === undefined ? REFUSED : inner(value));
  }
  if (isListType(type)) {
    const item = coercionOf(type.ofType);
    return (value) => {
      if (value === null || value === undefined) return null;
      if (!Array.isArray(value)) {
        // Another iterable (never in JSON) is left to graphql-js; a single value is a list of one.
        if (typeof value === 'object' && Symbol.iterator in value) return REFUSED;
        const single = item(value);
        return single === REFUSED ? REFUSED : [single];
      }
      const items = value.map(item);
      return items.includes(REFUSED) ? REFUSED : items;
    };
  }
  if (isInputObjectType(type)) {
    if (type.isOneOf) return () => REFUSED;
    const fields = Object.values(type.getFields()).map((field) => ({
      name: field.name,
      defaultValue: field.defaultValue,
      required: isNonNullType(field.type),
      coerce: coercionOf(field.type),
    }));
    const known = new Set(fields.map((field) => field.name));
    return (value) => {
      if (value === null || value === undefined) return null;
      if (typeof value !== 'object' || Array.isArray(value)) return REFUSED;
      const given = value as Record<string, unknown>;
      for (const name of Object.keys(given)) if (!known.has(name)) return REFUSED;
      const coerced: Record<string, unknown> = {};
      for (const field of fields) {
        const fieldValue = given[field.name];
        if (fieldValue === undefined) {
          if (field.defaultValue !== undefined) coerced[field.name] = field.defaultValue;
          else if (field.required) return REFUSED;
          continue;
        }
        const fieldCoerced = field.coerce(fieldValue);
        if (fieldCoerced === REFUSED) return REFUSED;
        coerced[field.name] = fieldCoerced;
      }
      return coerced;
    };
  }
  const leaf = type;
  return (value) => {
    if (value === null || value === undefined) return null;
    try {
      const parsed: unknown = leaf.parseValue(value);
      return parsed === undefined ? REFUSED : parsed;
    } catch {
      return REFUSED;
    }
  };
}

/**
 * The variables of an operation coerced as graphql-js's `getVariableValues` coerces them, with the coercion worked
 * out once from the definitions: graphql-js walks the types anew for every request, which was a twentieth of a
 * lookup's CPU. Whatever the worked-out coercion does not take (a value a scalar refuses, a missing required
 * variable or field, an unknown field, a one-of input, a variable left to its default) goes to graphql-js, which gives its own refusal; so the
 * answer is always graphql-js's.
 */
export function variableCoercion(
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
): (inputs: Record<string, unknown>) => CoercedVariables {
  const variables = definitions.map((definition) => {
    const type = typeFromAST(schema, definition.type);
    return {
      name: definition.variable.name.value,
      required: type !== undefined && isNonNullType(type),
      hasDefault: definition.defaultValue !== undefined,
      coerce: type && isInputType(type) ? coercionOf(type) : undefined,
    };
  });
  const byGraphql = (inputs: Record<string, unknown>) =>
    getVariableValues(schema, definitions, inputs, { maxErrors: 1 });
  return (inputs) => {
    const coerced: Record<string, unknown> = {};
    for (const variable of variables) {
      if (!variable.coerce) return byGraphql(inputs);
      if (!Object.prototype.hasOwnProperty.call(inputs, variable.name)) {
        // The document's default is graphql-js's to read (valueFromAST).
        if (variable.hasDefault || variable.required) return byGraphql(inputs);
        continue;
      }
      const value = variable.coerce(inputs[variable.name]);
      if (value === REFUSED) return byGraphql(inputs);
      coerced[variable.name] = value;
    }
    return { coerced };
  };
}
