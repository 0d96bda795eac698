/**
 * Every write takes an Idempotency-Key (docs/api.md "Idempotency"): the first answer is kept 24 hours for
 * the user and replayed to a retry with the same key and body; another body or another operation under the
 * key is refused; a key that is not 1-255 characters is refused naming the header. Uploads take keys too,
 * fingerprinted by their fields and their files' bytes. Label purchases, which took keys first, are tested
 * in shipping.test.ts and interrupted.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  addressBookEntry,
  call,
  createActiveCustomer,
  expectEnvelope,
  loginToken,
  multipart,
  PNG,
  startApp,
  type TestApp,
} from './helpers.ts';

const entry = addressBookEntry;

describe('Idempotency-Key on every write', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createActiveCustomer>>;
  let other: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    t = await startApp();
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    merchant = await createActiveCustomer(t, admin);
    other = await createActiveCustomer(t, admin);
  });
  afterAll(async () => t.close());

  const saveAddress = (token: string, payload: object, key?: string) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/app/user/address',
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const titles = async (token: string) =>
    (
      expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/app/user/address/list' }), 200).data.list as {
        title: string;
      }[]
    ).map((row) => row.title);

  test('a retry with the key is sent the first answer, marked replayed, and nothing is made twice', async () => {
    const first = await saveAddress(merchant.token, entry('Warehouse'), 'addr-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await saveAddress(merchant.token, entry('Warehouse'), 'addr-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await titles(merchant.token)).filter((title) => title === 'Warehouse')).toHaveLength(1);
    // Without a key the call runs again, and the book refuses a second entry of the same title.
    const unkeyed = await saveAddress(merchant.token, entry('Warehouse'));
    expect(unkeyed.statusCode).toBe(400);
    expect(unkeyed.headers['idempotent-replayed']).toBeUndefined();
  });

  test('the key with another body, or on another operation, is 422 naming the key', async () => {
    expectEnvelope(await saveAddress(merchant.token, entry('Shop'), 'addr-2'), 200);
    const otherBody = await saveAddress(merchant.token, entry('Not the shop'), 'addr-2');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().message).toContain('addr-2');
    const otherOperation = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/user/packageTemplate',
      payload: { name: 'Box', quantity: 1, length: 10, width: 8, height: 4, weight: 2.5, unit: 'lb/in' },
      headers: { 'idempotency-key': 'addr-2' },
    });
    expect(otherOperation.statusCode).toBe(422);
    expect(await titles(merchant.token)).not.toContain('Not the shop');
  });

  test('the key sent to another object (another id in the path) is another request: 422 naming the key', async () => {
    const ids = [];
    for (const title of ['Dock A', 'Dock B'])
      ids.push(expectEnvelope(await saveAddress(merchant.token, entry(title)), 200).data.id as number);
    const rename = (id: number | undefined) =>
      call(t.app, merchant.token, {
        method: 'PUT',
        url: `/api/app/user/address/${id}`,
        payload: entry('Dock C'),
        headers: { 'idempotency-key': 'rename-dock' },
      });
    expect((await rename(ids[0])).statusCode).toBe(200);
    const other = await rename(ids[1]);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toContain('rename-dock');
    expect((await titles(merchant.token)).filter((title) => title.startsWith('Dock')).sort()).toEqual([
      'Dock B',
      'Dock C',
    ]);
    expect((await rename(ids[0])).headers['idempotent-replayed']).toBe('true');
  });

  test("keys are each user's own", async () => {
    expectEnvelope(await saveAddress(merchant.token, entry('Mine'), 'shared-key'), 200);
    const theirs = await saveAddress(other.token, entry('Theirs'), 'shared-key');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await titles(other.token)).toEqual(['Theirs']);
  });

  test('a refusal is an answer too: replayed, not run again', async () => {
    const buy = () =>
      call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId: 987_654, serviceId: 1 },
        headers: { 'idempotency-key': 'no-such-order' },
      });
    const refused = await buy();
    expect(refused.statusCode).toBe(404);
    const again = await buy();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
  });

  test('a key must be 1 to 255 characters; input the route refuses takes no key', async () => {
    const long = await saveAddress(merchant.token, entry('Long'), 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().data.fields)).toEqual(['Idempotency-Key']);
    expect(await titles(merchant.token)).not.toContain('Long');
    expectEnvelope(await saveAddress(merchant.token, entry('Longest'), 'k'.repeat(255)), 200);
    // Invalid input is refused before the key is taken: the key still runs the call once it is right.
    expect((await saveAddress(merchant.token, { ...entry('Fixed'), zipCode: '' }, 'fix-me')).statusCode).toBe(400);
    expect((await saveAddress(merchant.token, entry('Fixed'), 'fix-me')).statusCode).toBe(200);
    expect(await titles(merchant.token)).toContain('Fixed');
  });

  // An upload is fingerprinted by its fields and files, not by its bytes on the wire: the same sheet sent again
  // with another multipart boundary is the same request.
  const IMPORT_HEADER =
    'Sender name,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height';
  const sheet = (recipient: string) =>
    Buffer.from(
      `${IMPORT_HEADER}\nAda,9450 Wilshire Blvd,Beverly Hills,CA,90210,${recipient},1 Main St,Austin,TX,78701,10,8,4`,
    );
  const importSheet = (bytes: Buffer, key: string, boundary = '----parcelport-test') => {
    const body = multipart('orders.csv', bytes, 'text/csv', { mapping: '{}' });
    return call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/import',
      payload: Buffer.from(body.payload.toString('latin1').replaceAll('----parcelport-test', boundary), 'latin1'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
    });
  };
  const draftsOf = async (recipient: string) =>
    (
      expectEnvelope(
        await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/orders?keyword=${recipient}` }),
        200,
      ).data.list as { toPersonName: string }[]
    ).filter((order) => order.toPersonName === recipient);

  test('an upload under a key: the same files and fields replayed, another upload 422, one still running 409', async () => {
    const first = await importSheet(sheet('Keyed Import'), 'import-1');
    expect(expectEnvelope(first, 200).data).toMatchObject({ created: 1 });
    const retry = await importSheet(sheet('Keyed Import'), 'import-1', '----another-boundary');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await draftsOf('Keyed Import')).toHaveLength(1);
    // Another file under the key is refused naming it, and nothing is imported.
    const otherFile = await importSheet(sheet('Other Import'), 'import-1');
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json().message).toContain('import-1');
    expect(await draftsOf('Other Import')).toHaveLength(0);
    // The same file with another field is another upload too.
    const mapped = multipart('orders.csv', sheet('Keyed Import'), 'text/csv', {
      mapping: '{"toName":"Recipient name"}',
    });
    const otherField = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/import',
      payload: mapped.payload,
      headers: { ...mapped.headers, 'idempotency-key': 'import-1' },
    });
    expect(otherField.statusCode).toBe(422);
    // While the first call still holds the key (its answer not yet kept), the same upload is 409.
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ response: null, status_code: null, locked_until: Date.now() + 60_000 })
      .where('key', '=', 'import-1')
      .execute();
    expect((await importSheet(sheet('Keyed Import'), 'import-1')).statusCode).toBe(409);
    expect(await draftsOf('Keyed Import')).toHaveLength(1);
  });

  test('a file upload under a key keeps one file; a refused upload is replayed as refused', async () => {
    const attach = (bytes: Buffer, name: string, key: string) => {
      const body = multipart(name, bytes);
      return call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/attachment/upload/image',
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('attachments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', merchant.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const first = await attach(PNG, 'label.png', 'attach-1');
    expect(expectEnvelope(first, 200).data.id).toBeGreaterThan(0);
    const retry = await attach(PNG, 'label.png', 'attach-1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    expect((await attach(Buffer.concat([PNG, Buffer.from([1])]), 'label.png', 'attach-1')).statusCode).toBe(422);
    expect(await count()).toBe(before + 1);
    // A file that is no image is refused: the refusal is the answer its retries get.
    const refused = await attach(Buffer.from('not an image'), 'notes.txt', 'attach-refused');
    expect(refused.statusCode).toBe(400);
    const refusedAgain = await attach(Buffer.from('not an image'), 'notes.txt', 'attach-refused');
    expect(refusedAgain.headers['idempotent-replayed']).toBe('true');
    expect(refusedAgain.json()).toEqual(refused.json());
    expect(await count()).toBe(before + 1);
  });
});
