import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { readableCountryOf } from '../common/auth/viewer.js';
import { BoardService } from './board.service.js';
import { VisitBoard } from './board.types.js';
import { OFFICE } from '../common/auth/role.js';

@Resolver(() => VisitBoard)
export class BoardResolver {
  @Query(() => VisitBoard, {
    description:
      "The office's board of today in a country (the site's when absent): per technician the visits in the order of their windows, with stage, expected arrival, outcome and lateness. Follow `boardVisitChanged` for the changes, and read this again on every (re)connection.",
  })
  @RequireRole(...OFFICE)
  @RequireScope(ApiScope.VISITS_READ)
  visitBoard(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true }) country?: Country | null,
  ): Promise<VisitBoard> {
    // An application's key reads the board of its own countries only.
    return new BoardService(ctx).board(readableCountryOf(ctx.viewer, country) ?? ctx.country);
  }
}
