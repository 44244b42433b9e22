import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { MoveVisitInput } from './self-move.inputs.js';
import { SelfMoveService } from './self-move.service.js';
import { VisitMoved, VisitMoveOffers } from './self-move.types.js';

@Resolver()
export class SelfMoveResolver {
  @Query(() => VisitMoveOffers, {
    description:
      'The days and windows a visit of the data token can move to (the same technician first, another one only where ' +
      'he works near the address that day; never a Sunday, holiday or confirmed day; each with room). VISIT_NOT_FOUND ' +
      'outside the token, VISIT_EXTERNAL, MOVE_CLOSED once the visit began; RATE_LIMITED as the personal links.',
  })
  @RequireRole(Role.CONSUMER)
  visitMoveOffers(
    @Ctx() ctx: AppContext,
    @Arg('referenceNumber', { description: 'The reference number of the visit.' }) referenceNumber: string,
  ): Promise<VisitMoveOffers> {
    return new SelfMoveService(ctx).offers(referenceNumber);
  }

  @Mutation(() => VisitMoved, {
    description:
      'The consumer moves a visit of the data token to one of its offers, at once, recorded as done by the customer; ' +
      'the new window is told once the undo has passed. MOVE_OFFER_UNKNOWN for a window not offered, ' +
      'MOVE_OFFER_TAKEN when its place was taken meanwhile (ask the offers again), MOVE_OFF while self-service is ' +
      'off, MOVE_CLOSED once the visit began.',
  })
  @RequireRole(Role.CONSUMER)
  moveVisit(@Ctx() ctx: AppContext, @Arg('input', () => MoveVisitInput) input: MoveVisitInput): Promise<VisitMoved> {
    return new SelfMoveService(ctx).move(input);
  }

  @Mutation(() => VisitMoved, {
    description:
      "Takes the consumer's last move of the visit back, within minutes of it (`undoableUntil`); nothing is told. " +
      'MOVE_UNDO_CLOSED after that, or when the visit was moved by someone else since.',
  })
  @RequireRole(Role.CONSUMER)
  undoVisitMove(
    @Ctx() ctx: AppContext,
    @Arg('referenceNumber', { description: 'The reference number of the visit.' }) referenceNumber: string,
  ): Promise<VisitMoved> {
    return new SelfMoveService(ctx).undo(referenceNumber);
  }
}
