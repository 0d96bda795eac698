import type { FormInstance } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { validatedValues } from './validatedValues';

const formAnswering = (...answers: (() => Promise<unknown>)[]) => {
  const validateFields = vi.fn();
  for (const answer of answers) validateFields.mockImplementationOnce(answer);
  return { form: { validateFields } as unknown as FormInstance<{ title: string }>, validateFields };
};

describe('validatedValues', () => {
  test('a validation overtaken by another (no failing field) is run again and the values come back', async () => {
    const { form, validateFields } = formAnswering(
      () => Promise.reject({ outOfDate: true, errorFields: [] }),
      () => Promise.resolve({ title: 'Main warehouse' }),
    );
    expect(await validatedValues(form)).toEqual({ title: 'Main warehouse' });
    expect(validateFields).toHaveBeenCalledTimes(2);
  });

  test('a failing rule answers null at once: the form shows it', async () => {
    const { form, validateFields } = formAnswering(() =>
      Promise.reject({ outOfDate: false, errorFields: [{ name: ['title'], errors: ['required'] }] }),
    );
    expect(await validatedValues(form)).toBeNull();
    expect(validateFields).toHaveBeenCalledTimes(1);
  });

  test('validations overtaken again and again give up after the attempts allowed', async () => {
    const overtaken = () => Promise.reject({ outOfDate: true, errorFields: [] });
    const { form, validateFields } = formAnswering(overtaken, overtaken, overtaken, overtaken);
    expect(await validatedValues(form, 3)).toBeNull();
    expect(validateFields).toHaveBeenCalledTimes(3);
  });
});
