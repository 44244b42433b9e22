import { join } from 'node:path';
import { mailNewAccount } from '../accounts/index.js';
import { PASSWORD_MAIL_QUEUE, type PasswordMailJob } from '../common/jobs/password-mail-job.js';
import { onOrdersChanged } from '../audit/order-changes.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { createSmsSender } from '../common/sms/sms-sender.js';
import type { AppServices } from '../context.js';
import { MessageChannel } from '../messages/consumer-message.entity.js';
import { AFTER_UNDO_QUEUE, MessagePlanner, type AfterUndoJob } from '../messages/message-planner.js';
import { purgeMessageAddresses, purgeOutboxFiles } from '../messages/message-purge.js';
import {
  MessageSender,
  RESUME_QUEUE,
  SEND_QUEUES,
  SHARED_SEND_QUEUE,
  messagesOf,
  type SendJob,
} from '../messages/message-sender.js';
import { deleteExpiredVisitRequestIds } from '../visits/visit-request-ids-cleanup.js';
import { purgeInboundSms } from '../sms-replies/index.js';
import { deleteExpiredApiClientRows } from '../api-clients/index.js';
import { defineWebhookWork, removeOldWebhookDeliveries } from '../webhooks/index.js';
import { applyRetention } from '../data-requests/index.js';
import { removeExpiredVisitFiles, removeOrphanVisitFiles } from '../visit-records/index.js';

/** Every ten minutes (UTC cron): expired rate-limit windows are removed. */
const RATE_LIMIT_CLEANUP_CRON = '*/10 * * * *';

/** Every hour at :05 (UTC): request ids of visit days that are over are removed. */
const VISIT_REQUEST_IDS_CLEANUP_CRON = '5 * * * *';

/** Every hour at :25 (UTC): visit files past their retention period, and those left behind unnamed, are removed. */
const VISIT_FILES_RETENTION_CRON = '25 * * * *';
/** Every hour at :25 (UTC): idempotency keys and applications' minutes of use older than a day are removed. */
const API_CLIENT_ROWS_CLEANUP_CRON = '25 * * * *';
const API_CLIENT_ROWS_KEPT_MS = 24 * 3_600_000;
/** Every hour at :35 (UTC): webhook deliveries delivered or failed longer ago than the days their log is kept. */
const WEBHOOK_LOG_RETENTION_CRON = '35 * * * *';

/** Every hour at :15 (UTC): consumer messages lose their address a set number of days after the visit. */
export const MESSAGE_PURGE_QUEUE = 'consumer-messages.purge';
const MESSAGE_PURGE_CRON = '15 * * * *';

/** Every day at 02:40 (UTC): orders whose visit is longer ago than their country's months kept are anonymised. */
export const RETENTION_QUEUE = 'personal-data.retention';
const RETENTION_CRON = '40 2 * * *';

/** Every minute: the messages of days whose windows became visible (13:30), and of changes since. */
export const PUBLISH_QUEUE = 'consumer-messages.publish';
const PUBLISH_CRON = '* * * * *';

/** Changes to orders that can change what a consumer was told: the day, the window, the order itself, the visit. */
const CHANGES_THAT_TELL = new Set<OrderEventKind>([
  OrderEventKind.CREATED,
  OrderEventKind.IMPORT_CREATED,
  OrderEventKind.IMPORT_UPDATED,
  OrderEventKind.START_CONFIRMED,
  OrderEventKind.REASSIGNED,
  // The office moved the visit: its consumer hears the new window (once the undo has passed), as after any change.
  OrderEventKind.RESCHEDULED,
  OrderEventKind.MIGRATED,
  OrderEventKind.DELETED,
  // A restore after the cancellation was told: the consumer hears at once that the visit is on again.
  OrderEventKind.RESTORED,
  // The technician set out: the consumer gets the "on the way" SMS at once, not at the next minute.
  OrderEventKind.VISIT_ON_THE_WAY,
]);

/** The reactions to changes that run outside the job queue; stopped before it. */
export interface ScheduledWork {
  /** No more reactions to change notices; resolves once those under way are done. */
  stop(): Promise<void>;
}

/**
 * Every piece of scheduled and retried work of the application, in one list: the queues, their
 * handlers and their schedules (pg-boss, server/common/jobs). Nothing in the application runs on a
 * timer of its own, so every instance shares the work and a restart loses none of it.
 */
export async function defineScheduledWork(services: AppServices): Promise<ScheduledWork> {
  const { jobs, config, logger } = services;
  await jobs.define({
    name: 'rate-limit-buckets.cleanup',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 300,
    handler: () => services.rateLimiter.removeExpired(),
  });
  await jobs.every('rate-limit-buckets.cleanup', RATE_LIMIT_CLEANUP_CRON);
  await jobs.define({
    name: 'visit-request-ids.cleanup',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 600,
    handler: async () => {
      await deleteExpiredVisitRequestIds(services.orm, services.clock.now());
    },
  });
  await jobs.every('visit-request-ids.cleanup', VISIT_REQUEST_IDS_CLEANUP_CRON);
  await jobs.define({
    name: 'visit-files.retention',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 1800,
    handler: async () => {
      await removeExpiredVisitFiles(services, services.clock.now());
      // Files an upload left behind unnamed; their age is the storage's, in real time.
      await removeOrphanVisitFiles(services, new Date());
    },
  });
  await jobs.every('visit-files.retention', VISIT_FILES_RETENTION_CRON);
  await jobs.define({
    name: 'api-client-rows.cleanup',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 300,
    handler: async () => {
      await deleteExpiredApiClientRows(services, new Date(services.clock.now().getTime() - API_CLIENT_ROWS_KEPT_MS));
    },
  });
  await jobs.every('api-client-rows.cleanup', API_CLIENT_ROWS_CLEANUP_CRON);
  await jobs.define({
    name: 'webhook-deliveries.retention',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 1800,
    handler: async () => {
      const removed = await removeOldWebhookDeliveries(services, services.clock.now());
      if (removed > 0) logger.info({ removed }, 'webhook deliveries past the days their log is kept removed');
    },
  });
  await jobs.every('webhook-deliveries.retention', WEBHOOK_LOG_RETENTION_CRON);

  // A new account's first-password mail, sent by the server and retried while the mail server is down.
  await jobs.define<PasswordMailJob>({
    name: PASSWORD_MAIL_QUEUE,
    policy: 'exclusive',
    retryLimit: 8,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
    handler: (job) => mailNewAccount(services, job),
  });

  // Consumer messages (docs/rules.md, Consumer messages).
  // A publication's planning and sending take the room the requests leave in this process.
  const planner = new MessagePlanner(services.orm, services.holidays, jobs, services.backgroundHeadroom);
  const sender = new MessageSender(
    services.orm,
    config,
    services.clock,
    services.holidays,
    services.files,
    {
      mailer: services.mailer,
      sms: createSmsSender({
        twilio: config.twilio,
        outboxDir: join(config.dataDir, 'outbox', 'sms'),
        timeoutMs: config.transportTimeoutMs,
        logger,
      }),
    },
    (channel, status) => services.metrics.messageFinished(channel, status),
    services.backgroundHeadroom,
  );
  const sendQueue = (name: string, batchSize: number, channel?: MessageChannel) =>
    jobs.define<SendJob>({
      name,
      policy: 'exclusive',
      retryLimit: config.messageRetries.limit,
      retryDelaySeconds: config.messageRetries.delaySeconds,
      retryDelayMaxSeconds: 3600,
      // A batch takes one transport call and a few short statements, after its turn at the channel's pace (seconds at
      // the lowest rate allowed); given up only well after that could end.
      expireInSeconds: sender.claimSeconds() + 30,
      // Two batches at once, each handed over at once: with two jobs a batch, 64 of a channel's messages claimed at a
      // time, which its lanes hand over within the seconds a claim leaves before the transport's timeout, even while
      // they wait for room (LoopHeadroom). No transaction is held while they go, so the pool keeps its connections for
      // consumers looking at 13:30.
      concurrency: 2,
      batchSize,
      batchHandler: async (batch) => {
        const requests = batch.flatMap((job) =>
          messagesOf(job.data).map((messageId) => ({ messageId, attempt: job.attempt })),
        );
        const jobOf = new Map(requests.map((request) => [request.messageId, request.attempt.id]));
        const failures = await sender.sendBatch(requests, jobs, channel);
        return new Map([...failures].map(([messageId, error]) => [jobOf.get(messageId) ?? '', error]));
      },
    });
  // A queue per channel: a mail server that hangs keeps its own batches waiting, never an SMS.
  // Two jobs a fetch (a publication's job holds MESSAGES_PER_SEND_JOB messages, a resend or a resume one): the queue
  // fetches again at once only after a full fetch, and a fetch of one is always full, so pg-boss never bursts at one;
  // each worker would wait a poll between its jobs.
  await sendQueue(SEND_QUEUES[MessageChannel.EMAIL], 2, MessageChannel.EMAIL);
  await sendQueue(SEND_QUEUES[MessageChannel.SMS], 2, MessageChannel.SMS);
  // What was queued before the channels had a queue each still goes (it can be dropped once none waits there).
  await sendQueue(SHARED_SEND_QUEUE, 2);
  await jobs.define({
    name: RESUME_QUEUE,
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 120,
    handler: async () => {
      const resumed = await sender.resumeAbandoned(jobs);
      if (resumed > 0) logger.warn({ resumed }, 'consumer messages whose sender stopped are sent again');
    },
  });
  await jobs.define({
    name: PUBLISH_QUEUE,
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 600,
    handler: async () => {
      await planner.plan(services.clock.now());
    },
  });
  // An order's messages after its last change could be undone: the change is told then, or nothing when it was undone.
  await jobs.define<AfterUndoJob>({
    name: AFTER_UNDO_QUEUE,
    policy: 'exclusive',
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    handler: async (job) => {
      await planner.plan(services.clock.now(), [job.orderId]);
    },
  });
  await jobs.define({
    name: MESSAGE_PURGE_QUEUE,
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 600,
    handler: async () => {
      const purged = await purgeMessageAddresses(services.orm, services.clock.now(), config.messageDataRetentionDays);
      // The outbox files carry the real time they were written, so they are compared with it.
      const outbox = join(config.dataDir, 'outbox');
      const files = await purgeOutboxFiles([outbox, join(outbox, 'sms')], new Date(), config.messageDataRetentionDays);
      // The text messages consumers sent back go after as long.
      const inbound = await purgeInboundSms(services.orm, services.clock.now(), config.messageDataRetentionDays);
      if (purged + files + inbound > 0) {
        logger.info({ purged, files, inbound }, 'consumer message addresses removed after the visit');
      }
    },
  });
  await jobs.every(MESSAGE_PURGE_QUEUE, MESSAGE_PURGE_CRON);
  // Personal data kept no longer than the months each country set (docs/rules.md, Personal data).
  await jobs.define({
    name: RETENTION_QUEUE,
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 1800,
    handler: async () => {
      const anonymised = await applyRetention(services, services.clock.now(), config.jwtSecret);
      if (anonymised > 0) logger.info({ anonymised }, 'orders past their retention anonymised');
    },
  });
  await jobs.every(RETENTION_QUEUE, RETENTION_CRON);
  // At start too: an instance restarted after a crash looks for the messages it died with (and asks for the next
  // look when their claims run out); every minute for those of an instance that does not come back.
  await jobs.every(RESUME_QUEUE, '* * * * *', { atStart: true });
  // Also at start: an instance started at 13:30:30 (or the demo) does not wait for the next minute.
  await jobs.every(PUBLISH_QUEUE, PUBLISH_CRON, { atStart: true });
  // A change is told at once rather than at the next minute, planned by the instance that made it; the minute's run
  // catches what a lost notice or a crash between the commit and the plan misses. The others hear it too, but their
  // plans would write nothing (the rows are unique) and cost as much: a burst of technicians' taps planned on every
  // instance took the cores the consumers' lookups needed.
  const running = new Set<Promise<unknown>>();
  const unsubscribe = onOrdersChanged(services.changes, (change) => {
    if (!CHANGES_THAT_TELL.has(change.kind) || !change.madeHere) return;
    const orderIds = change.importJobId ? undefined : change.orderIds;
    const planning = planner.plan(services.clock.now(), orderIds).catch((error: unknown) => {
      logger.error({ err: error }, 'consumer messages after a change were not planned; the next run will');
    });
    running.add(planning);
    void planning.finally(() => running.delete(planning));
  });
  // Applications' webhooks: the outbox sent at once on its notice, and every minute (retries, lost notices).
  const webhooks = await defineWebhookWork(services);
  return {
    // Before the job queue stops: a plan queues its send jobs, and a stopped queue takes none.
    async stop() {
      unsubscribe();
      await Promise.allSettled([...running, webhooks.stop()]);
    },
  };
}
