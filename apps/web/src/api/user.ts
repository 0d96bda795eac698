import * as menu from '@parcelport/shared/contracts/menu/index';
import * as messageContracts from '@parcelport/shared/contracts/messages/index';
import * as contracts from '@parcelport/shared/contracts/users/index';
import type { updateProfileBody } from '@parcelport/shared/contracts/users/schemas';
import type { z } from 'zod';
import { type CallOptions, call } from './call';
import type { MessageType, RegisterInput } from './types';

// The signed-in user, the profile and registration; the shapes are the contracts' (packages/shared/src/contracts/users).

/** Loaded when called (stores/session.ts), with the session's message and retry switches. */
export const getUserInfo = (options: Pick<CallOptions, 'isHideMsg' | 'isRetry'> = {}) =>
  call(contracts.getUserInfo, {}, options);

type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * Changes my profile; `avatarAttachmentId` an image I uploaded (null removes the avatar, absent keeps it). Quiet:
 * the form shows the refused fields itself.
 */
export const updateProfile = (body: UpdateProfileBody) => call(contracts.updateProfile, { body }, { isHideMsg: true });

/** Registration; its form shows refused fields itself, so the request client's toast is hidden. */
export const register = (body: RegisterInput) => call(contracts.register, { body }, { isHideMsg: true });

/** The menu the server allows (settings → menuFromServer); quiet, as its loading shows notifications of its own. */
export const getServerMenu = () => call(menu.getMenu, {}, { isHideMsg: true });

/** The message box polls this, so its failures stay quiet (a 401 still ends the session). */
export function getMessages(type?: MessageType) {
  return call(messageContracts.listMessages, { query: { type } }, { isHideMsg: true });
}
