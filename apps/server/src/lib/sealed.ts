/**
 * Secrets kept at rest (a store's access token, its API keys): sealed with AES-256-GCM under the server's
 * secret key, so a copy of the database alone does not give them away. The key is SECRET_KEY (32 bytes as
 * base64 or hex; every instance of a scaled-out install must share it), else a key file made on first use
 * in DATA_DIR (`secret.key`, readable by its owner only), which suits the one-machine install.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Sealer {
  seal(text: string): string;
  /** The text sealed; throws when the sealed text was not made with this key (or was altered). */
  open(sealed: string): string;
}

/** Sealed text: `v1.` then base64 of a 12-byte nonce, the cipher text and the 16-byte tag. */
const VERSION = 'v1.';

function keyOf(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, written as base64 or 64 hex digits');
  return key;
}

/** The key file's key, made (owner-only) when there is none yet. */
function fileKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  try {
    return keyOf(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return keyOf(readFileSync(file, 'utf8'));
  }
}

/** The server's sealer; the key is read (or made) on the first seal or open, not at start. */
export function createSealer(config: { secretKey: string; dataDir: string }): Sealer {
  let key: Buffer | undefined;
  const current = () => {
    key ??= config.secretKey ? keyOf(config.secretKey) : fileKey(config.dataDir);
    return key;
  };
  return {
    seal(text) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current(), nonce);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', current(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
