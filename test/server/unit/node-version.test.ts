import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedNodeMessage } from '../../../server/main.js';

describe('the Node.js the server runs on', () => {
  it('is the one package.json declares', () => {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
  });

  it('refuses an older one with a message that says what to do', () => {
    const message = unsupportedNodeMessage('20.20.2');
    expect(message).toContain(`Node.js ${REQUIRED_NODE_MAJOR} or later`);
    expect(message).toContain('Node.js 20.20.2');
    expect(message).toContain('npm start');
    expect(unsupportedNodeMessage(`${REQUIRED_NODE_MAJOR - 1}.99.0`)).toBeDefined();
  });

  it('accepts the declared one and newer', () => {
    expect(unsupportedNodeMessage(`${REQUIRED_NODE_MAJOR}.0.0`)).toBeUndefined();
    expect(unsupportedNodeMessage(`${REQUIRED_NODE_MAJOR + 2}.1.0`)).toBeUndefined();
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
  });
});
