import type { MailAttachment, MailMessage } from './mailer.js';

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the action link. */
  intro: string[];
  /** Labelled facts after the intro (a work report's appliance, parts, note), a line each in the text part. */
  facts?: { label: string; value: string }[];
  /** Images after the facts, shown inline in the HTML part and attached to the mail (the text part names them). */
  images?: { heading: string; items: { alt: string; content: Buffer; contentType: string }[] };
  action: { label: string; url: string };
  /** Paragraphs after the action link. */
  outro: string[];
  language: string;
  /** A question with links that answer it, after the action (each on its own line in the text part). */
  choices?: { question: string; links: { label: string; url: string }[] };
  /** Small print with a link each, at the very end (an unsubscribe link). */
  footer?: { label: string; url: string }[];
  /** An image of one transparent pixel that tells the sender the mail was opened (HTML part only). */
  pixelUrl?: string;
  /** The sender as shown, when not the default one. */
  from?: string;
  headers?: Record<string, string>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One plain layout for every mail: a text part that works in any client (the link on its own line,
 * so it is never wrapped) and a simple HTML part with a button.
 */
export function layoutMail(content: MailContent): MailMessage {
  const choices = content.choices;
  const text = [
    content.greeting,
    '',
    ...content.intro,
    '',
    // French puts a no-break space before the colon.
    ...(content.facts ?? []).flatMap((fact) => [
      `${fact.label}${content.language.toLowerCase() === 'fr' ? '\u00a0:' : ':'} ${fact.value}`,
      '',
    ]),
    content.action.url,
    '',
    ...(choices ? [choices.question, ...choices.links.flatMap((link) => [`${link.label}:`, link.url]), ''] : []),
    ...content.outro,
    '',
    ...(content.footer ?? []).flatMap((link) => [`${link.label}:`, link.url]),
  ].join('\n');
  const paragraphs = (items: string[]) => items.map((item) => `<p>${escapeHtml(item)}</p>`).join('\n');
  const anchor = (link: { label: string; url: string }) =>
    `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`;
  const choicesHtml = choices
    ? `<p>${escapeHtml(choices.question)}</p>\n<ul>${choices.links.map((link) => `<li>${anchor(link)}</li>`).join('')}</ul>\n`
    : '';
  const footerHtml = (content.footer ?? [])
    .map((link) => `<p style="font-size:13px;color:#5b6577">${anchor(link)}</p>`)
    .join('\n');
  const factsHtml = content.facts?.length
    ? `<dl>${content.facts.map((fact) => `<dt style="font-weight:600">${escapeHtml(fact.label)}</dt><dd style="margin:0 0 8px">${escapeHtml(fact.value)}</dd>`).join('')}</dl>\n`
    : '';
  const images = (content.images?.items ?? []).map((image, index) => ({
    ...image,
    cid: `image-${index + 1}@tijdvak`,
    filename: `${index + 1}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`,
  }));
  const imagesHtml =
    content.images && images.length > 0
      ? `<p style="font-weight:600">${escapeHtml(content.images.heading)}</p>\n<p>${images.map((image) => `<img src="cid:${image.cid}" alt="${escapeHtml(image.alt)}" style="max-width:160px;height:auto;margin:0 8px 8px 0;border:1px solid #d0d5dd">`).join('')}</p>\n`
      : '';
  const attachments: MailAttachment[] = images.map(({ cid, filename, content: bytes, contentType }) => ({
    cid,
    filename,
    content: bytes,
    contentType,
  }));
  const pixelHtml = content.pixelUrl
    ? `<img src="${escapeHtml(content.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1d2330">
<p>${escapeHtml(content.greeting)}</p>
${paragraphs(content.intro)}
${factsHtml}${imagesHtml}<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#0f5c6e;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:14px;color:#5b6577">${escapeHtml(content.action.url)}</p>
${choicesHtml}${paragraphs(content.outro)}
${footerHtml}${pixelHtml}
</body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.from ? { from: content.from } : {}),
    ...(content.headers ? { headers: content.headers } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
