import { z } from 'zod';
import { email, newPassword } from '../users/schemas.ts';

/** Employees (issue 13; docs/api.md "Employees"). Messages are keys of FIELD_MESSAGES. */

const required = (max: number) => z.string().trim().min(1, 'fieldRequired').max(max, 'textTooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'textTooLong').default('');

/** The profile of an employee as staff set it. */
export const employeeProfileFields = {
  firstName: required(60),
  lastName: required(60),
  nickName: optionalText(60),
  company: optionalText(120),
  phone: optionalText(40),
  wechat: optionalText(60),
};

export const employeeUpdateBody = z.object(employeeProfileFields);
export type EmployeeUpdate = z.output<typeof employeeUpdateBody>;

/** An employee made by staff: active at once, with the roles given (giving roles needs adminRoleList). */
export const employeeRegisterBody = z.object({
  email,
  password: newPassword,
  ...employeeProfileFields,
  roleIds: z.array(z.number().int().positive()).max(20).default([]),
});
export type EmployeeRegistration = z.output<typeof employeeRegisterBody>;
