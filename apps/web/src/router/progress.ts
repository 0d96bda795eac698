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
  // NProgress's own template marks the bar role="bar", which is no ARIA role (axe's aria-roles rule:
  // critical). The bar only decorates the screen's own busy state (page-loading, aria-busy), so it is hidden
  // from assistive technology; the spinner is never shown.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
} as Partial<NProgress.NProgressOptions>);

export default NProgress;
