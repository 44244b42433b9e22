import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../shared/zoned-time.js';
import { normalizePhone, normalizeZipcode } from '../../server/orders/address-normalization.js';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { appTokens, withDatabase } from '../e2e/utils/arrange.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { MB, samplePeakGrowth } from './utils/memory.js';
import { median, recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';
import { seedOrders, withPg } from './utils/seed.js';

const IMPORT_ROWS = 100_000;
const EXPORT_ORDERS = 1_000_000;
const ROUNDS = 3;
const TARGET = { importRatio: 4, importMemoryMb: 100, exportRatio: 3, exportMemoryMb: 200 };
const ZONE = 'Europe/Amsterdam';
const TECHNICIAN = 'N100';

/** Planned times (mapped through the default import windows) and windows kept as they are. */
const TIMES: { csv: string; start: [number, number]; hours: number }[] = [
  { csv: '09:30', start: [8, 0], hours: 3 },
  { csv: '13:15', start: [12, 0], hours: 3 },
  { csv: '08:00/11:00', start: [8, 0], hours: 3 },
  { csv: '17:00/20:00', start: [17, 0], hours: 3 },
];

/**
 * The same 100 000 orders twice: as the import takes them (our CSV format) and in the orders table's
 * own columns and formats, for COPY (what the import works out: normalised phone and postcode, the
 * appointment instant from the window, the technician's id).
 */
export function writeImportFiles(dir: string, technicianId: number) {
  const csv = ['reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag'];
  const table = [
    'reference_number;name;email;phone;phone_normalized;zipcode;house_number;city;country;appointment;duration;technician_id;special;created_at;updated_at',
  ];
  const now = new Date().toISOString();
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const phone = `06 ${10_000_000 + i}`;
    const zipcode = `${1000 + (i % 9000)} AB`;
    const day = 1 + (i % 28);
    const time = TIMES[i % TIMES.length];
    const technician = i % 7 === 0;
    csv.push(
      `IMP-${i};Klant ${i};klant${i}@example.test;${phone};${zipcode};${1 + (i % 300)};Utrecht;${String(day).padStart(2, '0')}-12-2026;${time.csv};${technician ? TECHNICIAN : ''};${i % 2}`,
    );
    const appointment = instantOf(`2026-12-${String(day).padStart(2, '0')}`, time.start[0], time.start[1], ZONE);
    table.push(
      `IMP-${i};Klant ${i};klant${i}@example.test;${phone};${normalizePhone(phone)};${normalizeZipcode(zipcode)};${1 + (i % 300)};Utrecht;NL;${appointment.toISOString()};${time.hours * 3600};${technician ? technicianId : ''};${i % 2 ? 'true' : 'false'};${now};${now}`,
    );
  }
  const files = { csv: join(dir, 'import.csv'), table: join(dir, 'import-table.csv') };
  writeFileSync(files.csv, `${csv.join('\r\n')}\r\n`);
  writeFileSync(files.table, `${table.join('\n')}\n`);
  return files;
}

/** Runs a baseline script (test/bench/baselines/copy-*.mjs) in its own process; its JSON line. */
function runBaseline<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script}: ${err}`))));
  });
}

/**
 * Benchmarks 3 and 4: the CSV import of 100 000 rows against COPY FROM STDIN of the same rows, and
 * the CSV export of 1 000 000 orders against COPY (SELECT ...) TO STDOUT; each with the server's
 * peak memory growth (resident memory sampled every 20 ms). One database: 1 000 000 NL orders.
 */
describe('CSV import and export', () => {
  let app: AppProcess;
  let token: string;
  let technicianId: number;
  let dir: string;

  beforeAll(async () => {
    app = await startAppProcess();
    await seedOrders(app.database.url, { count: EXPORT_ORDERS, country: 'NL' });
    const { admin, technician } = await withDatabase(app, async (em) => ({
      admin: await createAdmin(em),
      technician: await createTechnician(em, { personalNumber: TECHNICIAN }),
    }));
    token = appTokens(app).signAdmin(admin);
    technicianId = technician.id;
    dir = mkdtempSync(join(tmpdir(), 'tijdvak-bench-csv-'));
  }, 900_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Leaves the table as before the import, dead rows vacuumed away, so every run starts alike. */
  const forgetImported = () =>
    withPg(app.database.url, async (client) => {
      await client.query(`delete from orders where reference_number like 'IMP-%'`);
      await client.query('vacuum analyze orders');
    });

  it(`imports ${IMPORT_ROWS.toLocaleString('en')} rows against COPY FROM STDIN`, async () => {
    const files = writeImportFiles(dir, technicianId);
    const body = readFileSync(files.csv);
    const ours: number[] = [];
    const copy: number[] = [];
    const memory: number[] = [];
    const importOnce = async () => {
      const sampler = samplePeakGrowth(app.pid);
      const started = performance.now();
      const response = await fetch(`${app.url}/api/admin/import/NL`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body,
      });
      const result = (await response.json()) as { created?: number };
      ours.push(performance.now() - started);
      memory.push(sampler.stop());
      expect(result.created).toBe(IMPORT_ROWS);
    };
    const copyOnce = async () => {
      copy.push(
        (await runBaseline<{ ms: number }>('test/bench/baselines/copy-in.mjs', [app.database.url, files.table])).ms,
      );
      const count = await withPg(app.database.url, (client) =>
        client.query<{ n: string }>(`select count(*) as n from orders where reference_number like 'IMP-%'`),
      );
      expect(Number(count.rows[0].n)).toBe(IMPORT_ROWS);
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 ? [copyOnce, importOnce] : [importOnce, copyOnce]) {
        await run();
        await forgetImported();
      }
    }
    const ratio = median(ours) / median(copy);
    const growth = Math.max(...memory) / MB;
    const conditions = `median of ${ROUNDS} alternating runs; ${EXPORT_ORDERS.toLocaleString('en')} orders in the table; ${(body.length / MB).toFixed(1)} MB file via REST`;
    expectTargetsMet(
      recordFigures(`3. CSV import (${IMPORT_ROWS.toLocaleString('en')} rows)`, [
        {
          metric: 'import time',
          unit: 'ms',
          ours: median(ours),
          baseline: median(copy),
          ratio,
          target: `≤ ${TARGET.importRatio} × COPY`,
          met: ratio <= TARGET.importRatio,
          note: conditions,
        },
        {
          metric: 'server peak memory growth',
          unit: 'MB',
          ours: growth,
          target: `≤ ${TARGET.importMemoryMb} MB`,
          met: growth <= TARGET.importMemoryMb,
          note: `largest of ${ROUNDS} (${memory.map((bytes) => Math.round(bytes / MB)).join(', ')} MB); resident memory sampled every 20 ms`,
        },
      ]),
    );
  });

  it(`exports ${EXPORT_ORDERS.toLocaleString('en')} orders against COPY TO STDOUT`, async () => {
    const ours: number[] = [];
    const copy: number[] = [];
    const memory: number[] = [];
    let oursBytes = 0;
    let copyBytes = 0;
    const exportOnce = async () => {
      const sampler = samplePeakGrowth(app.pid);
      const started = performance.now();
      const response = await fetch(`${app.url}/api/admin/export?country=NL`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
      ours.push(performance.now() - started);
      memory.push(sampler.stop());
      oursBytes = bytes;
    };
    const copyOnce = async () => {
      const result = await runBaseline<{ ms: number; bytes: number }>('test/bench/baselines/copy-out.mjs', [
        app.database.url,
        'NL',
      ]);
      copy.push(result.ms);
      copyBytes = result.bytes;
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 ? [copyOnce, exportOnce] : [exportOnce, copyOnce]) await run();
    }
    const ratio = median(ours) / median(copy);
    const growth = Math.max(...memory) / MB;
    expectTargetsMet(
      recordFigures(`4. CSV export (${EXPORT_ORDERS.toLocaleString('en')} orders)`, [
        {
          metric: 'export time (streamed to the client)',
          unit: 'ms',
          ours: median(ours),
          baseline: median(copy),
          ratio,
          target: `≤ ${TARGET.exportRatio} × COPY`,
          met: ratio <= TARGET.exportRatio,
          note: `median of ${ROUNDS} alternating runs; ours ${(oursBytes / MB).toFixed(0)} MB, COPY ${(copyBytes / MB).toFixed(0)} MB`,
        },
        {
          metric: 'server peak memory growth',
          unit: 'MB',
          ours: growth,
          target: `≤ ${TARGET.exportMemoryMb} MB`,
          met: growth <= TARGET.exportMemoryMb,
          note: `largest of ${ROUNDS} (${memory.map((bytes) => Math.round(bytes / MB)).join(', ')} MB); resident memory sampled every 20 ms`,
        },
      ]),
    );
  });
});
