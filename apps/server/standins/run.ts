/**
 * `npm run standins`: the carrier stand-ins on fixed local ports, so the platform can be run against them
 * and a whole integration seen end to end (docs/carriers.md says how). Stops on Ctrl-C.
 */
import { startEasyPostStandIn } from './easypost.ts';

const easypostPort = Number(process.env.STANDIN_EASYPOST_PORT ?? 4010);
const easypostKey = process.env.STANDIN_EASYPOST_KEY ?? 'EZTK_standin_key';

const easypost = await startEasyPostStandIn({ apiKey: easypostKey, port: easypostPort });
console.log(`EasyPost stand-in on ${easypost.url} (API key ${easypostKey})`);

const stop = async () => {
  await easypost.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
