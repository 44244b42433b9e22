import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupFileError, restoreBackup, RestoreRefusedError, writeBackup } from '../../../server/db/backup.js';
import { createAdmin, createOrder, createTechnician } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer } from '../../utils/test-server.js';

const logger = pino({ level: 'silent' });

/** The tables a backup carries: the app's (its migrations' record aside) and the job queue's state. */
const TABLES_SQL = `select schemaname || '.' || relname as name from pg_stat_user_tables
  where (schemaname = 'public' and relname <> 'mikro_orm_migrations')
     or (schemaname = 'pgboss' and relname in ('queue', 'schedule', 'subscription', 'job_common', 'job_dependency'))
  order by 1`;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Per table: its row count and a digest of all its rows (every column, generated ones included). */
function contentsOf(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  return withClient(url, async (client) => {
    const result: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of (await client.query<{ name: string }>(TABLES_SQL)).rows) {
      const [schema, table] = name.split('.');
      const { rows } = await client.query<{ rows: string; digest: string | null }>(
        `select count(*) as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as digest from "${schema}"."${table}" t`,
      );
      result[name] = { rows: Number(rows[0].rows), digest: rows[0].digest ?? '' };
    }
    return result;
  });
}

function sequencesOf(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' and sequencename <> 'mikro_orm_migrations_id_seq'`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value ?? '']));
  });
}

/** `bytes` with every bit of one byte turned over. */
function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0xff;
  return copy;
}

const tableCount = (url: string) =>
  withClient(url, async (client) =>
    Number(
      (await client.query<{ count: string }>(`select count(*) from pg_tables where schemaname in ('public', 'pgboss')`))
        .rows[0].count,
    ),
  );

describe('backup and restore without pg_dump', () => {
  let source: TestDatabase;
  const targets: TestDatabase[] = [];
  let dir: string;
  let file: string;
  let before: Awaited<ReturnType<typeof contentsOf>>;
  let saved: Awaited<ReturnType<typeof writeBackup>>;

  const freshDatabase = async () => {
    const database = await createTestDatabase({ migrated: false });
    targets.push(database);
    return database;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tijdvak-backup-'));
    file = join(dir, 'tijdvak.backup.gz');
    // The demo data fills orders, technicians, holidays, site visits, visit statuses and the job queue; the rest
    // is added below, so that every table carries rows.
    source = await createTestDatabase();
    const server = await startTestServer({ database: source, env: { DEMO_DATA: '1' } });
    const em = server.em();
    const technician = await createTechnician(em, { firstname: 'Zoë', lastname: "D'Hondt" });
    const admin = await createAdmin(em);
    const order = await createOrder(em, {
      appointment: new Date('2027-01-12T08:00:00Z'),
      technician,
      // Text COPY must carry: a tab, a newline, a backslash, quotes and accents.
      name: 'Anne-Marie\t"Ten" Brink\nafdeling \\ achter, é',
    });
    await withClient(source.url, async (client) => {
      const at = '2026-12-01T10:00:00Z';
      const inserts = [
        [
          `insert into consumer_messages (channel, kind, order_id, window_start, window_seconds, created_at, language)
           values ('EMAIL', 'REMINDER', $1, $2, 3600, $2, 'nl')`,
          [order.id, at],
        ],
        [
          `insert into consumer_replies (order_id, answer, created_at, updated_at) values ($1, 'AT_HOME', $2, $2)`,
          [order.id, at],
        ],
        [
          `insert into consumer_unsubscribes (address_hash, channel, created_at) values ('hash-of-an-address', 'EMAIL', $1)`,
          [at],
        ],
        [
          `insert into import_jobs (id, started_at, country, file_name, status)
           values ('6f1c1a52-3c1e-4a3b-9d55-0c8f4a1b2c3d', $1, 'NL', 'orders.csv', 'SUCCEEDED')`,
          [at],
        ],
        [
          `insert into inbound_sms (message_sid, sender_hash, received_at, order_id, action)
           values ('SM0123456789abcdef0123456789abcdef', 'a-sender-hash', $1, $2, 'AT_HOME')`,
          [at, order.id],
        ],
        [`insert into mail_opens (order_id, opened_at) values ($1, $2)`, [order.id, at]],
        [
          `insert into order_calls (order_id, set_by_name, call_date, status, set_at)
           values ($1, 'Admin', '2026-12-01', 'REACHED', $2)`,
          [order.id, at],
        ],
        [
          `insert into order_events (kind, order_id, occurred_at, actor_type, actor_admin_id)
           values ('UPDATED', $1, $2, 'ADMIN', $3)`,
          [order.id, at, admin.id],
        ],
        [
          `insert into password_reset_tokens (token_hash, expires_at, created_at, account_type, account_id)
           values ('a-token-hash', $1, $1, 'ADMIN', $2)`,
          [at, admin.id],
        ],
        [`insert into rate_limit_buckets (key, window_ends_at, hits) values ('lookup:client', $1, 3)`, [at]],
        [
          `insert into schedule_confirmations (technician_id, date, confirmed_at) values ($1, '2026-12-02', $2)`,
          [technician.id, at],
        ],
        [`insert into visit_ratings (order_id, score, created_at, updated_at) values ($1, 5, $2, $2)`, [order.id, at]],
        [
          `insert into visit_status_requests (order_id, request_id, applied_at) values ($1, 'request-1', $2)`,
          [order.id, at],
        ],
        [
          `insert into stored_files (key, content_type, size, content, created_at)
           values ('visit/a-photo.jpg', 'image/jpeg', 3, '\\x010203', $1)`,
          [at],
        ],
        [
          `insert into visit_records (order_id, parts_used, parts_needed, office_note, updated_at)
           values ($1, '[]', '[{"name":"Pomp","quantity":1}]', 'Pomp besteld', $2)`,
          [order.id, at],
        ],
        [
          `insert into visit_photos (order_id, client_id, kind, file_key, thumbnail_key, width, height, created_at)
           values ($1, 'photo-1', 'TYPE_PLATE', 'visit/a-photo.jpg', 'visit/a-thumb.jpg', 1600, 1200, $2)`,
          [order.id, at],
        ],
        [
          `insert into api_clients (name, scopes, countries, request_budget, cost_budget, created_at)
           values ('Koppeling', '{ORDERS_READ}', '{NL}', 600, 20000, $1)`,
          [at],
        ],
        [
          `insert into api_client_keys (client_id, prefix, key_hash, created_at)
           select id, '0a1b2c3d', repeat('f', 64), $1 from api_clients where name = 'Koppeling'`,
          [at],
        ],
        [
          `insert into api_client_usage (client_id, window_start, requests, cost)
           select id, $1, 3, 40 from api_clients where name = 'Koppeling'`,
          [at],
        ],
        [
          `insert into idempotency_keys (caller, key, request_hash, answer, created_at)
           values ('application:1', 'key-1', repeat('e', 64), '{"data":{}}', $1)`,
          [at],
        ],
        [
          `insert into staff_sessions (id, admin_id, browser, os, created_at, last_seen_at, expires_at)
           values ('s-0123456789abcdef', $1, 'Chrome', 'Linux', $2, $2, $2)`,
          [admin.id, at],
        ],
        [
          `insert into staff_totp_factors (admin_id, secret, confirmed_at, last_used_step, created_at)
           values ($1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', $2, 59000000, $2)`,
          [admin.id, at],
        ],
        [`insert into staff_recovery_codes (admin_id, code_hash) values ($1, repeat('d', 64))`, [admin.id]],
        [
          `insert into staff_security_events (at, kind, account_kind, account_id)
           values ($1, 'TOTP_ENABLED', 'admin', $2)`,
          [at, admin.id],
        ],
        [
          `insert into data_requests (kind, status, requested_at, requested_by_id, order_count, row_count)
           values ('EXPORT', 'DONE', $1, $2, 1, 4)`,
          [at, admin.id],
        ],
        [
          `insert into webhook_endpoints (client_id, url, events, secret, created_at)
           select id, 'https://hooks.example.com/tijdvak', '{order.created}', 'whsec_c2VjcmV0', $1 from api_clients
           where name = 'Koppeling'`,
          [at],
        ],
        [
          `insert into webhook_deliveries (endpoint_id, message_id, type, payload, status, next_attempt_at, retry_until,
             created_at)
           select id, 'msg_1', 'order.created', '{"type":"order.created"}', 'DELIVERED', $1, $1, $1
           from webhook_endpoints`,
          [at],
        ],
        [
          `insert into staff_passkeys (credential_id, public_key, counter, transports, admin_id, name, created_at)
           values ('cred-0123456789', decode('a501020326', 'hex'), 4, '{internal}', $1, 'Laptop', $2)`,
          [admin.id, at],
        ],
        [
          `insert into passkey_challenges (id, challenge, origin, ceremony, expires_at)
           values ('c-0123456789abcdef', 'challenge-0123456789', 'https://a.example', 'SIGN_IN', $1)`,
          [at],
        ],
      ] as const;
      for (const [sql, values] of inserts) await client.query(sql, [...values]);
    });
    await server.stop();
    // Written once the server has stopped: its webhook run would otherwise take the row out of the outbox.
    await withClient(source.url, (client) =>
      client.query(`insert into webhook_outbox (source, source_id) values ('IMPORT', $1)`, [
        '00000000-0000-0000-0000-000000000001',
      ]),
    );
    before = await contentsOf(source.url);
    saved = await writeBackup(source.url, file);
  }, 120_000);

  afterAll(async () => {
    for (const database of targets) await database.drop();
    await source?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every row of every table and the sequences into a fresh database', async () => {
    const empty = Object.entries(before).filter(([name, { rows }]) => rows === 0 && name.startsWith('public.'));
    expect(empty).toEqual([]);
    expect(before['pgboss.job_common'].rows).toBeGreaterThan(0);
    expect(before['pgboss.schedule'].rows).toBeGreaterThan(0);

    expect(saved.rows).toBe(Object.values(before).reduce((sum, table) => sum + table.rows, 0));
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = await freshDatabase();
    const restored = await restoreBackup(target.url, file, { logger });
    expect(restored).toEqual(saved);
    expect(await contentsOf(target.url)).toEqual(before);
    expect(await sequencesOf(target.url)).toEqual(await sequencesOf(source.url));

    // The restored database serves: the job queue starts on its restored schema, a new order takes a fresh id.
    const server = await startTestServer({ database: target });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const order = await createOrder(server.em(), { appointment: new Date('2027-01-13T08:00:00Z') });
      const maxId = await withClient(target.url, async (client) =>
        Number(
          (await client.query<{ max: number }>('select max(id) as max from orders where id <> $1', [order.id])).rows[0]
            .max,
        ),
      );
      expect(order.id).toBeGreaterThan(maxId);
    } finally {
      await server.stop();
    }
  });

  it('refuses a database that holds tables, unless told to replace its data', async () => {
    const target = await freshDatabase();
    await restoreBackup(target.url, file, { logger });
    await withClient(target.url, (client) => client.query(`delete from consumer_replies`));
    await expect(restoreBackup(target.url, file, { logger })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(target.url, file, { logger })).rejects.toThrow(/--replace/);
    await restoreBackup(target.url, file, { logger, replace: true });
    expect(await contentsOf(target.url)).toEqual(await contentsOf(source.url));
  });

  it('refuses a cut or damaged file before writing anything', async () => {
    const bytes = readFileSync(file);
    const text = gunzipSync(bytes).toString('utf8');
    const lines = text.split('\n');
    const damaged = {
      'cut in the middle': bytes.subarray(0, Math.floor(bytes.length / 2)),
      'a byte changed': flipped(bytes, Math.floor(bytes.length / 2)),
      'cut at a line, recompressed': gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n'),
      'a row changed, recompressed': gzipSync(text.replace('Anne-Marie', 'Anne-Mario')),
      'not a backup': gzipSync('id,name\n1,Anne\n'),
    };
    for (const [what, content] of Object.entries(damaged)) {
      const damagedFile = join(dir, `damaged-${what.replaceAll(' ', '-')}.gz`);
      writeFileSync(damagedFile, content);
      const target = await freshDatabase();
      await expect(restoreBackup(target.url, damagedFile, { logger }), what).rejects.toThrow(BackupFileError);
      expect(await tableCount(target.url), what).toBe(0);
    }
  });

  it('refuses a backup made at a migration this release does not know, before writing anything', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[1]) as { migration: string };
    lines[1] = JSON.stringify({ ...header, migration: 'Migration20990101000000_from_a_newer_release' });
    // A whole file in every other way: its END line counts and hashes the changed content.
    const endAt = lines.findIndex((line) => line.startsWith('END '));
    const end = JSON.parse(lines[endAt].slice(4)) as { sha256: string };
    end.sha256 = createHash('sha256')
      .update(
        lines
          .slice(0, endAt)
          .map((line) => `${line}\n`)
          .join(''),
      )
      .digest('hex');
    lines[endAt] = `END ${JSON.stringify(end)}`;
    const newer = join(dir, 'newer.gz');
    writeFileSync(newer, gzipSync(lines.join('\n')));
    const target = await freshDatabase();
    await expect(restoreBackup(target.url, newer, { logger })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(target.url, newer, { logger })).rejects.toThrow(/does not know/);
    expect(await tableCount(target.url)).toBe(0);
  });

  it('writes no file when the backup cannot be made', async () => {
    const unmigrated = await freshDatabase();
    const target = join(dir, 'never.gz');
    await expect(writeBackup(unmigrated.url, target)).rejects.toThrow(/no migrations/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});
