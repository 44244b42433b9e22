import type { AppServices } from '../context.js';
import { ormPool } from '../common/db/plain-statements.js';
import { adminAddresses, deleteFinishedDeliveries } from './repository/webhook-delivery.repository.js';
import { dispatchAndSendWebhooks, type DisabledEndpoint, type SendRun } from './webhook-sender.js';
import { connectionSettings, WebhookSenderThread } from './webhook-thread.js';
import { WEBHOOK_SEND_QUEUE_NAME } from './webhook.service.js';

/** The topic the outbox triggers announce (see the webhooks migration): something waits to be sent. */
const PENDING_TOPIC = 'webhooks.pending';
/** Every minute: retries that came due, and what a lost notice left in the outbox. */
const WEBHOOKS_CRON = '* * * * *';
/** The sender thread's own connections (beside the ORM's pool). */
const SENDER_CONNECTIONS = 2;

/** The admins' mail that an endpoint was turned off, in Dutch and French (admins of both countries read it). */
function disabledMail(endpoint: DisabledEndpoint, to: string) {
  return {
    to,
    subject: `Webhook uitgeschakeld / Webhook désactivé: ${endpoint.clientName}`,
    text: [
      `De webhook ${endpoint.url} van de applicatie ${endpoint.clientName} faalde een dag lang en is uitgeschakeld.`,
      'Zet hem weer aan in de console (Applicaties) zodra de ontvanger werkt.',
      '',
      `Le webhook ${endpoint.url} de l’application ${endpoint.clientName} a échoué pendant un jour et a été désactivé.`,
      'Réactivez-le dans la console (Applications) dès que le destinataire fonctionne.',
    ].join('\n'),
  };
}

async function tellAdmins(services: AppServices, disabled: DisabledEndpoint[]): Promise<void> {
  if (disabled.length === 0) return;
  const admins = await adminAddresses(services.orm.em.fork());
  for (const endpoint of disabled) {
    services.logger.warn({ endpointId: endpoint.id }, 'webhook endpoint failing for a day turned off');
    for (const email of admins) await services.mailer.send(disabledMail(endpoint, email));
  }
}

/** The outbox dispatched and what is due sent; in the server, in the sender's thread. */
type Send = () => Promise<SendRun>;

/** The dispatch and the sender in this thread, on the ORM's pool (the tests' runs, one statement at a time). */
const sendHere =
  (services: AppServices): Send =>
  async () =>
    dispatchAndSendWebhooks(await ormPool(services.orm.em), services.config.webhooks, () => services.clock.now());

/**
 * One run: (a part of) the outbox into deliveries and the due ones sent (`dispatchAndSendWebhooks`), then the
 * endpoints failing for a day reported and their admins told.
 */
export async function runWebhooks(services: AppServices, send: Send = sendHere(services)): Promise<SendRun> {
  const run = await send();
  services.metrics.webhooksSent(run.delivered, run.sent - run.delivered);
  await tellAdmins(services, run.disabled);
  return run;
}

/** Deliveries removed per statement: a short statement each. */
const LOG_REMOVAL_BATCH = 1000;
/** At most this many statements a run (a million rows); what is left goes at the next hour. */
const LOG_REMOVAL_MAX_BATCHES = 1000;

/**
 * Removes the delivered and failed deliveries whose last attempt is older than the days the log is kept; answers how
 * many. The outbox needs none: the dispatcher deletes each row in the transaction that writes its deliveries.
 */
export async function removeOldWebhookDeliveries(services: AppServices, now: Date): Promise<number> {
  const em = services.orm.em.fork();
  const before = new Date(now.getTime() - services.config.webhooks.logRetentionDays * 86_400_000);
  let total = 0;
  for (let batch = 0; batch < LOG_REMOVAL_MAX_BATCHES; batch += 1) {
    const removed = await deleteFinishedDeliveries(em, before, LOG_REMOVAL_BATCH);
    total += removed;
    if (removed < LOG_REMOVAL_BATCH) break;
  }
  return total;
}

/**
 * The webhooks' work: a queue run every minute, and at once in this process when a change's notice says the outbox
 * has rows (a run that is going runs again after it, so nothing waits for the minute).
 */
export async function defineWebhookWork(services: AppServices): Promise<{ stop(): Promise<void> }> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // The sending (bodies, signatures, sockets, their garbage) in a thread of its own with two connections: the
  // API's requests never wait behind it (docs/decisions/performance.md, Webhooks).
  const pool = await ormPool(services.orm.em);
  const thread = new WebhookSenderThread(
    {
      connection: connectionSettings(pool.options),
      config: services.config.webhooks,
      poolSize: SENDER_CONNECTIONS,
      clock: services.clock.shared,
    },
    (code, error) => {
      if (!stopped)
        services.logger.error({ err: error, code }, 'webhook sender thread ended; the next run starts another');
    },
  );
  const sendInThread: Send = () => thread.send();
  // One run at a time in this process, whether the minute's job or a notice starts it: the webhooks hold at most one
  // of the pool's connections, and the API's requests keep the rest.
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        // A run sends a bounded number; when it stopped with more due, the next goes at once, not at the minute.
        if ((await runWebhooks(services, sendInThread)).more) again = true;
      } while (again && !stopped);
    })()
      .catch((error: unknown) => {
        if (!stopped) services.logger.error({ err: error }, 'webhooks not sent; the next run will');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  await services.jobs.define({
    name: WEBHOOK_SEND_QUEUE_NAME,
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 600,
    handler: run,
  });
  await services.jobs.every(WEBHOOK_SEND_QUEUE_NAME, WEBHOOKS_CRON);
  const unsubscribe = services.changes.subscribe(PENDING_TOPIC, () => void run());
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      // The thread ends its round and stops; the run waiting for it then ends too.
      await thread.stop();
      await running;
    },
  };
}
