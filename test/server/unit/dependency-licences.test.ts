import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  license?: string;
  dev?: boolean;
}

/** Licences that would oblige us to publish the portal's source to its users. */
const COPYLEFT = /\b(A?GPL|SSPL|EUPL|OSL)\b/i;

describe('dependency licences', () => {
  it('ships no copyleft package in production (ua-parser-js 2 is AGPL: we use 1.x, MIT)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
    const shipped = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
    expect(shipped.length).toBeGreaterThan(100);
    const copyleft = shipped.filter(([, entry]) => COPYLEFT.test(entry.license ?? ''));
    expect(copyleft.map(([path, entry]) => `${path} ${entry.license}`)).toEqual([]);
  });
});
