import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';

@ObjectType({ description: 'A phone number as people read it and as a `tel:` link dials it.' })
@RequireRoleForAll(Role.CONSUMER)
export class ContactPhone {
  @Field({ description: 'For reading, e.g. `088 123 45 67`.' })
  display!: string;

  @Field({ description: 'For dialling (`tel:` links), international, e.g. `+31881234567`.' })
  dial!: string;
}

@ObjectType({ description: 'The external company that handles a visit, and how to reach it.' })
@RequireRoleForAll(Role.CONSUMER)
export class ExternalCompany {
  @Field({ description: 'Company name.' })
  name!: string;

  @Field(() => ContactPhone, { description: 'Its phone number in the country asked for.' })
  phone!: ContactPhone;
}

@ObjectType({ description: 'How a consumer reaches us (and the external company, if one handles the visit).' })
@RequireRoleForAll(Role.CONSUMER)
export class ConsumerContact {
  @Field(() => Country, { description: 'The country these numbers are for.' })
  country!: Country;

  @Field(() => ContactPhone, { description: 'The call centre of the country.' })
  callCentre!: ContactPhone;

  @Field({ description: 'When the call centre is open, local time: `08:00`.' })
  callCentreOpensAt!: string;

  @Field({ description: 'When the call centre closes, local time: `18:00`.' })
  callCentreClosesAt!: string;

  @Field(() => ExternalCompany, {
    nullable: true,
    description: 'The external company named by the data token (`external.company`); null when we make the visit.',
  })
  externalCompany!: ExternalCompany | null;
}
