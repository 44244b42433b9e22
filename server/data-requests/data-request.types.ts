import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { DataRequest } from './data-request.entity.js';

export enum PersonalDataFormat {
  JSON = 'JSON',
  HTML = 'HTML',
}

registerEnumType(PersonalDataFormat, {
  name: 'PersonalDataFormat',
  description: 'The form of the download.',
  valuesConfig: {
    JSON: { description: 'One JSON file with every part.' },
    HTML: { description: "A readable, printable page in the admin's language." },
  },
});

@ObjectType({ description: 'An order that names the person, as it holds them.' })
@RequireRoleForAll(Role.ADMIN)
export class PersonalDataOrder {
  @Field(() => Int, { description: 'Database id.' })
  id!: number;

  @Field({ description: 'The order reference number.' })
  referenceNumber!: string;

  @Field({ description: 'Customer name.' })
  name!: string;

  @Field({ description: 'Customer e-mail address.' })
  email!: string;

  @Field({ description: 'Customer phone number as entered.' })
  phone!: string;

  @Field({ description: 'The address on one line: street and number, postcode and city.' })
  address!: string;

  @Field(() => Country, { description: 'Country of the address.' })
  country!: Country;

  @Field({ description: 'Start of the visit window.' })
  appointment!: Date;

  @Field({ description: 'The order was deleted (cancelled).' })
  deleted!: boolean;

  @Field({
    description: 'The visit is still to come and the order is not deleted: an erase refuses while there is one.',
  })
  planned!: boolean;
}

@ObjectType({ description: 'A part of what is held about the person beside the orders, by how many rows.' })
@RequireRoleForAll(Role.ADMIN)
export class HeldDataPart {
  @Field({ description: 'The part, by its key in the export (consumerReplies, consumerMessages, siteVisits, …).' })
  name!: string;

  @Field(() => Int, { description: 'The rows held about the person.' })
  rows!: number;
}

@ObjectType({ description: 'Everything held about a person, found by e-mail address or phone number.' })
@RequireRoleForAll(Role.ADMIN)
export class PersonalDataFindings {
  @Field(() => [PersonalDataOrder], {
    description: 'The orders that name the person: planned ones first, then newest first.',
  })
  orders!: PersonalDataOrder[];

  @Field(() => [HeldDataPart], { description: 'What else is held about the person, part by part.' })
  parts!: HeldDataPart[];
}

@ObjectType({ description: 'A download of everything held about a person.' })
@RequireRoleForAll(Role.ADMIN)
export class PersonalDataExportPayload {
  @Field({ description: 'The name to save it under.' })
  fileName!: string;

  @Field({ description: 'application/json or text/html, with its charset.' })
  contentType!: string;

  @Field({ description: 'The file itself.' })
  content!: string;

  @Field(() => DataRequest, { description: 'The request as the audit recorded it.' })
  request!: DataRequest;
}

@ObjectType({ description: 'An erase: carried out, or waiting for a second admin.' })
@RequireRoleForAll(Role.ADMIN)
export class DataErasurePayload {
  @Field(() => DataRequest, { description: 'The request as the audit recorded it.' })
  request!: DataRequest;
}
