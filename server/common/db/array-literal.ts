/**
 * An array as PostgreSQL's text of it, so it binds as one value on the ORM's path too (which would spread a
 * JavaScript array into a list). Texts are quoted, with `"` and `\` escaped.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  const elements = values.map((value) =>
    typeof value === 'number' ? String(value) : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${elements.join(',')}}`;
}
