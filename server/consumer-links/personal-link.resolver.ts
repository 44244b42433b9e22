import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { PersonalLinkService } from './personal-link.service.js';
import {
  EmailUnsubscribed,
  OpenPersonalLinkResult,
  PersonalLinkOpened,
  PersonalLinkRefused,
  UnsubscribeByPersonalLinkResult,
} from './personal-link.types.js';

@Resolver()
export class PersonalLinkResolver {
  @Mutation(() => OpenPersonalLinkResult, {
    description:
      "Public. Exchanges the token of a personal link (`/v/<token>` in a consumer message) for a data token of its one visit. Refused (INVALID, EXPIRED after the visit day, REVOKED once the order is deleted, moved or reassigned) with the order's country and language when the link is genuine. RATE_LIMITED after too many exchanges per client. A mutation, never a GET: mail scanners open every link.",
  })
  openPersonalLink(
    @Ctx() ctx: AppContext,
    @Arg('token', { description: 'The part of the link after `/v/`.' }) token: string,
    @Arg('countsAsSiteVisit', {
      defaultValue: true,
      description:
        'False where the visit is read beside something else the consumer came for (the unsubscribe page): no site visit is recorded, so the "Websitebezoeken" figure and "informed?" count only the visits the consumer came to see.',
    })
    countsAsSiteVisit: boolean,
  ): Promise<PersonalLinkOpened | PersonalLinkRefused> {
    return new PersonalLinkService(ctx.services, ctx.em).open(
      token,
      { ip: ctx.clientKey, userAgent: ctx.userAgent },
      countsAsSiteVisit,
    );
  }

  @Mutation(() => UnsubscribeByPersonalLinkResult, {
    description:
      "Public. The unsubscribe page's button: the e-mail address of the personal link's order gets no more messages about visits. Any link we made works, also after its visit day. Mail providers use `POST /v/<token>/afmelden` (RFC 8058 one-click) for the same.",
  })
  unsubscribeByPersonalLink(
    @Ctx() ctx: AppContext,
    @Arg('token', { description: 'The part of the link after `/v/`.' }) token: string,
  ): Promise<EmailUnsubscribed | PersonalLinkRefused> {
    return new PersonalLinkService(ctx.services, ctx.em).unsubscribeEmail(token);
  }
}
