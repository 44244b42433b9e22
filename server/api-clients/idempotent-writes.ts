import { createHash } from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { Kind, OperationTypeNode } from 'graphql';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { ApiClientError } from './api-client.errors.js';
import {
  claimIdempotencyKey,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
} from './repository/api-client.repository.js';

/** The writes an `Idempotency-Key` makes happen once: creating and importing orders, and changing one. */
const IDEMPOTENT_FIELDS: ReadonlySet<string> = new Set([
  'createOrder',
  'importOrders',
  'reassignOrder',
  'deleteOrder',
  'restoreOrder',
  'rescheduleOrder',
  'updateOrderAddress',
]);

/** A key is 1 to 255 visible ASCII characters (a UUID is the usual choice). */
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

/**
 * A file being uploaded (graphql-upload's `Upload`: its promise resolves while the body streams) compares as one
 * marker: what it holds is not known when the key is checked, and its state would make two equal calls differ.
 */
const fileAsMarker = (_key: string, value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'promise' in value && 'resolve' in value ? '[file]' : value;

/** Whose keys these are: an application, or a staff member; other callers' keys are not kept. */
function callerOf(context: AppContext): string | undefined {
  const viewer = context.viewer;
  if (viewer?.role !== Role.ADMIN) return undefined;
  return viewer.application ? `application:${viewer.application.id}` : `admin:${viewer.adminId}`;
}

/** A refusal with its HTTP status, as Apollo answers an error thrown before execution. */
function refusal(error: AppError): AppError {
  error.extensions.http = { status: error.definition.httpStatus };
  return error;
}

/**
 * `Idempotency-Key` on the writes of `IDEMPOTENT_FIELDS` (GraphQL and the REST shim alike): the first call with a key
 * runs and its answer is kept (a day, then the cleanup job removes it); a repeat with the same operation and variables
 * answers that result and changes nothing; the same key with another request is refused (422). A call that failed
 * keeps nothing, so it can be sent again with its key. A file sent to `importOrders` is not part of what is compared:
 * its operation and variables are.
 */
export const idempotentWritesPlugin: ApolloServerPlugin<AppContext> = {
  async requestDidStart({ contextValue }): Promise<GraphQLRequestListener<AppContext> | void> {
    const key = contextValue.idempotencyKey;
    if (key === undefined) return;
    let claimed: { caller: string; key: string } | undefined;
    let replay: Record<string, unknown> | undefined;
    return {
      async didResolveOperation({ operation, request, contextValue: context }) {
        if (operation?.operation !== OperationTypeNode.MUTATION) return;
        const fields = operation.selectionSet.selections.flatMap((node) =>
          node.kind === Kind.FIELD ? [node.name.value] : [],
        );
        if (!fields.some((field) => IDEMPOTENT_FIELDS.has(field))) return;
        const caller = callerOf(context);
        if (!caller) return;
        if (!KEY_FORM.test(key)) {
          throw refusal(new AppError(CommonError.BAD_USER_INPUT, { message: 'IDEMPOTENCY_KEY_INVALID' }));
        }
        const requestHash = createHash('sha256')
          .update(
            JSON.stringify([request.query ?? '', request.operationName ?? null, request.variables ?? {}], fileAsMarker),
          )
          .digest('hex');
        const now = context.services.clock.now();
        const first = await claimIdempotencyKey(context.services, { caller, key, requestHash, now });
        if (!first) {
          claimed = { caller, key };
          return;
        }
        if (first.request_hash !== requestHash) throw refusal(new AppError(ApiClientError.IDEMPOTENCY_KEY_REUSED));
        if (!first.answer) throw refusal(new AppError(ApiClientError.IDEMPOTENCY_KEY_IN_USE));
        replay = first.answer;
      },
      async responseForOperation({ response }) {
        if (!replay) return null;
        response.http.headers.set('idempotent-replayed', 'true');
        return { http: response.http, body: { kind: 'single', singleResult: { data: replay } } };
      },
      async willSendResponse({ response, contextValue: context }) {
        if (!claimed) return;
        const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
        if (result?.data && !result.errors?.length) {
          await keepIdempotentAnswer(context.services, { ...claimed, answer: result.data });
        } else {
          await releaseIdempotencyKey(context.services, claimed.caller, claimed.key);
        }
      },
    };
  },
};
