import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

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

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid for a day, made by the openssl command in a
 * temporary folder. The folder and files are readable by all: PgBouncer started as root drops to `nobody`.
 */
export function makeCertificate(): TestCertificate {
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
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
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
