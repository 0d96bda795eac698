import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { AdapterDeps } from '../contract/channel.ts';
import type { FindManifestRequest, ManifestRequest, ManifestResult } from '../contract/manifests.ts';
import { firstListed } from './lists.ts';
import { answerOf, easypostScanForm, easypostScanForms } from './wire.ts';

/*
 * EasyPost's SCAN forms (ScanForms): one made of the labels' shipments, and one whose answer was lost found
 * again in EasyPost's list.
 */

/**
 * A ScanForm's document: a form still being made has no file yet, so it is read again once (then left to
 * the next try); its PDF is fetched from `form_url`.
 */
async function formOf(
  http: UpstreamClient,
  form: { id: string; form_url: string | null },
  orderNo: string,
): Promise<ManifestResult> {
  const made = form.form_url
    ? form
    : answerOf(
        easypostScanForm,
        await http.send({
          operation: 'manifest',
          method: 'GET',
          path: `/v2/scan_forms/${encodeURIComponent(form.id)}`,
          orderNo,
        }),
        'manifest',
      );
  if (!made.form_url) throw new UpstreamError('transient', `EasyPost is still making ScanForm ${form.id}`);
  const file = await http.send({ operation: 'manifest', method: 'GET', path: made.form_url, expect: 'bytes', orderNo });
  return { upstreamId: made.id, document: { format: 'pdf', bytes: file.bytes ?? Buffer.alloc(0) } };
}

export async function easypostManifest(request: ManifestRequest, { http }: AdapterDeps): Promise<ManifestResult> {
  const shipmentIds = [
    ...new Set(request.labels.flatMap((label) => (label.upstreamId ?? '').split(',').filter(Boolean))),
  ];
  const answer = await http.send({
    operation: 'manifest',
    method: 'POST',
    path: '/v2/scan_forms',
    json: { shipments: shipmentIds.map((id) => ({ id })) },
    orderNo: request.reference,
  });
  return formOf(http, answerOf(easypostScanForm, answer, 'manifest'), request.reference);
}

export async function easypostFindManifest(
  request: FindManifestRequest,
  { http }: AdapterDeps,
): Promise<ManifestResult | null> {
  // EasyPost lists ScanForms newest first, each with its tracking codes: the form of a lost request is
  // one made since it was asked holding its labels (a label goes on one form only).
  const wanted = new Set(request.labels.flatMap((label) => label.trackingNumbers));
  const form = await firstListed(
    http,
    { operation: 'manifest', path: '/v2/scan_forms', askedAt: request.askedAt, reference: request.reference },
    (answer) => {
      const page = answerOf(easypostScanForms, answer, 'findManifest');
      return { items: page.scan_forms, hasMore: page.has_more };
    },
    (entry) => entry.tracking_codes.some((code) => wanted.has(code)),
  );
  return !form || form.status === 'failed' ? null : formOf(http, form, request.reference);
}
