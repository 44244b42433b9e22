import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const RULES = 'deploy/prometheus/tijdvak-alerts.yml';
const RULE_TESTS = 'deploy/prometheus/tijdvak-alerts.test.yml';

/** promtool from Debian's prometheus package (test/utils/ensure-system-packages.mjs installs it). */
const promtool = (...args: string[]) => run('/usr/bin/promtool', args, { cwd: 'deploy/prometheus' });

describe("the operator's alert rules", () => {
  it('are valid rules for Prometheus', async () => {
    const { stdout } = await promtool('check', 'rules', RULES.replace('deploy/prometheus/', ''));
    expect(stdout).toContain('SUCCESS: 9 rules found');
  });

  it('fire on a sick series and stay quiet on a healthy one, each of them', async () => {
    const alerts = [...readFileSync(RULES, 'utf8').matchAll(/^ {6}- alert: (\w+)$/gm)].map((match) => match[1]);
    const tested = new Set([...readFileSync(RULE_TESTS, 'utf8').matchAll(/alertname: (\w+)$/gm)].map((m) => m[1]));
    expect(alerts).toHaveLength(9);
    expect([...tested].sort()).toEqual([...alerts].sort());
    const { stdout } = await promtool('test', 'rules', RULE_TESTS.replace('deploy/prometheus/', ''));
    expect(stdout).toContain('SUCCESS');
  });
});
