import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { FIGURES_MAX_DAYS } from '../../shared/office-figures.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { MailReadService } from './mail-reads.service.js';
import { MailReads } from './mail-reads.types.js';

@Resolver(() => MailReads)
export class MailReadsResolver {
  @Query(() => MailReads, {
    description:
      'Consumer mails sent per day of a period and how many of them were opened at least once, with the read rate. ' +
      `At most ${FIGURES_MAX_DAYS} days; days in the zone of the country (of the site when both).`,
  })
  @RequireRole(Role.ADMIN)
  mailReads(
    @Ctx() ctx: AppContext,
    @Arg('from', () => String, { description: 'First day, YYYY-MM-DD (inclusive).' }) from: string,
    @Arg('to', () => String, {
      description: `Last day, YYYY-MM-DD (inclusive); at most ${FIGURES_MAX_DAYS} days in all.`,
    })
    to: string,
    @Arg('country', () => Country, { nullable: true, description: 'One country only; both when absent.' })
    country?: Country | null,
  ): Promise<MailReads> {
    return new MailReadService(ctx).mailReads({ from, to, country });
  }
}
