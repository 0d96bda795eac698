/** Who a system message is for: everyone, every merchant, every employee, or the users picked. */
export const SYS_MESSAGE_AUDIENCES = ['all', 'customers', 'staff', 'users'] as const;
export type SysMessageAudience = (typeof SYS_MESSAGE_AUDIENCES)[number];
