import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { InvalidTokenError, TokenService } from '../../../server/common/auth/tokens.js';
import { Clock } from '../../../server/common/clock.js';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const NOW = new Date('2026-11-23T09:00:00Z');
const LIFETIMES = { consumer: 7200, technician: 43200, admin: 3600 };
const nowSeconds = Math.floor(NOW.getTime() / 1000);

/**
 * What jsonwebtoken itself makes of the same claims at the same second (the `iat` of `ours`): the tokens every
 * verifier of ours has always accepted.
 */
const jsonwebtokenSign = (ours: string, claims: object, lifetime: number) =>
  jwt.sign({ ...claims, iat: (jwt.decode(ours) as { iat: number }).iat }, createSecretKey(Buffer.from(SECRET)), {
    algorithm: 'HS256',
    expiresIn: lifetime,
    issuer: 'tijdvak',
  });

describe('bearer tokens', () => {
  const tokens = new TokenService(SECRET, new Clock(NOW, true), LIFETIMES);

  it('signs exactly the token jsonwebtoken signs, for every role', () => {
    const consumer = tokens.signConsumer([3, 5], { state: true, company: 1 });
    const { jti } = jwt.decode(consumer) as { jti: string };
    expect(consumer).toBe(
      jsonwebtokenSign(
        consumer,
        { role: Role.CONSUMER, orders: [3, 5], external: { state: true, company: 1 }, jti },
        7200,
      ),
    );
    const technician = tokens.signTechnician(
      { id: 7, firstname: 'Zoë Anne', tokenVersion: 2 },
      { id: 4, tokenVersion: 9 },
    );
    expect(technician).toBe(
      jsonwebtokenSign(
        technician,
        { role: Role.TECHNICIAN, sub: '7', firstname: 'Zo%C3%AB%20Anne', ver: 2, act: 4, actVer: 9 },
        43200,
      ),
    );
    const admin = tokens.signAdmin({ id: 1, tokenVersion: 0 });
    expect(admin).toBe(jsonwebtokenSign(admin, { role: Role.ADMIN, sub: '1', ver: 0 }, 3600));
  });

  it("gives every consumer's token a grant of its own, even for the same visits in the same second", () => {
    const grants = [1, 2, 3].map(() => tokens.verify(tokens.signConsumer([3], { state: false, company: 0 })));
    const ids = grants.map((claims) => (claims.role === Role.CONSUMER ? claims.jti : undefined));
    expect(ids.every((id) => typeof id === 'string' && id.length >= 16)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('makes tokens that jsonwebtoken verifies with the algorithm pinned, and that expire', () => {
    const token = tokens.signConsumer([3], { state: false, company: 0 });
    const claims = jwt.verify(token, SECRET, { algorithms: ['HS256'], issuer: 'tijdvak', clockTimestamp: nowSeconds });
    const { iat, exp } = claims as { iat: number; exp: number };
    expect(Math.abs(iat - nowSeconds)).toBeLessThanOrEqual(2);
    expect(exp).toBe(iat + 7200);
    expect(claims).toMatchObject({ role: Role.CONSUMER, orders: [3], iss: 'tijdvak' });
    expect(tokens.verify(token)).toMatchObject({ role: Role.CONSUMER, orders: [3] });
    const later = new TokenService(SECRET, new Clock(new Date((exp + 1) * 1000), true), LIFETIMES);
    expect(() => later.verify(token)).toThrow(new InvalidTokenError('EXPIRED'));
  });

  it('refuses a token of another algorithm or without a signature', () => {
    const [header, payload] = tokens.signAdmin({ id: 1, tokenVersion: 0 }).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(() => tokens.verify(none)).toThrow(InvalidTokenError);
    const hs512 = jwt.sign(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object, SECRET, {
      algorithm: 'HS512',
    });
    expect(() => tokens.verify(hs512)).toThrow(InvalidTokenError);
    expect(() => tokens.verify(`${header}.${payload}.`)).toThrow(InvalidTokenError);
  });
});
