import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, written from the specification (not from the code it tests): a P-256 key
 * per credential, 'none' attestation, authenticator data with the RP id hash, flags and counter, and ES256
 * signatures over authenticator data and the hash of the client data. Like a platform authenticator it keeps its
 * credentials (discoverable) with their user handles, and it plays the browser's part too: the client data names
 * the origin it is given, as a browser names the page's.
 */

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

// The few CBOR items needed (RFC 8949): unsigned and negative integers, byte and text strings, maps.
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}
type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;
function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** The flags of authenticator data (WebAuthn § 6.1): user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface AuthenticatorAnswerOptions {
  /** The page's origin the browser writes into the client data. */
  origin: string;
  /** Whether the user was verified (PIN, fingerprint); a real authenticator asked for it says yes. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly rpId: string) {}

  private authenticatorData(flags: number, counter: number, attested?: Buffer): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counterBytes, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create(): a new key pair, answered as @simplewebauthn/browser's startRegistration does. */
  create(optionsJSON: string, answer: AuthenticatorAnswerOptions) {
    const options = JSON.parse(optionsJSON) as CreationOptions;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = cbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      cosePublicKey,
      userHandle: options.user.id,
      counter: 1,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, cosePublicKey]);
    const flags = UP | (answer.userVerified === false ? 0 : UV) | AT;
    const authData = this.authenticatorData(flags, credential.counter, attested);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: answer.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      credential,
      responseJSON: JSON.stringify({
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }),
    };
  }

  /**
   * navigator.credentials.get() with no credentials listed: the authenticator signs with the credential chosen (the
   * first by default), its counter one up, as @simplewebauthn/browser's startAuthentication answers.
   */
  get(optionsJSON: string, answer: AuthenticatorAnswerOptions & { credential?: Credential; userHandle?: string }) {
    const options = JSON.parse(optionsJSON) as RequestOptions;
    const credential = answer.credential ?? this.credentials[0];
    credential.counter += 1;
    const flags = UP | (answer.userVerified === false ? 0 : UV);
    const authData = this.authenticatorData(flags, credential.counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: answer.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: answer.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
