// `npm start` runs this first: it builds the server and the client when either is missing or
// older than its sources (shared/ counts for both), so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir, skip = () => false) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip(path)) continue;
    const time = entry.isDirectory() ? newestMtime(path, skip) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const config = ['package.json', 'tsconfig.base.json', 'tsconfig.build.json'].map(builtAt);

const serverSources = Math.max(newestMtime('server'), newestMtime('shared'), ...config);
if (builtAt('dist/server/main.js') < serverSources) {
  process.stdout.write('Building the server…\n');
  execSync('npm run build:server --silent', { stdio: 'inherit' });
}

const clientSources = Math.max(
  newestMtime('client', (path) => path.includes(join('client', 'src', 'gql'))),
  newestMtime('shared'),
  builtAt('schema/schema.graphql'),
  builtAt('codegen.yml'),
);
if (builtAt('dist/client/index.html') < clientSources) {
  process.stdout.write('Building the client…\n');
  execSync('npm run build:client --silent', { stdio: 'inherit' });
}
