import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

const docsDir = path.resolve(import.meta.dirname, '../../../../../docs');
const pageName = z.string().regex(/^[a-z0-9-]+$/);

const STYLE = `body{font:16px/1.6 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2129}
a{color:#165DFF}code,pre{background:#f2f3f5;border-radius:4px}pre{padding:.8rem;overflow:auto}code{padding:.1rem .3rem}
table{border-collapse:collapse}td,th{border:1px solid #e5e6eb;padding:.3rem .6rem}nav a{margin-right:1rem}`;

/**
 * The project's documentation and FAQ (the menu's two external links), rendered from `docs/*.md` so the
 * pages a user reads are the same files the repository keeps true.
 */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { page?: string } }>('/docs/:page?', { schema: { hide: true } }, async (request, reply) => {
    const parsed = pageName.safeParse(request.params.page || 'index');
    if (!parsed.success) return reply.code(404).type('text/plain').send('Not found');
    let markdown: string;
    try {
      markdown = await readFile(path.join(docsDir, `${parsed.data}.md`), 'utf8');
    } catch {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'ParcelPort';
    const { marked } = await import('marked');
    const html = await marked.parse(markdown);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head><body><nav><a href="/docs/">Guide</a><a href="/docs/faq">FAQ</a><a href="/docs/api">API</a><a href="/api/docs">API reference</a></nav>${html}</body></html>`,
      );
  });
};
