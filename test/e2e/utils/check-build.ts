import { existsSync } from 'node:fs';

/** E2E tests run against the built app; say so plainly instead of failing deep inside a test. */
export default function checkBuild(): void {
  for (const file of ['dist/server/main.js', 'dist/client/index.html']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before \`npm run test:e2e\`.`);
  }
}
