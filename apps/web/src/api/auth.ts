import { encryptCredentials } from '../utils/crypto';
import { http } from './request';

/** GET /api/admin/publicKey: the SPKI PEM the credentials are encrypted with. */
export function getPublicKey() {
  return http.get<{ publicKey: string }>('/admin/publicKey');
}

/** POST /api/admin/login with `encryptData` (RSA-OAEP SHA-256 over the JSON credentials). */
export async function login(username: string, password: string): Promise<string> {
  const { publicKey } = await getPublicKey();
  const encryptData = await encryptCredentials(publicKey, { username, password });
  const { token } = await http.post<{ token: string }>('/admin/login', { encryptData });
  return token;
}

/** POST /api/admin/logout: the token stops working. */
export function logoutCall() {
  return http.post<null>('/admin/logout', undefined, { isHideMsg: true });
}
