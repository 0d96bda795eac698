import { fieldMessage } from '@parcelport/shared/contracts/messages';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { currentLocale } from '../i18n';

/**
 * A form rule that checks a field with the contract's own schema for it, so the browser refuses what the
 * server would and names it with the server's message (packages/shared/src/contracts/messages.ts).
 * Empty values (blank text too) are left to the field's `required` rule.
 */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return;
      const result = schema.safeParse(value);
      if (!result.success)
        throw new Error(fieldMessage(result.error.issues[0]?.message ?? 'invalidInput', currentLocale()));
    },
  };
}

/** The `required` rule of a field the contract requires, with the server's message for a missing field. */
export function requiredRule(): FormRule {
  return { required: true, whitespace: true, message: fieldMessage('fieldRequired', currentLocale()) };
}
