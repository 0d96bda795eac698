import { TRACKING_STATUS } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, isoTime, ok } from '../../http/envelope.ts';
import { invalidFields } from '../../http/errors.ts';
import { queryFlag } from '../../http/numbers.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { applyEvents, refreshTracking, type TrackingProviders } from '../../tracking/service.ts';
import { eventsOfTrackInfo, verifyTrack17Signature } from '../../tracking/track17.ts';
import { checkWebhookTarget, TargetRefused } from '../../webhooks/target.ts';

/** A webhook URL is checked as it is saved (and again at each delivery): a refusal names `webhookUrl`. */
async function refuseUnsafeTarget(url: string, allowedHosts: readonly string[]): Promise<void> {
  try {
    await checkWebhookTarget(url, allowedHosts);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    throw invalidFields({
      webhookUrl: error.reason === 'unresolved' ? 'webhookTargetUnresolved' : 'webhookTargetRefused',
    });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Tracking query with subscribe (SPEC §2), and the 17TRACK webhook. */
export function trackingRoutes(ctx: AppContext, providers: TrackingProviders): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app/tracking/query',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['tracking'],
          summary: 'State and events of my parcels by tracking number (comma-separated, up to 40)',
          querystring: z.object({
            // Separators alone (`numbers=,`) name no parcel: refused, as the empty list cannot be queried.
            numbers: z
              .string()
              .max(2000)
              .transform((text) => [...new Set(text.split(/[\s,]+/).filter(Boolean))])
              .refine((numbers) => numbers.length > 0, 'trackingNumbersRequired'),
            refresh: queryFlag().default(false),
          }),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const locale = localeOf(request.headers['accept-language']);
        if (request.query.refresh) await refreshTracking(ctx, providers, ctx.config.transitTooLongDays);
        const numbers = request.query.numbers.slice(0, 40);
        const parcels = await ctx.db
          .selectFrom('parcels')
          .innerJoin('orders', 'orders.id', 'parcels.order_id')
          .select([
            'parcels.id',
            'parcels.tracking_no',
            'parcels.tracking_status',
            'orders.order_no',
            'orders.id as order_id',
            'orders.carrier_code',
            'orders.service_name',
          ])
          .where('orders.user_id', '=', auth.userId)
          .where('parcels.tracking_no', 'in', numbers)
          .execute();
        const events = parcels.length
          ? await ctx.db
              .selectFrom('tracking_events')
              .selectAll()
              .where(
                'parcel_id',
                'in',
                parcels.map((parcel) => parcel.id),
              )
              .orderBy('occurred_at', 'desc')
              .execute()
          : [];
        return ok(
          numbers.map((number) => {
            const parcel = parcels.find((p) => p.tracking_no === number);
            const status = parcel?.tracking_status ?? TRACKING_STATUS.notFound;
            return {
              trackingNo: number,
              found: Boolean(parcel),
              orderId: parcel?.order_id ?? null,
              orderNo: parcel?.order_no ?? null,
              carrierCode: parcel?.carrier_code ?? null,
              serviceName: parcel?.service_name ?? null,
              status,
              state: translate(`tracking${status}` as MessageKey, locale),
              events: events
                .filter((event) => event.parcel_id === parcel?.id)
                .map((event) => ({
                  status: event.status,
                  state: translate(`tracking${event.status}` as MessageKey, locale),
                  description: event.description,
                  location: event.location,
                  time: isoTime(event.occurred_at) as string,
                })),
            };
          }),
        );
      },
    );

    app.post(
      '/app/tracking/subscribe',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['tracking'],
          summary: 'Be told of every change of state of a parcel: by email and/or a webhook POST',
          body: z.object({
            trackingNo: z.string().trim().min(1),
            email: z.email().optional(),
            webhookUrl: z.url({ protocol: /^https?$/ }).optional(),
          }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        const auth = authOf(request);
        if (!request.body.email && !request.body.webhookUrl) throw invalidFields({ email: 'subscriptionTarget' });
        const parcel = await ctx.db
          .selectFrom('parcels')
          .innerJoin('orders', 'orders.id', 'parcels.order_id')
          .select('parcels.id')
          .where('orders.user_id', '=', auth.userId)
          .where('parcels.tracking_no', '=', request.body.trackingNo)
          .executeTakeFirst();
        if (!parcel) throw invalidFields({ trackingNo: 'trackingNotYours' });
        if (request.body.webhookUrl) await refuseUnsafeTarget(request.body.webhookUrl, ctx.config.webhookAllowedHosts);
        await ctx.db
          .insertInto('tracking_subscriptions')
          .values({
            user_id: auth.userId,
            tracking_no: request.body.trackingNo,
            email: request.body.email ?? null,
            webhook_url: request.body.webhookUrl ?? null,
            created_at: Date.now(),
          })
          .execute();
        return ok(null);
      },
    );

    // 17TRACK pushes updates here; the body is read raw to check its signature.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, { raw: body as string, json: JSON.parse(body as string) });
        } catch {
          done(invalidFields({ body: 'webhookBody' }), undefined);
        }
      });
      hook.post(
        '/tracking/webhook/17track',
        {
          config: { access: 'public' },
          schema: { tags: ['tracking'], summary: '17TRACK webhook (TRACKING_UPDATED), signed with the API key' },
        },
        async (request) => {
          // Anything but a JSON object (another content type, no body, `null`, a list) is no update.
          const body = request.body as { raw?: unknown; json?: unknown } | undefined;
          if (typeof body?.raw !== 'string' || !isObject(body.json)) throw invalidFields({ body: 'webhookBody' });
          const raw = body.raw;
          const json = body.json as { event?: string; data?: { number?: string; track_info?: unknown } };
          const sign = request.headers.sign;
          if (!verifyTrack17Signature(raw, ctx.config.track17ApiKey, typeof sign === 'string' ? sign : undefined)) {
            // As Stripe and others answer a failed signature check: a bad request, never a session matter.
            throw invalidFields({ sign: 'webhookSignature' });
          }
          const number = isObject(json.data) && typeof json.data.number === 'string' ? json.data.number : undefined;
          if (json.event === 'TRACKING_UPDATED' && number) {
            const parcel = await ctx.db
              .selectFrom('parcels')
              .select([
                'id as parcelId',
                'order_id as orderId',
                'tracking_no as trackingNo',
                'tracking_status as status',
              ])
              .where('tracking_no', '=', number)
              .executeTakeFirst();
            if (parcel) {
              await applyEvents(
                ctx,
                { ...parcel, trackingNo: number },
                eventsOfTrackInfo(json.data?.track_info as never),
              );
            }
          }
          return ok(null);
        },
      );
    });
  };
}
