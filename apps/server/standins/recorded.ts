/**
 * The providers' own answers, as the conformance suite keeps them (apps/server/test/conformance/fixtures:
 * recorded traffic, official client libraries' mocks and published examples, each file naming its
 * source). The stand-ins answer with these bodies wherever one exists for the answer they give, filling in
 * only what must follow the request (ids, tracking numbers, amounts, times, what was sent back), so that
 * `npm run standins` shows what the real API sends. The conformance tests' `stand-in` blocks compare every
 * fixture a stand-in can answer with what it answers.
 *
 * Fixtures are trimmed to what the adapters read; a field a stand-in adds beside a recorded body is the
 * provider's documented field the fixture left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'conformance', 'fixtures');

/** A provider's answer as its fixture holds it: JSON `body`, or raw `text` (a page, multipart, nothing). */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  text?: string;
  base64?: string;
}

const read = new Map<string, RecordedAnswer>();

/** A fixture's answer (a fresh copy each time: a stand-in fills it in). */
export function recordedAnswer(provider: string, name: string): RecordedAnswer {
  const file = `${provider}/${name}.json`;
  let answer = read.get(file);
  if (!answer) {
    const fixture = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { response?: RecordedAnswer };
    if (!fixture.response) throw new Error(`the fixture ${file} has no answer`);
    answer = { ...fixture.response, headers: fixture.response.headers ?? {} };
    read.set(file, answer);
  }
  return structuredClone(answer);
}

/**
 * The JSON body of a fixture's answer, a fresh copy to fill in. `T` is what the stand-in reads of it: the
 * fixture is the provider's, so the type is the caller's word for it, not checked here (the conformance
 * test compares the two).
 */
export function recorded<T = Record<string, unknown>>(provider: string, name: string): T {
  const answer = recordedAnswer(provider, name);
  if (answer.body === undefined) throw new Error(`the fixture ${provider}/${name}.json has no JSON body`);
  return answer.body as T;
}

/** An answer whose body is recorded (or made from a recorded one), thrown to be sent as it is. */
export class RecordedError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(JSON.stringify(body));
    this.status = status;
    this.body = body;
  }
}
