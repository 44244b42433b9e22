// `npm run release [-- --skip-build] [-- --out <folder>]`: builds the server and the client, then packs what a host
// needs to run them and nothing else into <folder>/tijdvak-<version>.tar.gz (default folder: release/): the built
// dist/, the production packages only (from package-lock.json, those not marked dev), the Node.js runtime that
// package.json's engines asks for, package.json and package-lock.json (`npm ci --omit=dev` installs the same
// packages on a host of another platform), deploy/ (the systemd unit among them) and .env.example. Unpacked in
// /opt/tijdvak it runs as deploy/tijdvak.service starts it: no build tools, no dev dependencies, no system Node.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false }, out: { type: 'string', default: 'release' } },
});
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));

if (!values['skip-build']) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
for (const built of ['dist/server/main.js', 'dist/server/server.bundle.js', 'dist/client/index.html']) {
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
}

const name = `tijdvak-${pkg.version}`;
const stage = mkdtempSync(join(tmpdir(), 'tijdvak-release-'));
const root = join(stage, name);
mkdirSync(root);
try {
  // dist/ without tsc's incremental build records; server, shared and client with their source maps.
  cpSync('dist', join(root, 'dist'), { recursive: true, filter: (path) => !basename(path).startsWith('.tsbuildinfo') });
  for (const file of ['package.json', 'package-lock.json', '.env.example']) cpSync(file, join(root, file));
  cpSync('deploy', join(root, 'deploy'), { recursive: true });

  // Production packages: every package of the lock file not marked dev, as installed here (an optional package of
  // another platform is absent). Each is copied without its nested node_modules, which are entries of their own.
  let packages = 0;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || !existsSync(path)) continue;
    cpSync(path, join(root, path), {
      recursive: true,
      dereference: true,
      filter: (source) => !resolve(source).slice(resolve(path).length).includes('/node_modules'),
    });
    packages++;
  }

  // The runtime: the `node` package the build itself runs on, whose version package.json's engines requires.
  const runtime = resolve('node_modules/node/bin/node');
  if (!existsSync(runtime)) throw new Error(`${runtime} is missing: run npm ci`);
  mkdirSync(join(root, 'bin'));
  cpSync(runtime, join(root, 'bin', 'node'), { dereference: true });

  const outDir = resolve(values.out);
  mkdirSync(outDir, { recursive: true });
  const tarball = join(outDir, `${name}.tar.gz`);
  // gzip's fastest level: the runtime and the PostgreSQL binaries compress little more at higher ones.
  execFileSync('tar', ['--use-compress-program=gzip -1', '-cf', tarball, '-C', stage, name], { stdio: 'inherit' });
  process.stdout.write(
    `${tarball}: dist/, ${packages} production packages, Node.js ${lock.packages['node_modules/node'].version}\n`,
  );
} finally {
  rmSync(stage, { recursive: true, force: true });
}
