import { formatCents, type Locale } from '@parcelport/shared';
import { type RateChoice, rateChoice } from '@parcelport/shared/contracts/rate-choice';
import { translate } from '../../i18n/messages.ts';
import type { QuoteLine } from './quote.ts';

/** The quote a choice picked (null when none fits) and why, in the words the user reads. */
export interface RateShopPick {
  line: QuoteLine | null;
  reason: string;
}

const byPrice = (a: QuoteLine, b: QuoteLine) =>
  a.totalCents - b.totalCents ||
  (a.deliveryDays ?? Number.MAX_SAFE_INTEGER) - (b.deliveryDays ?? Number.MAX_SAFE_INTEGER);
const bySpeed = (a: QuoteLine, b: QuoteLine) =>
  (a.deliveryDays as number) - (b.deliveryDays as number) || a.totalCents - b.totalCents;

/** How a picked line is named in a reason: service, price, transit days and expected date. */
function described(line: QuoteLine) {
  return {
    service: line.serviceName,
    total: formatCents(line.totalCents),
    days: line.deliveryDays ?? '?',
    date: line.deliveryDate ?? '?',
  };
}

/**
 * Picks a quote by a rate-shopping choice (issue 30), for a batch, a rule or the API: `cheapest` the lowest
 * total (ties: the faster), `fastest` the fewest transit days among lines that state them (ties: the
 * cheaper), `cheapestWithin` the cheapest whose transit days are at most N (a line without days is not
 * promised to arrive, so never taken), `cheapestOf` the cheapest of the named carriers (their codes, any case).
 * Only available lines are considered. The reason names what was picked and what the choice passed over.
 */
export function pickByChoice(lines: readonly QuoteLine[], choice: RateChoice, locale: Locale): RateShopPick {
  const available = lines.filter((line) => line.available);
  const cheapest = [...available].sort(byPrice)[0];
  switch (choice.kind) {
    case 'cheapest': {
      if (!cheapest) return { line: null, reason: translate('choiceNoService', locale) };
      return {
        line: cheapest,
        reason: translate('choiceCheapest', locale, { ...described(cheapest), count: available.length }),
      };
    }
    case 'fastest': {
      const fastest = available.filter((line) => line.deliveryDays !== null).sort(bySpeed)[0];
      if (!fastest) return { line: null, reason: translate('choiceNoTransit', locale) };
      return { line: fastest, reason: translate('choiceFastest', locale, described(fastest)) };
    }
    case 'cheapestWithin': {
      const within = available
        .filter((line) => line.deliveryDays !== null && line.deliveryDays <= choice.days)
        .sort(byPrice)[0];
      if (!within) return { line: null, reason: translate('choiceNoneWithin', locale, { within: choice.days }) };
      const params = { ...described(within), within: choice.days };
      // A cheaper service that is slower (or states no transit time) is named, so the extra paid is understood.
      if (cheapest && cheapest !== within && cheapest.totalCents < within.totalCents) {
        return {
          line: within,
          reason: translate('choiceWithinOverCheaper', locale, {
            ...params,
            cheaper: cheapest.serviceName,
            cheaperTotal: formatCents(cheapest.totalCents),
            cheaperDays: cheapest.deliveryDays ?? '?',
          }),
        };
      }
      return { line: within, reason: translate('choiceWithin', locale, params) };
    }
    case 'cheapestOf': {
      const wanted = new Set(choice.carriers.map((code) => code.toLowerCase()));
      const line = available.filter((entry) => wanted.has(entry.carrierCode.toLowerCase())).sort(byPrice)[0];
      const carriers = choice.carriers.join(', ');
      if (!line) return { line: null, reason: translate('choiceNoneOf', locale, { carriers }) };
      return { line, reason: translate('choiceCheapestOf', locale, { ...described(line), carriers }) };
    }
  }
}

/** An order's stored choice (`orders.rate_choice`, JSON text set by a rule); null when absent or unreadable. */
export function storedChoice(text: string | null | undefined): RateChoice | null {
  if (!text) return null;
  try {
    const parsed = rateChoice.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
