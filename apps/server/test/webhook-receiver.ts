import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** Receivers listen on 127.0.0.2, the one private host the operator allows here (WEBHOOK_ALLOWED_HOSTS). */
export const ALLOWED = '127.0.0.2';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  closed: boolean;
}

/** A real local HTTP receiver: records each POST and answers with `answer` (changeable), or never. */
export async function receiver(host = ALLOWED) {
  const received: Received[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(204).end();
  const server = createServer(async (req, res) => {
    const entry = { headers: req.headers, body: await text(req), closed: false };
    received.push(entry);
    res.on('close', () => {
      entry.closed = true;
    });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/hooks?token=abc`,
    received,
    answerWith(next: (res: ServerResponse) => void) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof receiver>>;
