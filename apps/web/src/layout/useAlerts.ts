import { hasAnyCode, PAGE_SIZES } from '@parcelport/shared';
import * as sysMessagesContracts from '@parcelport/shared/contracts/sys-messages/index';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { listTodos, TODO_CODES } from '../api/todos';
import { getMessages } from '../api/user';
import { userCodes, useSessionStore } from '../stores/session';

export const MESSAGES_KEY = ['user', 'messages'] as const;
// Under the system messages centre's key: reading there updates the count here.
export const SYS_UNREAD_KEY = ['sysMessages', 'mine', 'unreadCount'] as const;
export const TODOS_KEY = ['user', 'todos'] as const;
const EVERY_MINUTE = 60_000;

/**
 * What asks for the user's attention, the one source of the bell's badge and of the system messages page's
 * count, so the two never disagree: unread messages in the box, unread system messages, and the work
 * waiting for them (staff whose codes reach some; each waiting item counts once).
 */
export function useAlerts() {
  const codes = userCodes(useSessionStore((state) => state.userInfo));
  const canReadSystemMessages = hasAnyCode(['appSysMessageList'], codes);
  const hasTodos = hasAnyCode(TODO_CODES, codes);
  const messages = useQuery({ queryKey: MESSAGES_KEY, queryFn: () => getMessages(), refetchInterval: EVERY_MINUTE });
  const system = useQuery({
    queryKey: SYS_UNREAD_KEY,
    queryFn: () =>
      call(sysMessagesContracts.listMySysMessages, { query: { page: 1, pageSize: PAGE_SIZES[0], unread: true } }),
    enabled: canReadSystemMessages,
    refetchInterval: EVERY_MINUTE,
  });
  const todos = useQuery({ queryKey: TODOS_KEY, queryFn: listTodos, enabled: hasTodos, refetchInterval: EVERY_MINUTE });
  const all = messages.data ?? [];
  const unread = all.filter((item) => item.status === 0);
  const systemUnread = canReadSystemMessages ? (system.data?.unread ?? 0) : 0;
  const waiting = hasTodos ? (todos.data ?? []) : [];
  const waitingCount = waiting.reduce((sum, item) => sum + item.count, 0);
  return {
    messages,
    all,
    unread,
    canReadSystemMessages,
    systemUnread,
    waiting,
    waitingCount,
    total: unread.length + systemUnread + waitingCount,
    /** Asks again for all of it (the box was opened). */
    refresh: () =>
      Promise.all([
        messages.refetch(),
        canReadSystemMessages ? system.refetch() : null,
        hasTodos ? todos.refetch() : null,
      ]),
  };
}
