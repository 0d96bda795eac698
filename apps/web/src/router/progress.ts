import { NPROGRESS } from '@parcelport/shared';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// docs/spec.md §9: minimum 0.08, trickle rate 0.02, trickle speed 800 ms, speed 200 ms.
NProgress.configure({
  minimum: NPROGRESS.minimum,
  trickleSpeed: NPROGRESS.trickleSpeed,
  speed: NPROGRESS.speed,
  showSpinner: false,
  trickleRate: NPROGRESS.trickleRate,
} as Partial<NProgress.NProgressOptions>);

export default NProgress;
