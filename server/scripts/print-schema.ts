import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAppSchema, printAppSchema } from '../schema.js';

/** `schema:print` writes schema/schema.graphql; `schema:check` fails when the committed file differs. */
const file = resolve('schema/schema.graphql');
const printed = printAppSchema(await buildAppSchema());

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing counts as different
  }
  if (committed !== printed) {
    process.stderr.write(
      'schema/schema.graphql differs from the schema the code builds. Run `npm run schema:print` and commit the result.\n',
    );
    process.exit(1);
  }
  process.stdout.write('schema/schema.graphql matches the code.\n');
} else {
  writeFileSync(file, printed);
  process.stdout.write(`Wrote ${file}\n`);
}
