import type { Locale } from '@parcelport/shared';

/** The messages modules/access speaks, in both languages (composed by ../messages.ts). */
export const ACCESS_MESSAGES = {
  lastAdministrator: {
    'zh-CN': '至少要保留一个启用的管理员账号',
    'en-US': 'At least one active administrator must remain',
  },
  roleCodeTaken: { 'zh-CN': '该角色代码已被使用', 'en-US': 'This role code is already taken' },
  codesNotHeld: {
    'zh-CN': '只能授予或收回自己拥有的权限，以下权限你没有：{codes}',
    'en-US': 'You can give or take away only permissions you hold yourself; you do not hold: {codes}',
  },
  builtInRoleCodesFixed: {
    'zh-CN': '内置角色的权限由系统设定，不能修改；请新建角色',
    'en-US': "A built-in role's resource codes are fixed; make a role of your own instead",
  },
  builtInRoleKept: { 'zh-CN': '内置角色不能删除', 'en-US': 'A built-in role cannot be deleted' },
  roleHeld: {
    'zh-CN': '仍有账号拥有该角色，请先收回后再删除',
    'en-US': 'Accounts still hold this role; take it from them first',
  },
} satisfies Record<string, Record<Locale, string>>;
