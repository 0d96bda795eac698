/**
 * A store order as the draft it becomes (docs/stores.md "What an imported order holds"): the recipient from
 * the store, the merchant's default sender, one parcel of the merchant's first package template weighing
 * what the items weigh, the store's order name as reference 1 and the items as the contents. What the
 * draft still lacks before it can be bought is named, not refused: the merchant completes it.
 */
import { formatCents } from '@parcelport/shared';
import { draftInput, orderInput } from '@parcelport/shared/contracts/orders/schemas';
import type { DraftGap, DraftGapCause } from '@parcelport/shared/contracts/stores/index';
import type { Db } from '../../db/index.ts';
import type { StoreOrder } from '../../stores/types.ts';
import { gramsIn, itemsGrams } from '../../stores/weights.ts';
import { defaultSenderOf } from '../address-book/index.ts';
import type { OrderInput } from '../orders/index.ts';
import { firstPackageTemplate } from './repo.ts';

/** What every draft of one merchant starts from: its default sender and its first package template. */
export interface DraftBasis {
  sender: Record<string, string | boolean> | null;
  template: { length: number; width: number; height: number; weight: number; unit: string } | null;
}

export async function draftBasisOf(db: Db, userId: number): Promise<DraftBasis> {
  const [sender, template] = await Promise.all([defaultSenderOf(db, userId), firstPackageTemplate(db, userId)]);
  return { sender: (sender as DraftBasis['sender']) ?? null, template: template ?? null };
}

/** The contents as the label's description: `2 × T-shirt (TS-1); 1 × Mug`, cut to the field's 200 characters. */
function contentsOf(order: StoreOrder): string {
  const text = order.items
    .map((item) => `${item.quantity} × ${item.title}${item.sku ? ` (${item.sku})` : ''}`)
    .join('; ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

export interface StoreDraft {
  input: OrderInput;
  /** The fields the draft must get before it can be bought (`from.personName`, `parcels.0.length`…), and why. */
  missing: DraftGap[];
}

/**
 * Why a field is missing, as far as the basis tells: no default sender for `from`, no package template for
 * a parcel's size (nor its weight when the items weigh nothing), otherwise the store's order lacked it or
 * wrote it in a form ours refuses.
 */
function causeOf(path: string, basis: DraftBasis, itemsWeigh: boolean): DraftGapCause {
  if (path.startsWith('from.') && !basis.sender) return 'noDefaultSender';
  if (/^parcels\.\d+\.(length|width|height)$/.test(path) && !basis.template) return 'noPackageTemplate';
  if (/^parcels\.\d+\.weight$/.test(path) && !itemsWeigh) return 'noItemWeight';
  return 'storeValue';
}

export function storeDraftOf(order: StoreOrder, basis: DraftBasis): StoreDraft {
  const metric = basis.template?.unit === 'kg/cm';
  const grams = itemsGrams(order.items);
  const weight = grams !== null ? gramsIn(grams, metric ? 'kg' : 'lb') : basis.template?.weight;
  const raw = {
    from: basis.sender ?? {},
    to: order.to ? { ...order.to, isResidential: order.to.company === '' } : {},
    parcels: [
      {
        length: basis.template?.length,
        width: basis.template?.width,
        height: basis.template?.height,
        ...(weight !== undefined ? { weight } : {}),
        massUnit: metric ? 'kg' : 'lb',
        distanceUnit: metric ? 'cm' : 'in',
        reference: order.name,
      },
    ],
    reference1: order.name,
    extra: { signatureOption: 'none', description: contentsOf(order) },
    items: order.items.map((item) => ({
      sku: item.sku.slice(0, 80),
      name: item.title.slice(0, 200),
      quantity: item.quantity,
      price: formatCents(item.priceCents),
    })),
  };
  // The store's own text may break a rule of ours (a 3-letter province, a 300-character street): the draft
  // keeps what passes and names the rest.
  const parsed = draftInput.safeParse(raw);
  const complete = orderInput.safeParse(raw);
  const paths = complete.success ? [] : [...new Set(complete.error.issues.map((issue) => issue.path.join('.')))];
  const missing = paths.map((path) => ({ path, cause: causeOf(path, basis, grams !== null) }));
  if (parsed.success) return { input: parsed.data as OrderInput, missing };
  const broken = new Set(parsed.error.issues.map((issue) => issue.path.join('.')));
  const cleaned = draftInput.parse({
    ...raw,
    from: withoutFields(raw.from, broken, 'from'),
    to: withoutFields(raw.to, broken, 'to'),
    extra: { signatureOption: 'none' },
  });
  return { input: cleaned as OrderInput, missing };
}

function withoutFields(party: Record<string, unknown>, broken: ReadonlySet<string>, prefix: string) {
  return Object.fromEntries(Object.entries(party).filter(([name]) => !broken.has(`${prefix}.${name}`)));
}
