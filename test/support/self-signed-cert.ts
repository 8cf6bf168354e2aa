import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCert {
  certFile: string;
  keyFile: string;
  /** Deletes both files. */
  remove(): void;
}

/** A one-day certificate for localhost and 127.0.0.1, with its key, as PEM files in a fresh directory. */
export function selfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'agora-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
