import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail the server wrote to DATA_DIR/outbox (SMTP_URL unset), decoded far enough to read it. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_whole, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.search(/\r?\n\r?\n/);
  const head = end < 0 ? part : part.slice(0, end);
  const body = end < 0 ? '' : part.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(file: string, source: string): OutboxMail {
  const { headers, body } = splitHeaders(source);
  const mail: OutboxMail = {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [source];
  for (const raw of parts) {
    const part = splitHeaders(raw.replace(/^\r?\n/, ''));
    const type = part.headers.get('content-type') ?? 'text/plain';
    const decoded = decodeBody(part.headers, part.body).replace(/\r?\n$/, '');
    if (type.startsWith('text/html')) mail.html = decoded;
    else if (type.startsWith('text/plain')) mail.text = decoded;
  }
  return mail;
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(name, readFileSync(join(dir, name), 'utf8')));
}

/** Waits for the newest mail to `to` that is not among `seen` (mails are sent after the answer). */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: { seen?: readonly OutboxMail[]; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const seen = new Set((options.seen ?? []).map((mail) => mail.file));
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = readOutbox(dataDir).filter((mail) => mail.to.includes(to) && !seen.has(mail.file));
    if (found.length > 0) return found[found.length - 1];
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The new-password link in a reset mail, and its token. */
export function resetLinkOf(mail: OutboxMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/(?:technician|admin)\/newpassword\/([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match) throw new Error(`No reset link in mail:\n${mail.text}`);
  return { url: match[1], token: match[2] };
}
