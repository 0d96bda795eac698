import { http } from './request';
import type { ManagedUser, Page, Role } from './types';

/** The two account families of SPEC §7: `/admin/…` manages customers, `/staff/…` employees. */
export type UserFamily = 'admin' | 'staff';

export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: number;
}

export function listUsers(family: UserFamily, query: UserListQuery) {
  return http.get<Page<ManagedUser>>(`/${family}/list`, { ...query });
}

export function updateUserStatus(family: UserFamily, id: number, status: number) {
  return http.post<null>(`/${family}/updateStatus/${id}`, { status });
}

export function updateUserRoles(family: UserFamily, userId: number, roleIds: number[]) {
  return http.post<null>(`/${family}/role/update`, { userId, roleIds });
}

/** A token to act as the user (the answer's data is the token string). */
export function buildUserToken(family: UserFamily, id: number) {
  return http.post<string>(`/${family}/token/build/${id}`);
}

/** Gives a seller a new invitation code (customers who register with it belong to the seller). */
export function issueInvitationCode(id: number) {
  return http.post<{ invitationCode: string }>('/admin/update/seller', { id });
}

export function listRoles() {
  return http.get<Role[]>('/role/list');
}
