import * as messageContracts from '@parcelport/shared/contracts/messages/index';
import { call } from './call';
import { http } from './request';
import type { MenuItem, MessageType, RegisterInput, UserInfo, UserMessage } from './types';

export function getUserInfo(options: { isHideMsg?: boolean; isRetry?: boolean } = {}) {
  return http.get<UserInfo>('/user/info', undefined, options);
}

export function updatePassword(body: { oldPassword: string; password: string; confirmPassword: string }) {
  return http.post<null>('/user/updatePassword', body);
}

export function sendRegisterCode(email: string) {
  return http.post<null>('/user/code/send', { email });
}

/** Registration; its form shows refused fields itself, so the request client's toast is hidden. */
export function register(body: RegisterInput) {
  return http.post<null>('/user/register', body, { isHideMsg: true });
}

export function forgotPassword(email: string) {
  return http.post<null>('/user/password/forgot', { email });
}

export function resetPassword(body: { token: string; password: string; confirmPassword: string }) {
  return http.post<null>('/user/password/reset', body);
}

/** POST /api/user/menu: the menu the server allows (settings → menuFromServer). */
export function getServerMenu() {
  return http.post<MenuItem[]>('/user/menu', undefined, { isHideMsg: true });
}

/** The message box polls this, so its failures stay quiet (a 401 still ends the session). */
export function getMessages(type?: MessageType) {
  return call(messageContracts.listMessages, { query: { type } }, { isHideMsg: true });
}

/** Marks the given messages read, or all of mine when `ids` is empty. */
export function readMessages(ids: number[]) {
  return call(messageContracts.markMessagesRead, { body: { ids } });
}
