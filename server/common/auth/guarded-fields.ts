import { isObjectType, type GraphQLSchema } from 'graphql';
import { PUBLIC_OPERATIONS, PUBLIC_TYPES } from './public-operations.js';
import { authDirective } from './require-role.js';

/**
 * Fails the build when a field has no `@auth` rule (from its own `@RequireRole` or its class's `@RequireRoleForAll`):
 * a root field unless it is in `publicOperations`, a field of another object type unless its type is in
 * `publicTypes`. A name in either list that the schema lacks fails too, so the lists open nothing by a stale name.
 */
export function assertEveryFieldGuarded(
  schema: GraphQLSchema,
  publicOperations: ReadonlySet<string> = PUBLIC_OPERATIONS,
  publicTypes: ReadonlySet<string> = PUBLIC_TYPES,
): void {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const rootNames = new Set<string>();
  const unguarded: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const isRoot = roots.includes(type);
    if (!isRoot && publicTypes.has(type.name)) continue;
    for (const field of Object.values(type.getFields())) {
      if (isRoot) rootNames.add(field.name);
      if (isRoot && publicOperations.has(field.name)) continue;
      if (!field.astNode?.directives?.some((directive) => directive.name.value === authDirective.name)) {
        unguarded.push(`${type.name}.${field.name}`);
      }
    }
  }
  if (unguarded.length > 0) {
    throw new Error(
      `Fields without @RequireRole (nor @RequireRoleForAll on their class), not in PUBLIC_OPERATIONS or PUBLIC_TYPES: ${unguarded.join(', ')}`,
    );
  }
  const stale = [
    ...[...publicOperations].filter((name) => !rootNames.has(name)),
    ...[...publicTypes].filter((name) => !isObjectType(schema.getType(name))),
  ];
  if (stale.length > 0)
    throw new Error(`PUBLIC_OPERATIONS or PUBLIC_TYPES name what the schema lacks: ${stale.join(', ')}`);
}
