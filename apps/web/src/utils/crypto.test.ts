import { describe, expect, it } from 'vitest';
import { encryptCredentials, rsaOaepEncrypt, sha256, toBase64 } from './crypto';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${toBase64(spki).replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

async function decrypt(privateKey: CryptoKey, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes));
}

describe('login credential encryption', () => {
  it('computes SHA-256', () => {
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const long = new TextEncoder().encode('a'.repeat(1000));
    expect(hex(sha256(long))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });

  it('encrypts with Web Crypto so that the private key recovers the JSON credentials', async () => {
    const { pem, privateKey } = await keyPair();
    const encrypted = await encryptCredentials(pem, { username: 'a@b.c', password: 'Secret#123' });
    expect(JSON.parse(await decrypt(privateKey, encrypted))).toEqual({ username: 'a@b.c', password: 'Secret#123' });
  });

  it('falls back to the built-in RSA-OAEP without Web Crypto (plain-http installs)', async () => {
    const { pem, privateKey } = await keyPair();
    const message = new TextEncoder().encode(JSON.stringify({ username: 'ü@例子.cn', password: 'pässwörd-16chars' }));
    const first = toBase64(rsaOaepEncrypt(pem, message));
    const second = toBase64(rsaOaepEncrypt(pem, message));
    expect(first).not.toBe(second);
    expect(JSON.parse(await decrypt(privateKey, first))).toEqual({
      username: 'ü@例子.cn',
      password: 'pässwörd-16chars',
    });
    expect(JSON.parse(await decrypt(privateKey, second)).password).toBe('pässwörd-16chars');
  });

  it('refuses a message too long for the key', async () => {
    const { pem } = await keyPair();
    expect(() => rsaOaepEncrypt(pem, new Uint8Array(191))).toThrow('message too long');
  });
});
