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
