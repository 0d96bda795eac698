import type { FormInstance } from 'antd';

/**
 * The form's values once its rules pass, or null when one fails (the form shows why). antd rejects a
 * validation that another one overtook (`outOfDate`, no failing field): a ZIP field left by the click on
 * Save validates on blur while Save validates the form. That is not a failure; it is validated again,
 * rather than leaving a Save that did nothing and said nothing.
 */
export async function validatedValues<Values>(form: FormInstance<Values>, attempts = 3): Promise<Values | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await form.validateFields();
    } catch (error) {
      const { outOfDate, errorFields } = error as { outOfDate?: boolean; errorFields?: unknown[] };
      if (!outOfDate || (errorFields?.length ?? 0) > 0 || attempt >= attempts) return null;
    }
  }
}
