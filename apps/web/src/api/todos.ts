import * as contracts from '@parcelport/shared/contracts/messages/index';
import { call } from './call';

/** The work waiting for staff (docs/api.md GET /api/admin/todos): each kind with its count, age and screen. */
export type { TodoItem, TodoKind } from '@parcelport/shared/contracts/messages/list-todos';
export { TODO_CODES } from '@parcelport/shared/contracts/messages/list-todos';

/** Polled every minute by the navbar's alerts, so its failures stay quiet. */
export const listTodos = () => call(contracts.listTodos, {}, { isHideMsg: true });
