import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import pg from 'pg';

const OPENSSL = '/usr/bin/openssl';

export interface TestCertificate {
  /** The certificate (PEM), which is its own issuer. */
  certificate: string;
  certificateFile: string;
  keyFile: string;
  /** Certificate and key in one file, as HAProxy's `crt` reads them. */
  bundleFile: string;
  remove(): void;
}

/** The names a test certificate is for, by default the loopback address and localhost. */
export interface CertificateNames {
  commonName: string;
  /** openssl's subjectAltName list, e.g. `IP:127.0.0.1,DNS:localhost`. */
  altNames: string;
}

const LOOPBACK: CertificateNames = { commonName: 'localhost', altNames: 'IP:127.0.0.1,DNS:localhost' };

/**
 * A self-signed certificate (for 127.0.0.1 and localhost unless `names` says otherwise), valid for a day, made by
 * the openssl command in a temporary folder. The folder and files are readable by all: PgBouncer started as root
 * drops to `nobody`.
 */
export function makeCertificate(names: CertificateNames = LOOPBACK): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-tls-'));
  chmodSync(dir, 0o755);
  const certificateFile = join(dir, 'certificate.pem');
  const keyFile = join(dir, 'key.pem');
  const made = spawnSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${names.commonName}`,
      '-addext',
      `subjectAltName=${names.altNames}`,
      '-keyout',
      keyFile,
      '-out',
      certificateFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) {
    throw new Error(`${OPENSSL} could not make a certificate: ${made.error?.message ?? made.stderr}`);
  }
  chmodSync(keyFile, 0o644);
  const certificate = readFileSync(certificateFile, 'utf8');
  const bundleFile = join(dir, 'bundle.pem');
  writeFileSync(bundleFile, certificate + readFileSync(keyFile, 'utf8'), { mode: 0o644 });
  return {
    certificate,
    certificateFile,
    keyFile,
    bundleFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Makes this test process's TLS clients (fetch, https.request) accept `certificate` besides the usual
 * authorities, as an operator's clients accept a real one: fetch takes no per-request authority.
 */
export function trustCertificate(certificate: string): void {
  const current = getCACertificates('default');
  if (!current.includes(certificate)) setDefaultCACertificates([...current, certificate]);
}

/**
 * Turns TLS on in a running PostgreSQL (a reload, no restart) with `certificate`: the certificate and its key are
 * copied into the cluster's directory, owned by whoever owns that directory (the `postgres` user when started as
 * root), as PostgreSQL accepts a key only when no one else may read it.
 */
export async function enablePostgresTls(
  adminUrl: string,
  clusterDir: string,
  certificate: TestCertificate,
): Promise<void> {
  const owner = statSync(clusterDir);
  const certificateFile = join(clusterDir, 'server.crt');
  const keyFile = join(clusterDir, 'server.key');
  writeFileSync(certificateFile, certificate.certificate, { mode: 0o600 });
  writeFileSync(keyFile, readFileSync(certificate.keyFile), { mode: 0o600 });
  for (const file of [certificateFile, keyFile]) {
    chmodSync(file, 0o600);
    chownSync(file, owner.uid, owner.gid);
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`alter system set ssl_cert_file = '${certificateFile}'`);
    await client.query(`alter system set ssl_key_file = '${keyFile}'`);
    await client.query('alter system set ssl = on');
    await client.query('select pg_reload_conf()');
    // The reload is asynchronous: a fresh session sees the new setting once the postmaster applied it.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new pg.Client({ connectionString: adminUrl });
      await probe.connect();
      const { rows } = await probe.query<{ ssl: string }>('show ssl').finally(() => probe.end());
      if (rows[0]?.ssl === 'on') break;
      if (Date.now() > deadline) throw new Error('PostgreSQL did not turn TLS on (see its log)');
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
  } finally {
    await client.end();
  }
}
