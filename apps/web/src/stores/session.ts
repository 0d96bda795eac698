import { isPlatformWide, type MemberPermission } from '@parcelport/shared';
import { create } from 'zustand';
import { endSession, onSessionEnd } from '../api/request';
import type { UserInfo } from '../api/types';
import { browser, LOGIN_PATH } from '../utils/navigation';
import { getToken } from '../utils/storage';

// The calls are loaded when made: the shell (and the sign-in page) then loads no contracts and no zod.
const userApi = () => import('../api/user');
const authApi = () => import('../api/auth');

interface SessionState {
  userInfo: UserInfo | null;
  /** Loads GET /api/user/info into the store. */
  fetchUserInfo: (options?: { isHideMsg?: boolean; isRetry?: boolean }) => Promise<UserInfo>;
  /** Drops what the store holds (storage is cleared by endSession). */
  clear: () => void;
  /** docs/spec.md §4 logout: revoke the token, clear everything, reload on the login page. */
  logout: () => Promise<void>;
}

export const useSessionStore = create<SessionState>((set) => ({
  userInfo: null,
  fetchUserInfo: async (options = {}) => {
    const { getUserInfo } = await userApi();
    const userInfo = await getUserInfo(options);
    set({ userInfo });
    return userInfo;
  },
  clear: () => set({ userInfo: null }),
  logout: async () => {
    if (getToken()) {
      try {
        const { logoutCall } = await authApi();
        await logoutCall();
      } catch {
        // the session is ended here whatever the server answers
      }
    }
    endSession();
    browser.load(LOGIN_PATH);
  },
}));

onSessionEnd(() => useSessionStore.getState().clear());

/**
 * The user-info call of a signed-in visit, started before the first render (main.tsx) beside the screen's
 * code, and taken over by the route guard while it is under way (the guard would otherwise make it only once
 * the app is drawn). Once it has answered, the store holds the user, or the guard asks again and handles the
 * failure.
 */
let startCall: Promise<UserInfo> | null = null;
export function startUserInfo(): void {
  const call = useSessionStore.getState().fetchUserInfo({ isRetry: true });
  startCall = call;
  void call
    .catch(() => undefined)
    .finally(() => {
      if (startCall === call) startCall = null;
    });
}
export function takeStartedUserInfo(): Promise<UserInfo> | null {
  const call = startCall;
  startCall = null;
  return call;
}

export function isLoggedIn(): boolean {
  return Boolean(getToken());
}

/** The permissions of a team member signed in (issue 30); null for the account's owner and for staff. */
export function memberPermissions(userInfo: UserInfo | null): MemberPermission[] | null {
  return userInfo?.member?.permissions ?? null;
}

/** Whether the signed-in person sees the account's money: all but a team member without `money` (issue 30). */
export function seesMoney(userInfo: UserInfo | null): boolean {
  return memberPermissions(userInfo)?.includes('money') !== false;
}

/** Whether the signed-in user owns every account (packages/shared isPlatformWide), as the server decides it. */
export function ownsEveryAccount(userInfo: UserInfo | null): boolean {
  return userInfo !== null && isPlatformWide({ kind: userInfo.kind, roles: userInfo.roleCodes });
}

/** The signed-in user's resource codes. */
export function userCodes(userInfo: UserInfo | null): string[] {
  return userInfo?.role ?? userInfo?.resources.map((resource) => resource.code) ?? [];
}
