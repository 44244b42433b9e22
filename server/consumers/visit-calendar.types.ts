import { Field, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'A file to hand to the device as a download: here an iCalendar (.ics) event.' })
export class CalendarFile {
  @Field({ description: 'Suggested file name, e.g. `afspraak-NL-1.ics`.' })
  @RequireRole(Role.CONSUMER)
  fileName!: string;

  @Field({ description: 'Media type to save it as: `text/calendar; charset=utf-8`.' })
  @RequireRole(Role.CONSUMER)
  mediaType!: string;

  @Field({
    description:
      'The file itself (RFC 5545, CRLF line endings): one event from the start to the end of the visit window, in UTC, with the texts in the language of the request and the call-centre number.',
  })
  @RequireRole(Role.CONSUMER)
  content!: string;
}
