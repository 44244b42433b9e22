const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The server stores and serves consumer notes HTML-escaped, so no page can ever render them as
 * markup (docs/decisions.md, issue 10). React escapes text itself: decode the five entities once
 * and render the result as text, never as HTML.
 */
export function plainTextOf(escaped: string): string {
  return escaped.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}
