import { Field, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';

@ObjectType({ description: 'A phone number as people read it and as a `tel:` link dials it.' })
export class ContactPhone {
  @Field({ description: 'For reading, e.g. `088 123 45 67`.' })
  @RequireRole(Role.CONSUMER)
  display!: string;

  @Field({ description: 'For dialling (`tel:` links), international, e.g. `+31881234567`.' })
  @RequireRole(Role.CONSUMER)
  dial!: string;
}

@ObjectType({ description: 'The external company that handles a visit, and how to reach it.' })
export class ExternalCompany {
  @Field({ description: 'Company name.' })
  @RequireRole(Role.CONSUMER)
  name!: string;

  @Field(() => ContactPhone, { description: 'Its phone number in the country asked for.' })
  @RequireRole(Role.CONSUMER)
  phone!: ContactPhone;
}

@ObjectType({ description: 'How a consumer reaches us (and the external company, if one handles the visit).' })
export class ConsumerContact {
  @Field(() => Country, { description: 'The country these numbers are for.' })
  @RequireRole(Role.CONSUMER)
  country!: Country;

  @Field(() => ContactPhone, { description: 'The call centre of the country.' })
  @RequireRole(Role.CONSUMER)
  callCentre!: ContactPhone;

  @Field({ description: 'When the call centre is open, local time: `08:00`.' })
  @RequireRole(Role.CONSUMER)
  callCentreOpensAt!: string;

  @Field({ description: 'When the call centre closes, local time: `18:00`.' })
  @RequireRole(Role.CONSUMER)
  callCentreClosesAt!: string;

  @Field(() => ExternalCompany, {
    nullable: true,
    description: 'The external company named by the data token (`external.company`); null when we make the visit.',
  })
  @RequireRole(Role.CONSUMER)
  externalCompany!: ExternalCompany | null;
}
