import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  Kind,
  OperationTypeNode,
  type ASTNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type SelectionSetNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
  validate,
} from 'graphql';

/** The weights of an operation's cost (graphql-armor's formula, with lists of the database added). */
export interface CostWeights {
  maxCost: number;
  scalarCost: number;
  objectCost: number;
  depthCostFactor: number;
  /**
   * A list or page read by a field of Query or Mutation: each one is its own statements over many rows, and
   * one request could otherwise fan out into as many as it has aliases.
   */
  listQueryCost: number;
  /**
   * Root fields that answer one object but read many rows (figures counted over a period): weighed as a list,
   * though their type does not say so.
   */
  listRootFields?: readonly string[];
}

/** A field that reads many rows: a list, or a page of a list (`…Connection`). */
function isListField(field: GraphQLField<unknown, unknown> | undefined): boolean {
  if (!field) return false;
  return isListType(getNullableType(field.type)) || getNamedType(field.type).name.endsWith('Connection');
}

/** The literal `first`/`last` of a field: the size of the page it asks for. */
function pageSizeOf(node: ASTNode): number {
  if (node.kind !== Kind.FIELD) return 1;
  const size = node.arguments?.find((argument) => argument.name.value === 'first' || argument.name.value === 'last');
  return size?.value.kind === Kind.INT ? Math.max(Number.parseInt(size.value.value, 10) || 1, 1) : 1;
}

class OperationCost {
  private readonly fragmentCosts = new Map<string, number>();

  constructor(
    private readonly context: ValidationContext,
    private readonly weights: CostWeights,
    private readonly rootType: GraphQLObjectType | null | undefined,
  ) {}

  ofSelections(selectionSet: SelectionSetNode, atRoot: boolean): number {
    return selectionSet.selections.reduce((sum, node) => sum + this.of(node, atRoot), 0);
  }

  private of(node: ASTNode, atRoot: boolean): number {
    const { scalarCost, objectCost, depthCostFactor, listQueryCost } = this.weights;
    if (node.kind === Kind.FIELD && node.name.value === '__schema') return 0;
    if (node.kind === Kind.FRAGMENT_SPREAD)
      return scalarCost + depthCostFactor * this.ofFragment(node.name.value, atRoot);
    if (node.kind !== Kind.FIELD && node.kind !== Kind.INLINE_FRAGMENT) return 0;
    // Inline fragments at the root still select root fields.
    const childrenAtRoot = node.kind === Kind.INLINE_FRAGMENT && atRoot;
    let cost = scalarCost;
    if (node.selectionSet) {
      cost = objectCost + depthCostFactor * this.ofSelections(node.selectionSet, childrenAtRoot);
      cost *= pageSizeOf(node);
    }
    const readsRows =
      node.kind === Kind.FIELD &&
      (isListField(this.rootType?.getFields()[node.name.value]) ||
        (this.weights.listRootFields ?? []).includes(node.name.value));
    if (atRoot && readsRows) {
      cost += listQueryCost;
    }
    return cost;
  }

  private ofFragment(name: string, atRoot: boolean): number {
    const key = `${atRoot ? 'root' : 'nested'}:${name}`;
    const known = this.fragmentCosts.get(key);
    if (known !== undefined) return known;
    this.fragmentCosts.set(key, 0); // a fragment that spreads itself (refused by validation anyway) ends here
    const fragment: FragmentDefinitionNode | null | undefined = this.context.getFragment(name);
    const cost = fragment ? this.ofSelections(fragment.selectionSet, atRoot) : 0;
    this.fragmentCosts.set(key, cost);
    return cost;
  }
}

/** The cost of one operation of `document` (its first when `operationName` is not given), as the cost limit weighs it. */
export function operationCostOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  weights: CostWeights,
): number {
  let cost = 0;
  const costOf = (operation: OperationDefinitionNode, context: ValidationContext) => {
    const rootType =
      operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
    return new OperationCost(context, weights, rootType).ofSelections(operation.selectionSet, true);
  };
  let found = false;
  validate(schema, document, [
    (context) => ({
      OperationDefinition(operation) {
        if (found || (operationName && operation.name?.value !== operationName)) return;
        found = true;
        cost = costOf(operation, context);
      },
    }),
  ]);
  return Math.round(cost);
}

/**
 * The cost limit of an operation: graphql-armor's formula (scalars, objects, depth, literal page sizes) plus a
 * fixed weight for every list or page a root field reads, so aliases cannot multiply database work beyond what
 * one request may take. Refused as GRAPHQL_VALIDATION_FAILED with a message naming the limit.
 */
export function costLimitRule(weights: CostWeights): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const schema = context.getSchema();
      const rootType =
        operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
      const cost = new OperationCost(context, weights, rootType).ofSelections(operation.selectionSet, true);
      if (cost > weights.maxCost) {
        context.reportError(
          new GraphQLError(`Query Cost limit of ${weights.maxCost} exceeded, found ${Math.round(cost)}.`, {
            nodes: [operation],
          }),
        );
      }
    },
  });
}
