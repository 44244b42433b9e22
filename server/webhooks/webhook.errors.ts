import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a call about webhooks is refused. */
export const WebhookError = defineErrorCodes({
  /** No endpoint (or delivery) with this id. */
  WEBHOOK_NOT_FOUND: 404,
  /** No live application with this id. */
  WEBHOOK_APPLICATION_NOT_FOUND: 404,
  /** An application holds a bounded number of endpoints. */
  WEBHOOK_ENDPOINT_LIMIT: 422,
});
