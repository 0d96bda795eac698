/**
 * Login credential encryption (docs/design.md §4): RSA-OAEP with SHA-256 over the JSON credentials, base64.
 * Web Crypto does it where the page is a secure context (https or localhost). A self-hosted install
 * reached over plain http on a LAN address has no `crypto.subtle`, so the same scheme is also implemented
 * here with BigInt (RFC 8017 §7.1.1); both produce ciphertexts the server decrypts alike.
 */

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [^-]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** One DER element: its tag and where its value starts and ends. */
function readElement(der: Uint8Array, offset: number): { tag: number; start: number; end: number } {
  const tag = der[offset] ?? 0;
  let length = der[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start + i] ?? 0);
    start += count;
  }
  return { tag, start, end: start + length };
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The modulus and exponent of an SPKI RSA public key. */
export function parseRsaPublicKey(pem: string): { n: bigint; e: bigint; size: number } {
  const der = pemToDer(pem);
  const spki = readElement(der, 0);
  const algorithm = readElement(der, spki.start);
  const bitString = readElement(der, algorithm.end);
  if (spki.tag !== 0x30 || algorithm.tag !== 0x30 || bitString.tag !== 0x03) throw new Error('not an SPKI key');
  const rsaKey = readElement(der, bitString.start + 1);
  const modulus = readElement(der, rsaKey.start);
  const exponent = readElement(der, modulus.end);
  let modulusBytes = der.subarray(modulus.start, modulus.end);
  while (modulusBytes[0] === 0) modulusBytes = modulusBytes.subarray(1);
  return {
    n: bytesToBigInt(modulusBytes),
    e: bytesToBigInt(der.subarray(exponent.start, exponent.end)),
    size: modulusBytes.length,
  };
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 (FIPS 180-4). */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15] ?? 0;
      const w2 = w[i - 2] ?? 0;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] ?? 0);
  return out;
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  for (let counter = 0, offset = 0; offset < length; counter++, offset += 32) {
    new DataView(input.buffer).setUint32(seed.length, counter);
    const digest = sha256(input);
    out.set(digest.subarray(0, Math.min(32, length - offset)), offset);
  }
  return out;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** RSAES-OAEP-ENCRYPT with SHA-256 and MGF1-SHA-256, empty label (RFC 8017 §7.1.1). */
export function rsaOaepEncrypt(pem: string, message: Uint8Array): Uint8Array {
  const { n, e, size: k } = parseRsaPublicKey(pem);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('message too long');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = crypto.getRandomValues(new Uint8Array(hLen));
  const dbMask = mgf1(seed, db.length);
  const maskedDb = db.map((byte, i) => byte ^ (dbMask[i] ?? 0));
  const seedMask = mgf1(maskedDb, hLen);
  const maskedSeed = seed.map((byte, i) => byte ^ (seedMask[i] ?? 0));
  const encoded = new Uint8Array(k);
  encoded.set(maskedSeed, 1);
  encoded.set(maskedDb, 1 + hLen);
  let c = modPow(bytesToBigInt(encoded), e, n);
  const out = new Uint8Array(k);
  for (let i = k - 1; i >= 0; i--) {
    out[i] = Number(c & 0xffn);
    c >>= 8n;
  }
  return out;
}

/** base64 of RSA-OAEP (SHA-256) over the JSON `{"username","password"}`. */
export async function encryptCredentials(pem: string, credentials: { username: string; password: string }) {
  const plain = new TextEncoder().encode(
    JSON.stringify({ username: credentials.username, password: credentials.password }),
  );
  const subtle = globalThis.crypto?.subtle;
  if (subtle && globalThis.isSecureContext !== false) {
    const key = await subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    return toBase64(new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, plain)));
  }
  return toBase64(rsaOaepEncrypt(pem, plain));
}
