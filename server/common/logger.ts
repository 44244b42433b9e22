import { pino, type Logger } from 'pino';

/** JSON lines on stdout; secrets are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
  });
}
