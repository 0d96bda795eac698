import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { LoginKey } from '../../core/ports.ts';
import type { Db } from '../../db/index.ts';
import { keepSecretOnce, secretValue, storedSecret } from './server-secrets-repo.ts';

const SECRET_NAME = 'login_rsa_private_key';

/**
 * The RSA key pair the login form encrypts credentials with. Made on first start and kept in the
 * database, so every app instance on one PostgreSQL uses the same key.
 */
export async function loadLoginKey(db: Db): Promise<LoginKey> {
  let privatePem = await secretValue(db, SECRET_NAME);
  if (!privatePem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const candidate = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Another instance may have made one at the same moment: keep whichever was stored first.
    await keepSecretOnce(db, SECRET_NAME, candidate);
    privatePem = await storedSecret(db, SECRET_NAME);
  }
  const privateKey = createPrivateKey(privatePem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey };
}

/** Decrypts `encryptData` (base64 of RSA-OAEP with SHA-256); null when it is not such a ciphertext. */
export function decryptLoginData(key: LoginKey, encryptData: string): unknown {
  try {
    const plain = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encryptData, 'base64'),
    );
    return JSON.parse(plain.toString('utf8'));
  } catch {
    return null;
  }
}
