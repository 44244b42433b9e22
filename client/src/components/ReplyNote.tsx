import { unescapeMarkup } from '../../../shared/text.js';

/** A consumer's access note: served escaped, shown as text (line breaks kept), never as markup. */
export function ReplyNote({ escaped, className }: { escaped: string; className?: string }) {
  return <span className={className ? `reply-note ${className}` : 'reply-note'}>{unescapeMarkup(escaped)}</span>;
}
