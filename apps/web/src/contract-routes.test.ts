import path from 'node:path';
import { parseAst } from 'vite';
import { expect, it } from 'vitest';
import { contractRoutes } from '../contract-routes';

/** The build plugin's transform and load (contract-routes.ts), called as the bundler calls them. */
const plugin = contractRoutes();
const context = { parse: (code: string) => parseAst(code) };
const transform = (code: string) =>
  (plugin.transform as (this: typeof context, code: string, id: string) => Promise<{ code: string } | undefined>).call(
    context,
    code,
    path.join(import.meta.dirname, 'layout', 'example.ts'),
  );
const load = (id: string) => (plugin.load as (id: string) => Promise<string | undefined>)(id);

const LIST_TODOS_MODULE = '@parcelport/shared/contracts/messages/list-todos';

it('an import or re-export taking only plain values gets the light copy; one taking a schema the module with zod', async () => {
  const out = await transform(
    [
      `import { TODO_CODES } from '${LIST_TODOS_MODULE}';`,
      `export { TODO_CODES as CODES, listTodos } from '${LIST_TODOS_MODULE}';`,
      `export { todoView } from '${LIST_TODOS_MODULE}';`,
      `import * as whole from '${LIST_TODOS_MODULE}';`,
      'console.log(TODO_CODES, whole.todoView);',
    ].join('\n'),
  );
  expect(out?.code.split('\n').slice(0, 4)).toEqual([
    `import { TODO_CODES } from "virtual:contract-routes/messages/list-todos";`,
    `export { TODO_CODES as CODES, listTodos } from "virtual:contract-routes/messages/list-todos";`,
    `export { todoView } from '${LIST_TODOS_MODULE}';`,
    `import * as whole from '${LIST_TODOS_MODULE}';`,
  ]);
  const light = await load('\0virtual:contract-routes/messages/list-todos');
  expect(light).toContain('export const TODO_CODES = ["adminList",');
  expect(light).toContain('export const listTodos = {"method":"GET","path":');
  // Who may call it, which screens read to offer an action only where it is allowed.
  expect(light).toContain('"access":{"codes":["adminList",');
  expect(light).not.toContain('todoView');
});
