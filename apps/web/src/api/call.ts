import { type AnswerOf, type Contract, type InputOf, pathOf } from '@parcelport/shared/contracts/contract';
import { download, type RequestOptions, request } from './request';

/**
 * The options of a call beyond its input: message switches, retries, an abort signal. The headers a call takes
 * are part of its input, typed by its contract (`HeadersOf`).
 */
export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'data' | 'isDownLoadFile' | 'headers'>;

type Parts = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Calls an operation through its contract (packages/shared/src/contracts): the path, the method and the
 * shapes of the input and the answer come from the one definition the server registers its route from.
 * A file answer resolves with the raw Response; any other with the envelope's `data`.
 */
export function call<C extends Contract>(contract: C, input: InputOf<C>, options: CallOptions = {}) {
  const { params, query, body, headers } = input as Parts;
  const url = pathOf(contract, params as Parameters<typeof pathOf>[1]);
  const full: RequestOptions = {
    ...options,
    headers,
    method: contract.method,
    params: query as RequestOptions['params'],
    data: contract.method === 'GET' ? undefined : body,
  };
  const answer = contract.answer === 'file' ? download(url, full) : request(url, full);
  return answer as Promise<AnswerOf<C>>;
}
