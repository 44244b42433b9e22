import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../../common/locale.js';
import { SecondFactorMethod } from './second-factor.types.js';

@InputType({ description: 'The second step of a staff sign-in.' })
export class VerifySecondFactorInput {
  @Field({ description: 'SecondFactorChallenge.challenge of the first step.' })
  challenge!: string;

  @Field(() => SecondFactorMethod, { description: 'Which kind of code this is.' })
  method!: SecondFactorMethod;

  @Field({ description: 'The six digits of the app (spaces ignored), or a recovery code (case and hyphens ignored).' })
  code!: string;
}

@InputType({
  description: 'Proof that the signed-in person holds the account: a current code of the app, or the password.',
})
export class SecondFactorProofInput {
  @Field(() => String, { nullable: true, description: 'A current six-digit code of the authenticator app.' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: "The account's password." })
  password?: string | null;
}

@InputType({ description: 'Who must sign in with a second factor in one country.' })
export class SecondFactorSettingInput {
  @Field(() => Country, { description: 'The country to change.' })
  country!: Country;

  @Field({ description: 'Admins must use a second factor.' })
  adminsRequired!: boolean;

  @Field({ description: 'Dispatchers must use a second factor.' })
  dispatchersRequired!: boolean;

  @Field({ description: "The country's technicians must use a second factor." })
  techniciansRequired!: boolean;
}

@InputType({ description: 'A staff account: an office account or a technician.' })
export class StaffAccountInput {
  @Field(() => Int, { nullable: true, description: 'Database id of the office account (or give technicianId).' })
  adminId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Database id of the technician (or give adminId).' })
  technicianId?: number | null;
}
