import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { Country, TIME_ZONE } from '../common/locale.js';
import { addDays, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { ConsumerMessageRepository } from './repository/consumer-message.repository.js';

/** Rows per statement: a backlog is purged in short statements, never one long lock or a statement timeout. */
const BATCH_SIZE = 5000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Removes the addresses of consumer messages `retentionDays` days after the visit (docs/rules.md,
 * Consumer messages): on the visit day plus `retentionDays` they are kept, from the next local day on
 * they are gone. The rows stay (kind, channel, status, times, tries) so the figures keep working.
 * Unsubscribes are not touched: they hold a keyed hash only, and must outlive every message. Resolves
 * to the number of messages purged.
 */
export async function purgeMessageAddresses(orm: MikroORM, now: Date, retentionDays: number): Promise<number> {
  const cutoffs = Object.values(Country).map((country) => {
    const zone = TIME_ZONE[country];
    // Visits before the start of (today - retention) ended at least retention + 1 local days ago.
    return { country, visitsBefore: localDayRange(addDays(localDateOf(now, zone), -retentionDays), zone).start };
  });
  const messages = new ConsumerMessageRepository(orm.em, JOB_LOG_CONTEXT);
  let purged = 0;
  for (;;) {
    const affectedRows = await messages.purgeAddressesBatch(cutoffs, BATCH_SIZE, now);
    purged += affectedRows;
    if (affectedRows < BATCH_SIZE) return purged;
  }
}

/**
 * Removes message files of the outbox (mail `.eml`, SMS `.json`, and what a killed write left: the transports' stand-ins when no
 * mail server or SMS provider is set) written more than `retentionDays` days before `now`. A message
 * is written before its visit, so this is never later than the database's purge. Real time: the file
 * times are.
 */
export async function purgeOutboxFiles(
  outboxDirs: readonly string[],
  now: Date,
  retentionDays: number,
): Promise<number> {
  const before = now.getTime() - retentionDays * DAY_MS;
  let removed = 0;
  for (const dir of outboxDirs) {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      // A `.partial` file is one a killed process left half written (server/common/mail/outbox-file.ts).
      if (!name.endsWith('.eml') && !name.endsWith('.json') && !name.endsWith('.partial')) continue;
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
