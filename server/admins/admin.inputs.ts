import { Field, InputType } from 'type-graphql';

@InputType({ description: 'The fields of an admin, for creating and editing.' })
export class AdminInput {
  @Field({ description: 'First name (required).' })
  firstname!: string;

  @Field({ description: 'Last name (required).' })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address; unique among admins.' })
  email!: string;

  @Field({ description: 'An inactive admin cannot sign in; default false.', defaultValue: false })
  inactive!: boolean;
}
