import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../common/locale.js';
import { RETENTION_MONTHS } from '../../shared/data-requests.js';
import { PersonalDataFormat } from './data-request.types.js';

@InputType({ description: 'Whom a data request is about.' })
export class PersonalDataSearchInput {
  @Field({
    description: 'An e-mail address (any case), or a phone number in any notation (06-12 34 56 78, +31612345678).',
  })
  search!: string;
}

@InputType({ description: 'A download of everything held about a person.' })
export class ExportPersonalDataInput extends PersonalDataSearchInput {
  @Field(() => PersonalDataFormat, { description: 'JSON, or a readable page.' })
  format!: PersonalDataFormat;
}

@InputType({ description: "A country's data settings, all at once." })
export class DataRequestSettingInput {
  @Field(() => Country, { description: 'The country to change.' })
  country!: Country;

  @Field(() => Int, { description: `Months kept after the visit, ${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}.` })
  retentionMonths!: number;

  @Field({ description: 'An erase waits for a second admin to confirm it.' })
  eraseNeedsTwoAdmins!: boolean;
}
