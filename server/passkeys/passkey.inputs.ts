import { Field, InputType } from 'type-graphql';
import { PASSKEY_NAME_MAX } from '../../shared/passkeys.js';

@InputType({ description: "Adds a passkey to the caller's account: the browser's answer to the registration options." })
export class AddPasskeyInput {
  @Field({ description: 'The challengeId of passkeyRegistrationOptions.' })
  challengeId!: string;

  @Field({ description: "The browser's answer (@simplewebauthn/browser's startRegistration), as JSON." })
  responseJSON!: string;

  @Field({ description: `The name the owner gives it, 1 to ${PASSKEY_NAME_MAX} characters ("Laptop").` })
  name!: string;
}

@InputType({ description: "Signs in with a passkey alone: the browser's answer to the sign-in options." })
export class PasskeySignInInput {
  @Field({ description: 'The challengeId of passkeySignInOptions.' })
  challengeId!: string;

  @Field({ description: "The browser's answer (@simplewebauthn/browser's startAuthentication), as JSON." })
  responseJSON!: string;
}
