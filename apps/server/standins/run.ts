/**
 * `npm run standins`: the carrier and store stand-ins on fixed local ports, so the platform can be run
 * against them and a whole integration seen end to end (docs/carriers.md says how). Stops on Ctrl-C.
 */
import { createHash } from 'node:crypto';
import { startEasyPostStandIn } from './easypost.ts';
import { startKarrioStandIn } from './karrio.ts';
import { startShipEngineStandIn } from './shipengine.ts';
import { startShopifyStandIn } from './shopify.ts';
import { startUspsStandIn } from './usps.ts';
import { startWooCommerceStandIn } from './woocommerce.ts';

const easypostPort = Number(process.env.STANDIN_EASYPOST_PORT ?? 4010);
const easypostKey = process.env.STANDIN_EASYPOST_KEY ?? 'EZTK_standin_key';
const shipenginePort = Number(process.env.STANDIN_SHIPENGINE_PORT ?? 4011);
const shipengineKey = process.env.STANDIN_SHIPENGINE_KEY ?? 'TEST_standin_key';
const karrioPort = Number(process.env.STANDIN_KARRIO_PORT ?? 4012);
const karrioKey = process.env.STANDIN_KARRIO_KEY ?? 'key_standin';
const uspsPort = Number(process.env.STANDIN_USPS_PORT ?? 4013);
const uspsAccount = {
  clientId: 'usps-standin-client',
  clientSecret: 'usps-standin-secret',
  crid: '56982563',
  mid: '904128936',
  accountNumber: '1000405525',
};
const shopifyPort = Number(process.env.STANDIN_SHOPIFY_PORT ?? 4020);
const shopifyApp = { clientId: 'shopify-standin-client', clientSecret: 'shopify-standin-secret' };
const shopifyShop = 'demo-store.myshopify.com';
const wooPort = Number(process.env.STANDIN_WOOCOMMERCE_PORT ?? 4021);
// Keys fixed across runs (in WooCommerce's form), so that a store connected once stays connected after a restart.
const wooKeys = {
  consumerKey: `ck_${createHash('sha1').update('woocommerce-standin-key').digest('hex')}`,
  consumerSecret: `cs_${createHash('sha1').update('woocommerce-standin-secret').digest('hex')}`,
};

const easypost = await startEasyPostStandIn({ apiKey: easypostKey, port: easypostPort });
console.log(`EasyPost stand-in on ${easypost.url} (API key ${easypostKey})`);
const shipengine = await startShipEngineStandIn({ apiKey: shipengineKey, port: shipenginePort });
console.log(
  `ShipEngine stand-in on ${shipengine.url} (API key ${shipengineKey}; carrier ids se-100001 stamps_com, se-100002 ups)`,
);

const karrio = await startKarrioStandIn({ apiKey: karrioKey, port: karrioPort });
console.log(`Karrio stand-in on ${karrio.url} (API key ${karrioKey}; connections usps, ups)`);

const usps = await startUspsStandIn({ ...uspsAccount, port: uspsPort });
console.log(
  `USPS stand-in on ${usps.url} (client ${uspsAccount.clientId} / ${uspsAccount.clientSecret}; CRID ${uspsAccount.crid}, MID ${uspsAccount.mid}, EPS ${uspsAccount.accountNumber})`,
);

const shopify = await startShopifyStandIn({ ...shopifyApp, port: shopifyPort });
shopify.addShop(shopifyShop);
for (let order = 0; order < 3; order++) shopify.addOrder(shopifyShop);
console.log(
  `Shopify stand-in on ${shopify.url} (app ${shopifyApp.clientId} / ${shopifyApp.clientSecret}; shop origin template ${shopify.url}/shops/{shop}; shop ${shopifyShop} with 3 unfulfilled orders)`,
);

const woo = await startWooCommerceStandIn({ port: wooPort });
const wooSite = woo.addSite('demo', wooKeys);
for (let order = 0; order < 3; order++) woo.addOrder('demo');
console.log(
  `WooCommerce stand-in on ${woo.url} (site ${wooSite.siteUrl} with 3 processing orders; consumer key ${wooSite.consumerKey}, secret ${wooSite.consumerSecret})`,
);

const stop = async () => {
  await Promise.all([easypost.close(), shipengine.close(), karrio.close(), usps.close(), shopify.close(), woo.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
