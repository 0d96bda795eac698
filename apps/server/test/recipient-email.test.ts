/**
 * A recipient's e-mail is the merchant's to keep (issue 28): the platform mails the recipient itself and
 * never hands the address to a carrier. Every operation of every carrier adapter runs here on its
 * provider's recorded answers (retry-scenarios.ts) with parties that carry an e-mail, and no request it
 * sends — URL, headers or body — holds either party's.
 */
import { describe, expect, test } from 'vitest';
import { replay } from './conformance/replay.ts';
import { SCENARIOS } from './retry-scenarios.ts';
import { emailOf, testShipment } from './upstream-fixtures.ts';

const CARRIERS = new Set(['easypost', 'karrio', 'shipengine', 'usps']);
const shipment = testShipment(1);
const EMAILS = [emailOf(shipment.to.personName), emailOf(shipment.from.personName)];

describe('no carrier request carries an e-mail', () => {
  test('the parties of the scenarios do carry one', () => {
    expect(shipment.to.email).toBe(EMAILS[0]);
    expect(shipment.from.email).toBe(EMAILS[1]);
  });

  /** Everything each scenario sent, as text (an operation that calls no one, a webhook's reading, sends nothing). */
  const sent: string[] = [];
  const carrierScenarios = SCENARIOS.filter((scenario) => CARRIERS.has(scenario.provider));
  test.each(carrierScenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const { connection, run } = scenario.start();
    const replayed = replay(connection, scenario.routes);
    await run(replayed.http);
    for (const call of replayed.calls) {
      const text = `${call.url.href}\n${JSON.stringify(call.headers)}\n${decodeURIComponent(call.text)}`.toLowerCase();
      sent.push(text);
      for (const email of EMAILS) expect(text).not.toContain(email);
    }
  });

  test('the parties themselves were sent: the rate and label requests name the recipient', () => {
    expect(sent.filter((text) => text.includes('grace buyer')).length).toBeGreaterThanOrEqual(CARRIERS.size);
  });
});
