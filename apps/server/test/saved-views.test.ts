/**
 * Saved views of the order list (issue 30): each person's own (a team member's are the member's, not the
 * owner's), shared within the merchant's team and never beyond it; only a view's maker renames or deletes it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createMember,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const state = (status: number) => ({
  filters: { status, keyword: 'gift' },
  columns: ['orderNo', 'toPersonName', 'rate'],
  sort: { field: 'createdAt', order: 'descend' as const },
});
const list = async (token: string) =>
  (await call(t.app, token, { method: 'GET', url: '/api/app/orderViews' })).json().data as {
    id: number;
    name: string;
    shared: boolean;
    mine: boolean;
    state: unknown;
  }[];
const save = (token: string, name: string, shared = false, status = 1) =>
  call(t.app, token, { method: 'POST', url: '/api/app/orderViews', payload: { name, shared, state: state(status) } });
const update = (token: string, id: number, payload: object) =>
  call(t.app, token, { method: 'PUT', url: `/api/app/orderViews/${id}`, payload });
const remove = (token: string, id: number) =>
  call(t.app, token, { method: 'DELETE', url: `/api/app/orderViews/${id}` });

describe('saved views', () => {
  test("a member's views are the member's own; a shared one is seen by the team, and by no other account", async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const member = await createMember(t, owner.token, []);
    const stranger = await createActiveCustomer(t, adminToken);

    const ownerPrivate = (await save(owner.token, 'Owner private')).json().data;
    const memberPrivate = (await save(member.token, 'Member private', false, 2)).json().data;
    const memberShared = (await save(member.token, 'Member shared')).json().data;
    expect(memberPrivate).toMatchObject({ name: 'Member private', mine: true, shared: false, state: state(2) });
    expect((await update(member.token, memberShared.id, { shared: true })).json().data.shared).toBe(true);

    // The member sees their own two, not the owner's private one.
    expect((await list(member.token)).map((view) => [view.name, view.mine])).toEqual([
      ['Member private', true],
      ['Member shared', true],
    ]);
    // The owner sees their own and the member's shared one (not theirs to change).
    expect((await list(owner.token)).map((view) => [view.name, view.mine])).toEqual([
      ['Member shared', false],
      ['Owner private', true],
    ]);
    // They are kept under the member's own account, in the owner's.
    const rows = await t.ctx.db
      .selectFrom('saved_views')
      .select(['user_id', 'account_id'])
      .where('id', '=', memberPrivate.id)
      .execute();
    expect(rows.map((row) => [Number(row.user_id), Number(row.account_id)])).toEqual([
      [
        Number(
          (
            await t.ctx.db
              .selectFrom('users')
              .select('id')
              .where('username', '=', member.email)
              .executeTakeFirstOrThrow()
          ).id,
        ),
        owner.id,
      ],
    ]);
    // Another merchant sees none of them and touches none.
    expect(await list(stranger.token)).toEqual([]);
    expect((await update(stranger.token, memberShared.id, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await remove(stranger.token, ownerPrivate.id)).statusCode).toBe(404);
  });

  test('only the maker renames, re-saves or deletes a view; a shared one stays with its maker', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const member = await createMember(t, owner.token, ['settings']);
    const shared = (await save(owner.token, 'Desk', true)).json().data;

    expect((await update(member.token, shared.id, { name: 'Taken' })).statusCode).toBe(404);
    expect((await remove(member.token, shared.id)).statusCode).toBe(404);

    const renamed = await update(owner.token, shared.id, { name: 'Desk (today)', state: state(3) });
    expect(renamed.json().data).toMatchObject({ name: 'Desk (today)', shared: true, state: state(3) });
    expect((await list(member.token)).map((view) => view.name)).toEqual(['Desk (today)']);

    expect((await remove(owner.token, shared.id)).json().data).toEqual({ deleted: 1 });
    expect(await list(member.token)).toEqual([]);
    expect((await remove(owner.token, shared.id)).statusCode).toBe(404);
  });

  test('bad input is refused naming the field, and nothing is written', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    expectFieldError(await save(owner.token, '   '), 'name');
    const view = (await save(owner.token, 'Kept')).json().data;
    expectFieldError(await update(owner.token, view.id, {}), 'name');
    expectFieldError(await update(owner.token, view.id, { name: 'x'.repeat(61) }), 'name');
    expect((await list(owner.token)).map((row) => row.name)).toEqual(['Kept']);
  });
});
