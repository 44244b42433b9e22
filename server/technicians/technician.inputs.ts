import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../common/locale.js';

@InputType({ description: 'A new technician; a reset mail then lets it set its password.' })
export class CreateTechnicianInput {
  @Field({ description: 'First name (required); shown in the planner greeting.' })
  firstname!: string;

  @Field({ description: 'Last name (required).' })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address; unique among technicians.' })
  email!: string;

  @Field({ description: 'The personal N-number; unique, and not editable later.' })
  personalNumber!: string;

  @Field(() => Int, { nullable: true, description: 'Usual start hour, 7-20; default 8.' })
  startingTime?: number | null;

  @Field(() => Country, {
    nullable: true,
    description: "Country whose working days the technician follows; default the site's country.",
  })
  country?: Country | null;
}

@InputType({ description: 'The editable fields of a technician (the personal number is not editable).' })
export class UpdateTechnicianInput {
  @Field({ description: 'First name (required).' })
  firstname!: string;

  @Field({ description: 'Last name (required).' })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address; unique among technicians.' })
  email!: string;

  @Field(() => Int, { description: 'Usual start hour, 7-20.' })
  startingTime!: number;

  @Field(() => Country, {
    nullable: true,
    description: 'Country whose working days the technician follows; unchanged when absent.',
  })
  country?: Country | null;
}
