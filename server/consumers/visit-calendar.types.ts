import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'A file to hand to the device as a download: here an iCalendar (.ics) event.' })
@RequireRoleForAll(Role.CONSUMER)
export class CalendarFile {
  @Field({ description: 'Suggested file name, e.g. `afspraak-NL-1.ics`.' })
  fileName!: string;

  @Field({ description: 'Media type to save it as: `text/calendar; charset=utf-8`.' })
  mediaType!: string;

  @Field({
    description:
      'The file itself (RFC 5545, CRLF line endings): one event from the start to the end of the visit window, in UTC, with the texts in the language of the request and the call-centre number.',
  })
  content!: string;
}
