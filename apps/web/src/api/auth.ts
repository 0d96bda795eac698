import * as contracts from '@parcelport/shared/contracts/auth/index';
import { encryptCredentials } from '../utils/crypto';
import { call } from './call';

/** Signs in with `encryptData`: the credentials as JSON, RSA-OAEP SHA-256 encrypted with the server's public key. */
export async function login(username: string, password: string): Promise<string> {
  const { publicKey } = await call(contracts.getPublicKey, {});
  const encryptData = await encryptCredentials(publicKey, { username, password });
  const { token } = await call(contracts.login, { body: { encryptData } });
  return token;
}

/**
 * How long signing out waits for the server to revoke the token: the session ends in the browser either
 * way, and a slow or unreachable server must not keep the person on the page they chose to leave.
 */
const LOGOUT_WAIT_MS = 5_000;

/** Signs out: the token stops working. Quiet and bounded in time (see LOGOUT_WAIT_MS); loaded when called (stores/session.ts). */
export const logoutCall = () =>
  call(contracts.logout, {}, { isHideMsg: true, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
