import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { FIGURES_MAX_DAYS } from '../../shared/office-figures.js';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { OfficeFiguresService } from './office-figures.service.js';
import { FigureGrouping, OfficeFigures } from './office-figures.types.js';
import { OFFICE } from '../common/auth/role.js';

@Resolver(() => OfficeFigures)
export class OfficeFiguresResolver {
  @Query(() => OfficeFigures, {
    description:
      'How the visits of a period went, for the office: on time, first-time fix, not at home and ratings, per day, ' +
      `country or technician. At most ${FIGURES_MAX_DAYS} days; each count equals the \`totalCount\` of \`orders\` ` +
      'with the filter its description names.',
  })
  @RequireRole(...OFFICE)
  @RequireScope(ApiScope.STATISTICS_READ)
  officeFigures(
    @Ctx() ctx: AppContext,
    @Arg('from', () => String, { description: 'First day, YYYY-MM-DD (inclusive).' }) from: string,
    @Arg('to', () => String, {
      description: `Last day, YYYY-MM-DD (inclusive); at most ${FIGURES_MAX_DAYS} days in all.`,
    })
    to: string,
    @Arg('groupBy', () => FigureGrouping, { description: 'What each row is about.' }) groupBy: FigureGrouping,
    @Arg('country', () => Country, { nullable: true, description: 'One country only; both when absent.' })
    country?: Country | null,
  ): Promise<OfficeFigures> {
    return new OfficeFiguresService(ctx).figures({ from, to, groupBy, country });
  }
}
