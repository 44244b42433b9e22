import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'Where to download the CSV export of the orders of one country.' })
@RequireRoleForAll(...OFFICE)
export class OrdersExport {
  @Field(() => Country, { description: 'The country whose orders the file holds.' })
  country!: Country;

  @Field({ description: "The file's name, `<brand>-export.<dd-mm-yyyy>.csv` (also sent in Content-Disposition)." })
  fileName!: string;

  @Field({
    description:
      'Path of the download (GET with the same bearer token): a streamed CSV in the import format (docs/csv-format.md).',
  })
  url!: string;
}

@ObjectType({ description: 'Where to download the CSV export of the orders the order list shows for a filter.' })
@RequireRoleForAll(...OFFICE)
export class OrdersSelectionExport {
  @Field({ description: "The file's name, `<brand>-selectie.<dd-mm-yyyy>.csv` (also sent in Content-Disposition)." })
  fileName!: string;

  @Field({
    description:
      'Path of the download (GET with the same bearer token): a streamed CSV in the import format (docs/csv-format.md) ' +
      'of the orders matching the filter when it is read.',
  })
  url!: string;

  @Field(() => Int, {
    description: 'How many orders matched when this was asked (the file holds those matching then).',
  })
  orders!: number;
}
