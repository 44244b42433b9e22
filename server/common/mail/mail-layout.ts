import type { MailMessage } from './mailer.js';

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the action link. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the action link. */
  outro: string[];
  language: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One plain layout for every mail: a text part that works in any client (the link on its own line,
 * so it is never wrapped) and a simple HTML part with a button.
 */
export function layoutMail(content: MailContent): MailMessage {
  const text = [content.greeting, '', ...content.intro, '', content.action.url, '', ...content.outro, ''].join('\n');
  const paragraphs = (items: string[]) => items.map((item) => `<p>${escapeHtml(item)}</p>`).join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1d2330">
<p>${escapeHtml(content.greeting)}</p>
${paragraphs(content.intro)}
<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#0f5c6e;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:14px;color:#5b6577">${escapeHtml(content.action.url)}</p>
${paragraphs(content.outro)}
</body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
