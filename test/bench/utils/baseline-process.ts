import { spawn } from 'node:child_process';
import { findFreePort } from '../../../server/db/free-port.js';

export interface BaselineProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A baseline server script (test/bench/baselines/*.mjs) in its own process, once it prints "listening". */
export async function startBaselineServer(script: string, args: string[]): Promise<BaselineProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [script, ...args, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
