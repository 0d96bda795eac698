import { Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TodoItem } from '../api/todos';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long the oldest has waited, in the largest whole unit: "5 minutes", "3 hours", "2 days". */
export function waitedFor(t: TFunction, oldest: string, now = Date.now()): string {
  const waited = Math.max(0, now - Date.parse(oldest));
  if (waited >= DAY) return t('todo.age.days', { count: Math.floor(waited / DAY) });
  if (waited >= HOUR) return t('todo.age.hours', { count: Math.floor(waited / HOUR) });
  return t('todo.age.minutes', { count: Math.max(1, Math.floor(waited / MINUTE)) });
}

/** The work waiting for the user, one line a kind ("3 registrations to activate · oldest 2 days"), each a link. */
export function TodoList({ items, onOpen }: { items: readonly TodoItem[]; onOpen?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div data-testid="todo-list">
      {items.map((item) => (
        <div
          key={item.kind}
          style={{ padding: '10px 4px', borderBottom: `1px solid ${token.colorSplit}` }}
          data-testid={`todo-${item.kind}`}
        >
          <Link to={item.path} onClick={onOpen}>
            <Typography.Text strong>{t(`todo.${item.kind}`, { count: item.count })}</Typography.Text>
          </Link>
          <Typography.Text type="secondary"> · {t('todo.oldest', { age: waitedFor(t, item.oldest) })}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
