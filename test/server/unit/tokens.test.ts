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
    keyid: keyIdOf(ours),
  });
const keyIdOf = (token: string) => jwt.decode(token, { complete: true })!.header.kid!;

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

describe('rotating the signing secret', () => {
  const OLD = 'the-secret-before-the-rotation-0123456789';
  const NEW = 'the-secret-after-the-rotation-9876543210';
  const clock = new Clock(NOW, true);
  const before = new TokenService(OLD, clock, LIFETIMES);
  const rotated = new TokenService(NEW, clock, LIFETIMES, [OLD]);

  it('names the key in every token, the same on every instance and telling nothing of the secret', () => {
    const token = before.signAdmin({ id: 1, tokenVersion: 0 });
    const kid = keyIdOf(token);
    expect(kid).toMatch(/^[\w-]{16}$/);
    expect(OLD).not.toContain(kid);
    expect(keyIdOf(new TokenService(OLD, clock, LIFETIMES).signConsumer([1], { state: false, company: 0 }))).toBe(kid);
    expect(keyIdOf(rotated.signAdmin({ id: 1, tokenVersion: 0 }))).not.toBe(kid);
  });

  it('keeps tokens of the previous secret valid until they expire, and signs new ones with the current', () => {
    const staff = before.signAdmin({ id: 1, tokenVersion: 0 });
    const consumer = before.signConsumer([3], { state: false, company: 0 });
    expect(rotated.verify(staff)).toMatchObject({ role: Role.ADMIN, sub: '1' });
    expect(rotated.verify(consumer)).toMatchObject({ role: Role.CONSUMER, orders: [3] });

    const fresh = rotated.signAdmin({ id: 2, tokenVersion: 0 });
    expect(() => jwt.verify(fresh, OLD, { algorithms: ['HS256'] })).toThrow(jwt.JsonWebTokenError);
    expect(jwt.verify(fresh, NEW, { algorithms: ['HS256'], clockTimestamp: nowSeconds })).toMatchObject({ sub: '2' });

    const { exp } = jwt.decode(staff) as { exp: number };
    const later = new TokenService(NEW, new Clock(new Date(exp * 1000), true), LIFETIMES, [OLD]);
    expect(() => later.verify(staff)).toThrow(new InvalidTokenError('EXPIRED'));
    // Once the old secret is dropped, its tokens are refused.
    expect(() => new TokenService(NEW, clock, LIFETIMES).verify(staff)).toThrow(new InvalidTokenError('INVALID'));
  });

  it('refuses a token naming an unknown key, or a known key it was not signed with', () => {
    const payload = { role: Role.ADMIN, sub: '1', ver: 0 };
    const options = { algorithm: 'HS256', expiresIn: 600, issuer: 'tijdvak' } as const;
    const unknown = jwt.sign(payload, NEW, { ...options, keyid: 'someone-elses-key' });
    expect(() => rotated.verify(unknown)).toThrow(new InvalidTokenError('INVALID'));
    const oldKid = keyIdOf(before.signAdmin({ id: 1, tokenVersion: 0 }));
    const mislabelled = jwt.sign(payload, NEW, { ...options, keyid: oldKid });
    expect(() => rotated.verify(mislabelled)).toThrow(new InvalidTokenError('INVALID'));
    const numeric = jwt.sign(payload, NEW, { ...options, header: { alg: 'HS256', kid: 7 as unknown as string } });
    expect(() => rotated.verify(numeric)).toThrow(new InvalidTokenError('INVALID'));
  });

  it('accepts a token made before tokens named their key only from the current secret', () => {
    const payload = { role: Role.ADMIN, sub: '1', ver: 0 };
    const options = { algorithm: 'HS256', expiresIn: 600, issuer: 'tijdvak' } as const;
    expect(rotated.verify(jwt.sign(payload, NEW, options))).toMatchObject({ sub: '1' });
    expect(() => rotated.verify(jwt.sign(payload, OLD, options))).toThrow(new InvalidTokenError('INVALID'));
  });
});
