import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LookUpVisitsInput } from './consumer.inputs.js';
import { ConsumerContact } from './consumer-contact.types.js';
import { ConsumerVisit, LookUpVisitsPayload } from './consumer-visit.types.js';
import { ConsumerService } from './consumer.service.js';
import { lookUpVisits } from './lookup.js';
import { VisitCalendarService } from './visit-calendar.service.js';
import { CalendarFile } from './visit-calendar.types.js';

@Resolver()
export class ConsumerResolver {
  @Mutation(() => LookUpVisitsPayload, {
    description:
      'Public. Finds the visits at an address (NL: postcode + house number) or phone number (BE) today or later, nearest first, and returns a data token for them. An address is its house number with its addition (12, 12a and 12-2 are three). NO_ORDERS_FOUND when there are none; HOUSE_NUMBER_ADDITION_NEEDED when the number was typed without addition and its visits all have one; RATE_LIMITED after too many attempts per client or per address.',
  })
  lookUpVisits(
    @Ctx() ctx: AppContext,
    @Arg('input', () => LookUpVisitsInput) input: LookUpVisitsInput,
  ): Promise<LookUpVisitsPayload> {
    return lookUpVisits(ctx, input);
  }

  @Query(() => [ConsumerVisit], {
    description: 'The visits the data token was issued for, nearest first (deleted ones left out).',
  })
  @RequireRole(Role.CONSUMER)
  consumerVisits(@Ctx() ctx: AppContext): Promise<ConsumerVisit[]> {
    return new ConsumerService(ctx).visits();
  }

  @Query(() => CalendarFile, {
    description:
      'The "add to calendar" file (.ics) of one visit of the data token: exactly its window, texts in the language of the request (Accept-Language), with the call-centre number. VISIT_NOT_FOUND outside the token; VISIT_WINDOW_NOT_AVAILABLE before the window is shown.',
  })
  @RequireRole(Role.CONSUMER)
  visitCalendar(@Ctx() ctx: AppContext, @Arg('referenceNumber') referenceNumber: string): Promise<CalendarFile> {
    return new VisitCalendarService(ctx).calendarFile(referenceNumber);
  }

  @Query(() => ConsumerContact, {
    description:
      "The call centre of a country (default: the site's) and, when the data token says an external company makes the visit, that company.",
  })
  @RequireRole(Role.CONSUMER)
  consumerContact(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: "Default: the site's country." }) country?: Country,
  ): ConsumerContact {
    return new ConsumerService(ctx).contact(country ?? ctx.country);
  }
}
