import { Navigate } from 'react-router';
import { userCodes, useSessionStore } from '../stores/session';
import { canAccessChain, NOT_FOUND_PATH, screensOf } from './guard';

/** A group's own path (e.g. /dashboard) opens its first screen the user may see. */
export function GroupIndex({ path }: { path: string }) {
  const codes = userCodes(useSessionStore((state) => state.userInfo));
  const screen = screensOf().find(
    (item) =>
      item.path.startsWith(`${path}/`) &&
      !item.chain.some((meta) => meta.hideInMenu) &&
      canAccessChain(item.chain, codes),
  );
  return <Navigate to={screen?.path ?? NOT_FOUND_PATH} replace />;
}
