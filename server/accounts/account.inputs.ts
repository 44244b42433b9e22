import { Field, InputType } from 'type-graphql';

@InputType({ description: 'E-mail address and password of a technician or admin.' })
export class SignInInput {
  @Field({ description: 'Sign-in e-mail address (case does not matter).' })
  email!: string;

  @Field({ description: 'The password, in full.' })
  password!: string;
}

@InputType({ description: 'Asks for a password-reset mail.' })
export class PasswordResetRequestInput {
  @Field({ description: 'E-mail address of the account.' })
  email!: string;
}

@InputType({ description: 'Sets a new password with the token from a reset mail.' })
export class NewPasswordInput {
  @Field({ description: 'The token: the last part of the link in the mail.' })
  token!: string;

  @Field({ description: 'The new password: at least 6 characters for technicians, 10 for admins.' })
  password!: string;
}
