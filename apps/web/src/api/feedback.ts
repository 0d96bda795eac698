import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createElement } from 'react';

/**
 * Messages and notifications shown outside React components (the request client, stores). The app binds
 * the context-aware instances of antd's App (theme, locale); until then antd's static methods serve.
 */
let messageApi: MessageInstance = staticMessage;
let notificationApi: NotificationInstance = staticNotification;

export function bindFeedback(message: MessageInstance, notification: NotificationInstance): void {
  messageApi = message;
  notificationApi = notification;
}

export type MessageKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** Shows a message for `durationMs` milliseconds; the text carries data-testid="message-<kind>". */
export function showMessage(kind: MessageKind, text: string, durationMs: number, key?: string): void {
  void messageApi.open({
    type: kind,
    key,
    duration: durationMs / 1000,
    content: createElement('span', { 'data-testid': `message-${kind}` }, text),
  });
}

export type NotificationKind = 'success' | 'error' | 'info';

export function showNotification(kind: NotificationKind | 'loading', key: string, title: string, text?: string): void {
  const type = kind === 'loading' ? 'info' : kind;
  notificationApi.open({
    type,
    key,
    title: createElement('span', { 'data-testid': `notification-${kind}` }, title),
    description: text,
    duration: kind === 'loading' ? 0 : 3,
  });
}
