import { createUnionType, Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

/** CSV columns present in an imported file's header. */
export type OrderCsvColumns = ReadonlySet<string>;

@ObjectType({ description: 'Every row was valid: the file was written in one transaction.' })
@RequireRoleForAll(...OFFICE)
export class ImportOrdersSuccess {
  @Field({ description: 'The import job (see `importJob`).' })
  jobId!: string;

  @Field(() => Int, { description: 'Data rows in the file.' })
  rows!: number;

  @Field(() => Int, { description: 'New orders.' })
  created!: number;

  @Field(() => Int, { description: 'Existing orders (same reference number) that changed.' })
  updated!: number;

  @Field(() => Int, { description: 'Rows equal to the stored order: nothing was written for them.' })
  unchanged!: number;
}

@ObjectType({ description: 'One problem in an imported file.' })
@RequireRoleForAll(...OFFICE)
export class ImportRowError {
  @Field(() => Int, { description: 'Line in the file (1 = the header row).' })
  line!: number;

  @Field(() => String, { nullable: true, description: 'The CSV column, or null when the whole row is wrong.' })
  column!: string | null;

  @Field(() => String, { nullable: true, description: 'The cell as written (at most 100 characters).' })
  value!: string | null;

  @Field({ description: "What is wrong, in the caller's language." })
  message!: string;
}

@ObjectType({ description: 'Some rows were invalid: nothing was written. The report lists the problems by line.' })
@RequireRoleForAll(...OFFICE)
export class ImportRowErrors {
  @Field({ description: 'The import job (see `importJob`).' })
  jobId!: string;

  @Field(() => Int, { description: 'Data rows read and checked.' })
  rowsChecked!: number;

  @Field(() => Int, { description: 'All problems found; `errors` lists the first 200 of them.' })
  errorCount!: number;

  @Field(() => [ImportRowError], { description: 'The problems by line, at most 200.' })
  errors!: ImportRowError[];
}

export const ImportOrdersResult = createUnionType({
  name: 'ImportOrdersResult',
  description: 'The outcome of a CSV import: written, or refused with a report of the bad rows.',
  types: () => [ImportOrdersSuccess, ImportRowErrors] as const,
  resolveType: (value) => (value instanceof ImportRowErrors ? ImportRowErrors : ImportOrdersSuccess),
});
