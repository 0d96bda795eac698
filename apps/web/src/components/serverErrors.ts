import type { FormInstance } from 'antd';
import { ApiError } from '../api/request';

/** Puts a 400 answer's `data.fields` on the form's fields; true when at least one field matched. */
export function applyServerFieldErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fields;
  const matched = fieldNames.filter((name) => fields[name]);
  form.setFields(matched.map((name) => ({ name, errors: [fields[name] ?? ''] })));
  return matched.length > 0;
}

/**
 * A 400's errors on the settings (`settings.<name>`, each named by the platform's schema), as
 * `<name>: <message>` in one line; null when there are none.
 */
export function settingsErrorsOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const lines = Object.entries(error.fields)
    .filter(([field]) => field === 'settings' || field.startsWith('settings.'))
    .map(([field, message]) => (field === 'settings' ? message : `${field.slice('settings.'.length)}: ${message}`));
  return lines.length > 0 ? lines.join('; ') : null;
}
